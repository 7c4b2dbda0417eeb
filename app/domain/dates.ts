// The spec's formats (spec 1 §9, spec 2 §9, spec 3 §9) written out without a date library: these
// run in the browser on every list page, where dayjs would add 5 KB of JavaScript (gzip).

/** The spec's formats, in dayjs notation, for the modules that format with dayjs on the server. */
export const DATE_FORMATS = {
  iso: 'YYYY-MM-DD',
  display: 'DD MMM YYYY',
  timestamp: 'DD MMM YYYY hh:mm A',
  timestampWithDay: 'DD MMM YYYY hh:mm A ddd',
  person: 'MM-DD-YYYY',
  loose: 'M-D-YYYY',
  bordereau: 'MMMM D, YYYY',
} as const

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
export const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value))
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

type DateInput = Date | string | number

/** A calendar date (YYYY-MM-DD, taken as is) or an instant (in local time), as a Date; null if invalid. */
function toLocalDate(value: DateInput): Date | null {
  const day = typeof value === 'string' ? ISO_DAY.exec(value) : null
  const at = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value)
  return Number.isNaN(at.getTime()) ? null : at
}

/** DD MMM YYYY; '' for nothing, 'Invalid Date' for an unreadable value (as dayjs did). */
export function formatDisplayDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const at = toLocalDate(value)
  return at ? `${pad2(at.getDate())} ${MONTHS[at.getMonth()]} ${at.getFullYear()}` : 'Invalid Date'
}

/** DD MMM YYYY hh:mm A, with the weekday (ddd) after it when asked. */
export function formatTimestamp(value: DateInput | null | undefined, withDay = false): string {
  if (value === null || value === undefined || value === '') return ''
  const at = toLocalDate(value)
  if (!at) return 'Invalid Date'
  const hours = at.getHours() % 12 || 12
  const text = `${formatDisplayDate(at)} ${pad2(hours)}:${pad2(at.getMinutes())} ${at.getHours() < 12 ? 'AM' : 'PM'}`
  return withDay ? `${text} ${WEEKDAYS[at.getDay()]}` : text
}

/** Whether year-month-day is a real calendar date. */
function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** Strict parse of a YYYY-MM-DD string: a real calendar date or null. */
export function parseIsoDate(text: string): string | null {
  const match = ISO_DAY.exec(text)
  if (!match) return null
  return isRealDate(Number(match[1]), Number(match[2]), Number(match[3])) ? text : null
}

/**
 * The loose M-D-YYYY format: one or two digit month and day, four digit year, normalised to
 * YYYY-MM-DD (spec 1 §5). Separators '-' or '/'. Null when not a real date.
 */
export function parseLooseDate(text: string): string | null {
  const match = /^\s*(\d{1,2})[-/](\d{1,2})[-/](\d{4})\s*$/.exec(text)
  if (!match) return null
  const [, month, day, year] = match
  return parseIsoDate(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`)
}

/** D MMM YYYY or DD MMM YYYY (hours search, spec 2 §5): the month's short English name as written. */
export function parseDisplayDate(text: string): string | null {
  const match = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(text.trim())
  if (!match) return null
  const month = MONTHS.indexOf(match[2] as (typeof MONTHS)[number]) + 1
  if (month === 0) return null
  return parseIsoDate(`${match[3]}-${pad2(month)}-${match[1].padStart(2, '0')}`)
}

/** Converts YYYY-MM-DD to the loose display M-D-YYYY used by policy date inputs. */
export function isoToLoose(iso: string | null | undefined): string {
  if (!iso) return ''
  const [year, month, day] = iso.split('-')
  return `${Number(month)}-${Number(day)}-${year}`
}

/** Durations as [Nd ]HH:MM:SS (spec 1 §9). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  const days = Math.floor(seconds / 86_400)
  const rest = seconds % 86_400
  const hh = String(Math.floor(rest / 3600)).padStart(2, '0')
  const mm = String(Math.floor((rest % 3600) / 60)).padStart(2, '0')
  const ss = String(rest % 60).padStart(2, '0')
  return `${days > 0 ? `${days}d ` : ''}${hh}:${mm}:${ss}`
}

/** A timestamp that may wrap only between its date and its time (a narrow table stays readable). */
export function breakBeforeTime(text: string): string {
  return text.replaceAll(' ', '\u00a0').replace(/\u00a0(?=\d\d:\d\d)/, ' ')
}
