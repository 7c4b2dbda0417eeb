/**
 * The one registry of popup window sizes (spec 1 §2.3, §9; spec 2 §2; spec 3 §9): plain data, so the
 * menus (app/domain/menus.ts) and the kit's popup links (app/ui/popup.ts) read the same sizes.
 */
export interface PopupSize {
  width: number
  height: number
}
export const FIRM_POPUP: PopupSize = { width: 1140, height: 730 }
export const NOTE_POPUP: PopupSize = { width: 1140, height: 730 }
export const PERSON_POPUP: PopupSize = { width: 1140, height: 730 }
export const CONTACT_POPUP: PopupSize = { width: 1200, height: 760 }
export const REPORT_POPUP: PopupSize = { width: 1400, height: 900 }
/** Claim edit and view popups (spec 3 §9). */
export const CLAIM_POPUP: PopupSize = { width: 900, height: 700 }
/** Policy popups (spec 3 §9). */
export const POLICY_EDIT_POPUP: PopupSize = { width: 1310, height: 760 }
export const POLICY_VIEW_POPUP: PopupSize = { width: 1000, height: 700 }
