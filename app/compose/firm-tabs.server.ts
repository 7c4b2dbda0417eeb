import { claimsTab } from '#app/features/claims/firm-tab.server'
import { filesTab } from '#app/features/files/files-tab.server'
import { notesTab } from '#app/features/notes/firm-tab.server'
import { membersTab } from '#app/features/people/members-tab.server'
import { policiesTab } from '#app/features/policies/policies-tab.server'

/**
 * The firm viewer's tabs, server side, in the order the viewer shows them (spec 2 §2.2): the one
 * composition of the features that add a tab (the FirmTab contract, app/http/firm-tab.server.ts), read by
 * every route that shows the viewer (the firms search page, /search/firms/viewFirm, the three popups).
 */
export const FIRM_TABS = [notesTab, membersTab, claimsTab, policiesTab, filesTab]
