/**
 * Policy rules without I/O (spec 3 §2.4, §3, §4, §9): the status lists and views, the computed
 * taxes, fees and total, the firm Policies tab's query, and creation defaults.
 */
import { centsToDecimal, toCents } from './money'
import { FEE_FIELDS } from './tax'

/** The 21 statuses of spec 3 §4 (the database checks the same list). */
export const POLICY_STATUS_LIST = [
  'Book',
  'dncLost',
  'Lost',
  'Past',
  'Tail',
  'App',
  'BOR',
  'Hold',
  'Indicate',
  'IndiRate',
  'Info',
  'notComp',
  'Quote',
  'Rate',
  'Ready',
  'Refuse',
  'Sent',
  'Submit',
  'Comp',
  'Current',
  'History',
] as const
export type PolicyStatusName = (typeof POLICY_STATUS_LIST)[number]

/** The Policies view of a firm's policies, and the prior-policy candidates (spec 3 §4). */
export const BOOKED_VIEW_STATUSES = ['Book', 'dncLost', 'Lost', 'Past', 'Tail'] as const
export const PRIOR_STATUSES = BOOKED_VIEW_STATUSES
export const QUOTE_STATUSES = ['Quote', 'Indicate', 'Comp'] as const

/** The view toggle of the firm Policies tab. View lists the statuses of spec 3 §4; All filters nothing. */
export const POLICY_VIEWS = ['View', 'All', 'Policies', 'Quotes'] as const
export type PolicyView = (typeof POLICY_VIEWS)[number]

export const POLICY_SORTS = [
  'pid',
  'carrier',
  'type',
  'status',
  'incept',
  'expiry',
  'retro',
  'premium',
  'taxes',
  'fees',
  'total',
  'down',
] as const
export type PolicySort = (typeof POLICY_SORTS)[number]

export interface PolicyListQuery {
  view: PolicyView
  statuses: PolicyStatusName[]
  carriers: string[]
  types: string[]
  search: string
  sort: PolicySort
  desc: boolean
  page: number
  perPage: number
}

export const POLICY_PAGE_SIZES = [15, 25, 50, 75, 100] as const

/** A created policy starts as Past (spec 3 §4). */
export const NEW_POLICY_STATUS: PolicyStatusName = 'Past'

/** One year after a YYYY-MM-DD date (29 Feb goes to 28 Feb). */
export function oneYearAfter(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number)
  const next = year + 1
  const lastDay = new Date(Date.UTC(next, month, 0)).getUTCDate()
  return `${next}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`
}

export type FeeAmounts = Record<(typeof FEE_FIELDS)[number] | 'doifee' | 'slafee', string | null | undefined>

/**
 * Taxes = doifee + slafee; fees = the six fees; total = premium + taxes + fees (spec 3 §3), as the
 * editor shows them while fees are typed. Decimal strings in and out.
 */
export function policyTotals(values: Partial<FeeAmounts> & { premium?: string | null }): {
  taxes: string
  fees: string
  total: string
} {
  const cents = (value: string | null | undefined) => toCents(value ?? null) ?? 0
  const taxes = cents(values.doifee) + cents(values.slafee)
  const fees = FEE_FIELDS.reduce((sum, fee) => sum + cents(values[fee]), 0)
  return {
    taxes: centsToDecimal(taxes),
    fees: centsToDecimal(fees),
    total: centsToDecimal(cents(values.premium) + taxes + fees),
  }
}

/** grpnum null is treated as 0 (spec 3 §3). */
export const groupNumber = (grpnum: number | null | undefined) => grpnum ?? 0

/** Option count shown on the Options badge: the group's policies, this one included. */
export function groupCount(grpnum: number | null | undefined, otherOptions: number): number {
  return groupNumber(grpnum) === 0 ? 0 : otherOptions + 1
}
