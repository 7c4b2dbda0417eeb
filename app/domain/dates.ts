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

/** The name of the page's meta element that carries the time zone its times are shown in (root.tsx writes it). */
export const TIME_ZONE_META = 'time-zone'

/** A moment as a wall clock reads it: month 0-11, weekday 0 (Sunday) to 6. */
export interface WallTime {
  year: number
  month: number
  day: number
  hours: number
  minutes: number
  weekday: number
}

/**
 * Times show in the office's time zone, the server's (its TZ): the server renders a page with its
 * local time, and the browser has to write the same text when it hydrates the page or renders it
 * again. A browser in another zone would write other hours (React's hydration error 418, after which
 * the whole page is rendered again in the browser), so it converts to the zone the page names.
 */
export function wallTime(at: Date): WallTime {
  return wallTimeIn(at, browserZoneOverride())
}

/** The wall time of `at` in `zone`, or in the process's local time when zone is null. */
export function wallTimeIn(at: Date, zone: string | null): WallTime {
  const shifted = zone === null ? null : new Date(at.getTime() + zoneOffsetMs(zone, at.getTime()))
  if (!shifted)
    return {
      year: at.getFullYear(),
      month: at.getMonth(),
      day: at.getDate(),
      hours: at.getHours(),
      minutes: at.getMinutes(),
      weekday: at.getDay(),
    }
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
    weekday: shifted.getUTCDay(),
  }
}

let pageZone: string | null | undefined
/** In a browser whose zone is not the page's: the page's zone; otherwise null (local time is right). */
function browserZoneOverride(): string | null {
  if (pageZone !== undefined) return pageZone
  if (typeof document === 'undefined') return null
  const named = document.querySelector(`meta[name="${TIME_ZONE_META}"]`)?.getAttribute('content') || null
  let own: string | null = null
  try {
    own = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (named) new Intl.DateTimeFormat('en-US', { timeZone: named })
  } catch {
    return (pageZone = null)
  }
  return (pageZone = named && named !== own ? named : null)
}

// A zone's offset from UTC changes at most at quarter hours: it is worked out once per quarter hour
// met (Intl's formatToParts costs microseconds; a list page formats hundreds of times).
const QUARTER_HOUR = 900_000
const offsets = new Map<string, number>()
const formatters = new Map<string, Intl.DateTimeFormat>()
function zoneOffsetMs(zone: string, time: number): number {
  const quarter = Math.floor(time / QUARTER_HOUR) * QUARTER_HOUR
  const key = `${zone} ${quarter}`
  let offset = offsets.get(key)
  if (offset === undefined) {
    let formatter = formatters.get(zone)
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        era: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      })
      formatters.set(zone, formatter)
    }
    const parts: Record<string, string> = {}
    for (const part of formatter.formatToParts(new Date(quarter))) parts[part.type] = part.value
    const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year)
    const asUtc = new Date(0)
    asUtc.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day))
    asUtc.setUTCHours(Number(parts.hour), Number(parts.minute), 0, 0)
    offset = asUtc.getTime() - quarter
    if (offsets.size >= 5_000) offsets.clear()
    offsets.set(key, offset)
  }
  return offset
}

/** A calendar date (YYYY-MM-DD, taken as is) or an instant (on the office's clock), as a wall time; null if invalid. */
function toWallTime(value: DateInput): WallTime | null {
  const day = typeof value === 'string' ? ISO_DAY.exec(value) : null
  if (day) {
    const at = new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]))
    return Number.isNaN(at.getTime()) ? null : wallTimeIn(at, null)
  }
  const at = new Date(value)
  return Number.isNaN(at.getTime()) ? null : wallTime(at)
}

const dayText = (time: WallTime) => `${pad2(time.day)} ${MONTHS[time.month]} ${time.year}`

/** DD MMM YYYY; '' for nothing, 'Invalid Date' for an unreadable value (as dayjs did). */
export function formatDisplayDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const time = toWallTime(value)
  return time ? dayText(time) : 'Invalid Date'
}

/** DD MMM YYYY hh:mm A, with the weekday (ddd) after it when asked. */
export function formatTimestamp(value: DateInput | null | undefined, withDay = false): string {
  if (value === null || value === undefined || value === '') return ''
  const time = toWallTime(value)
  if (!time) return 'Invalid Date'
  const text = `${dayText(time)} ${pad2(time.hours % 12 || 12)}:${pad2(time.minutes)} ${time.hours < 12 ? 'AM' : 'PM'}`
  return withDay ? `${text} ${WEEKDAYS[time.weekday]}` : text
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
 * YYYY-MM-DD (spec 1 §5). A typed value must match the format: other separators (3/1/2026) and other
 * orders (2026-03-01) are refused, as the spec says. Null when not a real date.
 */
export function parseLooseDate(text: string): string | null {
  const match = /^\s*(\d{1,2})-(\d{1,2})-(\d{4})\s*$/.exec(text)
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

/** Converts YYYY-MM-DD to the zero-padded MM-DD-YYYY of the person and commission date inputs ('' for none). */
export function isoToMmDdYyyy(iso: string | null | undefined): string {
  if (!iso) return ''
  const [year, month, day] = iso.split('-')
  return `${month}-${day}-${year}`
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
