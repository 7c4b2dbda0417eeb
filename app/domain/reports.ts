// The reports' shared vocabulary (spec 3 §2.7–2.11, §5, §8, §9): the year and month pickers, the report
// date formats and the messages, written once for every report screen and its API call.
import { isoToMmDdYyyy, pad2 } from './dates'

/** Spec 3 §9: the year lists run from 2005 to next year. */
export const REPORT_FIRST_YEAR = 2005

/** 2005 … next year, oldest first (the pickers' order). `today` is the office's date, YYYY-MM-DD. */
export function reportYears(today: string): number[] {
  const last = Number(today.slice(0, 4)) + 1
  return Array.from({ length: last - REPORT_FIRST_YEAR + 1 }, (_, index) => REPORT_FIRST_YEAR + index)
}

/** January … December; a month's number is its index + 1 (the bordereau call's 1-based month). */
export const REPORT_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** Spec 2.11: the Renewal report's default month is the previous month (December in January), with its year. */
export function previousMonth(today: string): { month: number; year: number } {
  const year = Number(today.slice(0, 4))
  const month = Number(today.slice(5, 7))
  return month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year }
}

/** The first and last day (YYYY-MM-DD) of a month, for range conditions an index can serve. */
export function monthRange(year: number, month: number): { from: string; to: string } {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return { from: `${year}-${pad2(month)}-01`, to: `${year}-${pad2(month)}-${pad2(last)}` }
}

/** Spec 3 §9: bordereau dates read 'MMMM D, YYYY' (January 5, 2026). */
export function formatBordereauDate(iso: string | null | undefined): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}/.test(iso)) return ''
  const month = REPORT_MONTHS[Number(iso.slice(5, 7)) - 1]
  return month ? `${month} ${Number(iso.slice(8, 10))}, ${iso.slice(0, 4)}` : ''
}

/** Spec 3 §2.7 and §9: the bind authority report's dates (and its report date) read MM-DD-YYYY. */
export const formatReportDate = isoToMmDdYyyy

/** Spec 3 §5 and §8, word for word. */
export const REPORT_MESSAGES = {
  contractRequired: 'Contract is required.',
  monthRequired: 'Month is required',
  bordereauFillRequired:
    'Please be sure to fill out the required fields above, then check the box to include larger text items in the results, if desired.',
  bordereauGenerateFirst: 'First generate a report so there will be data for the download.',
  aggregateFailed:
    'An error occurred while trying to access the database. Be sure to fill out all the fields, including type, completely and if the problem persists please notify the development team with a detailed description of the error.',
  carriersFailed: 'Not able to get carriers from the database',
  lossRunFailed: 'Failed to get Loss Run data',
  lossRunFirmFailed: 'Failed to get firm',
  noData: 'There is no data available for that search.',
  renewalFailed: 'Failed to get renewal data.',
  fieldRequired: 'Field is required',
  underwritersReferral: 'Refer to Underwriters (over $50K)',
} as const
