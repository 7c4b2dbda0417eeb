import { EditPersonPage, editPersonMeta } from '#app/features/people/edit-person-page'
import { editPersonIntents, loadEditPerson, PERSON_IDS } from '#app/features/people/edit-person.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/editPerson/:id', { ids: PERSON_IDS, load: loadEditPerson, intents: editPersonIntents })

export const loader = route.loader
export const action = route.action
export const meta = editPersonMeta
export default EditPersonPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
