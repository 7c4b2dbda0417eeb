// The Renewal report's rules (spec 3 §2.11, §5, §9; decision 0036): its defaults, its columns and sorts,
// its page sizes, and the month it opens on.
import { previousMonth, REPORT_FIRST_YEAR } from './reports'

/** Spec 3 §2.11: prior carrier Lloyds, type FPL, the previous month (December when it is January). */
export const RENEWAL_DEFAULTS = { prevCarrier: 'Lloyds', type: 'FPL' } as const

export function renewalDefaults(today: string) {
  const { month, year } = previousMonth(today)
  return { ...RENEWAL_DEFAULTS, month, year }
}

/** The spec's columns, each sortable on the server; the first is the default order (with the insured next). */
export const RENEWAL_COLUMNS = ['incept', 'insured', 'carrier', 'premium', 'prior_carrier', 'prior_premium'] as const
export type RenewalColumn = (typeof RENEWAL_COLUMNS)[number]

/** The table's page sizes (the reports' 15–100, spec 3 §9), 25 by default. */
export const RENEWAL_PAGE_SIZES = [15, 25, 50, 75, 100] as const
export const RENEWAL_DEFAULT_PAGE_SIZE = 25

/** Spec 3 §5: years 2005 to next year. */
export function yearInRange(year: number, today: string): boolean {
  return year >= REPORT_FIRST_YEAR && year <= Number(today.slice(0, 4)) + 1
}
