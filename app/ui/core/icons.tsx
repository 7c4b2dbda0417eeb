/**
 * Icons drawn many times on a page (a select's chevron, a checkbox's tick) are defined once, in
 * `IconSprite` at the top of every document, and each control refers to its symbol with `<use>`: the
 * chevron's path is 730 bytes, and the claims search drew it 16 times and the tick 46 times (30 KB of
 * its 190 KB of HTML). The outer `<svg>` keeps Mantine's element, classes and attributes, so Mantine's
 * CSS sizes, colours and animates it as before; the symbol fills it with `currentColor`.
 */
export const CHEVRON_PATH =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z'
export const CHECK_PATH =
  'M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z'

export const CHEVRON_ICON = 'mga-icon-chevron'
export const CHECK_ICON = 'mga-icon-check'

/** The shared symbols; rendered once per document, before the page (app/root.tsx). */
export function IconSprite() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="0"
      height="0"
      style={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden' }}
    >
      <symbol id={CHEVRON_ICON} viewBox="0 0 15 15">
        <path d={CHEVRON_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
      </symbol>
      <symbol id={CHECK_ICON} viewBox="0 0 10 7">
        <path d={CHECK_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
      </symbol>
    </svg>
  )
}

/** The reference to a symbol of the sprite, inside a control's own `<svg>`. */
export function UseIcon({ id }: { id: string }) {
  return <use href={`#${id}`} />
}
