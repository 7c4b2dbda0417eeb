/**
 * A rate's placement, one vocabulary for MGA Rates and Producer Rates (spec 1 §2.9, §2.11): the forms send
 * 'all', 'renewal' or 'new'; the database and the APIs hold `renewal` (null all placements, true renewal,
 * false new business).
 */
export const PLACEMENTS = [
  { value: 'all', label: 'All', renewal: null },
  { value: 'renewal', label: 'Renewal', renewal: true },
  { value: 'new', label: 'New Business', renewal: false },
] as const
export type Placement = (typeof PLACEMENTS)[number]['value']
export const PLACEMENT_VALUES = PLACEMENTS.map((placement) => placement.value) as [Placement, ...Placement[]]

/** A placement select's options. */
export const PLACEMENT_OPTIONS = PLACEMENTS.map(({ value, label }) => ({ value, label }))

export function renewalOf(placement: Placement): boolean | null {
  return PLACEMENTS.find((entry) => entry.value === placement)!.renewal
}

export function placementOf(renewal: boolean | null): Placement {
  return renewal === null ? 'all' : renewal ? 'renewal' : 'new'
}

export function placementLabel(renewal: boolean | null): string {
  return PLACEMENTS.find((entry) => entry.renewal === renewal)!.label
}
