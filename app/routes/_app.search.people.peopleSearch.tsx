import { loadPeopleSearch, peopleSearchIntents } from '#app/features/people/people-search.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/search/people/peopleSearch', { load: loadPeopleSearch, intents: peopleSearchIntents })

export const loader = route.loader
export const action = route.action
export { peopleSearchMeta as meta, PeopleSearchPage as default } from '#app/features/people/people-search'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
