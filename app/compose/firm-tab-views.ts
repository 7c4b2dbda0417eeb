import { claimsTabView } from '#app/features/claims/firm-tab-view'
import { filesTabView } from '#app/features/files/firm-tab-view'
import { notesTabView } from '#app/features/notes/firm-tab-view'
import { membersTabView } from '#app/features/people/members-tab-view'
import { policiesTabView } from '#app/features/policies/firm-tab-view'

/** The firm viewer's tabs, component side (FirmTabView, app/ui/firm-tab.ts), in FIRM_TABS' order. */
export const FIRM_TAB_VIEWS = [notesTabView, membersTabView, claimsTabView, policiesTabView, filesTabView]
