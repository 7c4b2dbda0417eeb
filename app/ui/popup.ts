import type { MouseEvent } from 'react'

import {
  CLAIM_POPUP,
  CONTACT_POPUP,
  FIRM_POPUP,
  NOTE_POPUP,
  PERSON_POPUP,
  POLICY_EDIT_POPUP,
  POLICY_VIEW_POPUP,
  REPORT_POPUP,
  type PopupSize,
} from '#app/domain/popup-sizes'

/**
 * Popup windows (sizes: app/domain/popup-sizes.ts). Links the spec opens as pop-up windows are real
 * links (they work without JavaScript, in a new tab); with JavaScript they open a window of their
 * size through the helpers below, never `window.open` by hand.
 */
export * from '#app/domain/popup-sizes'

/** A popup window of the given size; null when the browser blocked it. */
export function openPopupWindow(url: string, size: PopupSize): Window | null {
  return window.open(url, '_blank', `popup=yes,width=${size.width},height=${size.height}`)
}

/** Opens a link's address in a popup, or in this window when popups are blocked. */
export function openPopupLink(href: string, size: PopupSize) {
  if (!openPopupWindow(href, size)) window.location.assign(href)
}

/** A popup link's onClick: a plain left click opens the popup; modified clicks keep the browser's meaning. */
export function openPopup(event: MouseEvent<HTMLAnchorElement>, size: PopupSize) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
  event.preventDefault()
  openPopupLink(event.currentTarget.href, size)
}

/**
 * The sizes by name, for links written as markup (a large table's rows): `data-popup="claim"`, opened
 * by the table's one delegated handler (DataTable's `popupLink`).
 */
export const POPUPS = {
  firm: FIRM_POPUP,
  note: NOTE_POPUP,
  person: PERSON_POPUP,
  contact: CONTACT_POPUP,
  claim: CLAIM_POPUP,
  policyEdit: POLICY_EDIT_POPUP,
  policyView: POLICY_VIEW_POPUP,
  report: REPORT_POPUP,
} as const satisfies Record<string, PopupSize>
export type PopupName = keyof typeof POPUPS
