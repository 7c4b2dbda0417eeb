/**
 * The State Rates screen's rules (spec 1 §2.8, §4, §5, §8, §9): its messages word for word, the year
 * range, rates as percents on the screen and fractions in storage, the taxed-fees rule, which fields a
 * state can still add, and the effective-dating refusals in the screen's words.
 */
import type { DatingRefusal } from './effective-dating'
import { FEE_FIELDS, FEE_LABELS, TAX_FIELDS, type TaxField } from './tax'

export const TAX_MESSAGES = {
  required: 'This field is required.',
  numeric: 'Must be a numeric value.',
  positive: 'Must be a positive number.',
  date: 'Must be a valid date.',
  empty: 'There are no tax rate for the selected start date.',
  loadFailed: 'Failed to retrieve tax rates.',
  saveFailed:
    'An error occurred while trying to create/update the tax. If the problem persists please notify the development team with a detailed description of the error.',
  notMostRecent: 'This is not the most recent tax rate of this type. Please try again with the most recent tax rate.',
  created: 'Tax rate successfully created.',
  updated: 'New tax rate successfully configured.',
  deleted: 'Tax rate successfully deleted.',
  endAdded: 'End date successfully added.',
  endRemoved: 'End date successfully removed.',
  // Not worded by the spec: the screen's own.
  rateTooHigh: 'A rate must be below 100%.',
  tooPrecise: 'At most four decimals of a percent.',
  rateOrFlat: 'Enter a rate or a flat fee.',
  allAlone: 'All includes every fee: choose All or specific fees, not both.',
  startTooEarly: "The start date must be after the current rate's start and after the end of the earlier rates.",
  endBeforeStart: 'The end date cannot be before the start date.',
  hasEndDate: 'This tax rate already has an end date.',
  noEndDate: 'This tax rate has no end date.',
  notCurrent: 'Only a tax rate without an end date can be deleted.',
  notFound: 'No such tax rate.',
  unknownRounding: 'Choose a rounding from the list.',
} as const

/** Effective dating's refusals in this screen's words (the most-recent one is the spec's INVALID_PARAMS). */
export const DATING_REFUSALS: Record<DatingRefusal, string> = {
  'not-most-recent': TAX_MESSAGES.notMostRecent,
  'no-end-date': TAX_MESSAGES.noEndDate,
  'has-end-date': TAX_MESSAGES.hasEndDate,
  'not-current': TAX_MESSAGES.notCurrent,
  'end-before-start': TAX_MESSAGES.endBeforeStart,
  'start-too-early': TAX_MESSAGES.startTooEarly,
}

/** The help dialog's tabs (spec 1 §2.8). */
export const HELP_TABS = ['General', 'View', 'Create/Update', 'Delete'] as const

/** The Year view's years: 2020 to 50 years ahead (spec 1 §2.8, §9). */
export const FIRST_YEAR = 2020
export function taxYears(currentYear: number): number[] {
  return Array.from({ length: currentYear + 50 - FIRST_YEAR + 1 }, (_, index) => FIRST_YEAR + index)
}

export const DEFAULT_ROUNDING = 'CENT'
export { TAX_FIELDS, type TaxField }

/** The taxed-fee choices: All ('*') and the six fees, with the spec's labels. */
export const TAXED_FEE_OPTIONS = [
  { value: '*', label: 'All' },
  ...FEE_FIELDS.map((fee) => ({ value: fee, label: FEE_LABELS[fee] })),
] as const

/** A rate's taxed fees as the table shows them. */
export function taxedFeesLabel(fees: readonly string[]): string {
  if (fees.includes('*')) return 'All'
  return fees.map((fee) => FEE_LABELS[fee as keyof typeof FEE_LABELS] ?? fee).join(', ')
}

/** Choosing All excludes the specific fees (and a specific fee excludes All): the rule of spec 1 §5. */
export const taxedFeesValid = (fees: readonly string[]) => !fees.includes('*') || fees.length === 1

/** Which choices are disabled by those made (the form's enhancement of the same rule). */
export function disabledFees(chosen: readonly string[]): Set<string> {
  if (chosen.includes('*')) return new Set(FEE_FIELDS)
  return chosen.length ? new Set(['*']) : new Set()
}

/** How many decimals a typed number has. */
export const decimalsOf = (text: string) => text.trim().split('.')[1]?.length ?? 0

/**
 * The fields a state can still add (spec 1 §2.8): the add button shows only while fewer than two
 * rates are listed for it, and only fields not listed can be chosen.
 */
export function addableFields(listed: readonly { field: string }[]): TaxField[] {
  if (listed.length >= TAX_FIELDS.length) return []
  return TAX_FIELDS.filter((field) => !listed.some((rate) => rate.field === field))
}

/** A rate's series: its state and field. */
export const taxSeriesKey = (rate: { state: string; field: string }) => `${rate.state}:${rate.field}`

/** The change log's entity name of a tax rate. */
export const TAX_RATE_ENTITY = 'tax_rate'
