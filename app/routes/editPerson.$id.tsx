import { editPersonIntents, loadEditPerson, PERSON_IDS } from '#app/features/people/edit-person.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/editPerson/:id', { ids: PERSON_IDS, load: loadEditPerson, intents: editPersonIntents })

export const loader = route.loader
export const action = route.action
export { editPersonMeta as meta, EditPersonPage as default } from '#app/features/people/edit-person-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
