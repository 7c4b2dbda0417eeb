import type { MouseEvent } from 'react'

/**
 * Links the spec opens as pop-up windows are real links (they work without JavaScript, in a new tab);
 * with JavaScript they open a window of the spec's size.
 */
export function openPopup(event: MouseEvent<HTMLAnchorElement>, size: { width: number; height: number }) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
  event.preventDefault()
  const url = event.currentTarget.href
  const opened = window.open(url, '_blank', `popup=yes,width=${size.width},height=${size.height}`)
  if (!opened) window.location.assign(url)
}

/** Popup sizes of spec 2 §2 and §9. */
export const CONTACT_POPUP = { width: 1200, height: 760 }
export const PERSON_POPUP = { width: 1140, height: 730 }
/** Claim edit and view popups (spec 3 §9). */
export const CLAIM_POPUP = { width: 900, height: 700 }

/** Policy popups (spec 3 §9). */
export const POLICY_EDIT_POPUP = { width: 1310, height: 760 }
export const POLICY_VIEW_POPUP = { width: 1000, height: 700 }
