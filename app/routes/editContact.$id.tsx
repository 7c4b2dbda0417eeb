import { contactIntents, loadContactPage } from '#app/features/contacts/contact-page.server'
import { EditContactPage, editContactMeta } from '#app/features/contacts/edit-contact-page'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/editContact/:id', { load: loadContactPage, intents: contactIntents, defaultIntent: 'save' })

export const loader = route.loader
export const action = route.action
export const meta = editContactMeta
/** Edit/Add Contact as its own page: the popup and the no-JavaScript fallback of the dialog. */
export default EditContactPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
