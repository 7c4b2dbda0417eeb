/** The list and API cap: the contact set is small, the spec shows it without paging. */
export const CONTACT_LIST_LIMIT = 2000

/** Contact types are stored as one string, each type prefixed by a tilde: '~Adjuster~Panel'. */

export function toTildeList(types: readonly string[]): string {
  return [...new Set(types.map((type) => type.replaceAll('~', '').trim()).filter(Boolean))]
    .map((type) => `~${type}`)
    .join('')
}

export function fromTildeList(stored: string | null | undefined): string[] {
  return (stored ?? '')
    .split('~')
    .map((type) => type.trim())
    .filter(Boolean)
}

/** The stored list as users read it: 'Adjuster, Panel'. */
export function describeTypes(stored: string | null | undefined): string {
  return fromTildeList(stored).join(', ')
}
