import { contactIntents, loadContactPage } from '#app/features/contacts/contact-page.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/editContact/:id', { load: loadContactPage, intents: contactIntents, defaultIntent: 'save' })

export const loader = route.loader
export const action = route.action
/** Edit/Add Contact as its own page: the popup and the no-JavaScript fallback of the dialog. */
export { editContactMeta as meta, EditContactPage as default } from '#app/features/contacts/edit-contact-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
