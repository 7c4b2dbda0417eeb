import { loadLogout, logoutIntents } from '#app/features/session/logout.server'
import { pageRoute } from '#app/http/page-route.server'

// Signing out is a POST (the Log out forms); a GET lands on the login page.
const route = pageRoute('/logout', { public: true, load: loadLogout, intents: logoutIntents })

export const loader = route.loader
export const action = route.action
