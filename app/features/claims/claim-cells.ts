import { popupLink } from '#app/ui/data-table'
import { attrs, html, type Html } from '#app/ui/html'
import type { Tip } from '#app/ui/tips'

/** A claim's row actions (the claims search results, a firm's Claims tab): Edit for claim editors, then Print/View. */
export function claimActions(clid: number, canEdit: boolean, tip: Tip): Html {
  const edit = canEdit
    ? html`<a${attrs({ ...popupLink(`/editClaim/${clid}`, 'claim'), 'aria-label': `Edit claim ${clid}`, title: tip('Edit') })}>✎</a>`
    : null
  return html`${edit}<a${attrs({ ...popupLink(`/viewClaim/${clid}`, 'claim'), 'aria-label': `Print or view claim ${clid}`, title: tip('Print/View') })}>View</a>`
}
