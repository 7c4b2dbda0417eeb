import { claimsTabView } from '#app/features/claims/firm-tab-view'
import { claimsTab } from '#app/features/claims/firm-tab.server'
import { filesTabView } from '#app/features/files/firm-tab-view'
import { filesTab } from '#app/features/files/files-tab.server'
import { NotePopupErrorBoundary, firmPopupMeta, firmPopupPage } from '#app/features/firms/popup-page'
import { NOTE_POPUP_IDS, notePopupLoader } from '#app/features/firms/popup.server'
import { firmViewerAction } from '#app/features/firms/viewer.server'
import { notesTabView } from '#app/features/notes/firm-tab-view'
import { notesTab } from '#app/features/notes/firm-tab.server'
import { membersTabView } from '#app/features/people/members-tab-view'
import { membersTab } from '#app/features/people/members-tab.server'
import { policiesTabView } from '#app/features/policies/firm-tab-view'
import { policiesTab } from '#app/features/policies/policies-tab.server'
import { pageRoute } from '#app/http/page-route.server'
import { revalidateAfterConflict } from '#app/ui/revalidate'

// A note's firm in the firm popup, on its Notes tab with the note chosen (spec 2 §2.2): the note's rule
// (as the note editor and GET /api/notes/{id}) and firm-view.
const TABS = [notesTab, membersTab, claimsTab, policiesTab, filesTab]
const route = pageRoute('/viewFirmNote/:id', {
  ids: NOTE_POPUP_IDS,
  needs: ['canReadNotes', 'canViewFirms'],
  load: notePopupLoader(TABS),
  ...firmViewerAction(TABS),
})

export const loader = route.loader
export const action = route.action
export const meta = firmPopupMeta
export const shouldRevalidate = revalidateAfterConflict
export default firmPopupPage([notesTabView, membersTabView, claimsTabView, policiesTabView, filesTabView])
export const ErrorBoundary = NotePopupErrorBoundary
