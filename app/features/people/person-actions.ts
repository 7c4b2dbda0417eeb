import { popupLink } from '#app/ui/data-table'
import { attrs, html, type Html } from '#app/ui/html'

/**
 * A person's row actions (people search, a firm's Members): Popup opens the person's editor, Delete
 * leads to the page's confirmation (`deleteHref`: the page with the person to delete in its URL).
 */
export function personActions(
  person: { plid: number; name: string },
  can: { open: boolean; delete: boolean },
  deleteHref: (plid: number) => string,
): Html {
  const popup = can.open
    ? html`<a${attrs({ ...popupLink(`/editPerson/${person.plid}`, 'person'), 'aria-label': `Open ${person.name} in a popup` })}>Popup</a>`
    : null
  const remove = can.delete
    ? html`<a${attrs({ href: deleteHref(person.plid), 'data-nav': true, class: 'row-danger', 'aria-label': `Delete ${person.name}` })}>Delete</a>`
    : null
  return html`${popup}${remove}`
}
