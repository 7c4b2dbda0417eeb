import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat.js'

dayjs.extend(customParseFormat)

/** The spec's formats (spec 1 §9, spec 2 §9, spec 3 §9). */
export const DATE_FORMATS = {
  iso: 'YYYY-MM-DD',
  display: 'DD MMM YYYY',
  timestamp: 'DD MMM YYYY hh:mm A',
  timestampWithDay: 'DD MMM YYYY hh:mm A ddd',
  person: 'MM-DD-YYYY',
  loose: 'M-D-YYYY',
  bordereau: 'MMMM D, YYYY',
} as const

type DateInput = Date | string | number

export function formatDisplayDate(value: DateInput | null | undefined): string {
  return value === null || value === undefined || value === '' ? '' : dayjs(value).format(DATE_FORMATS.display)
}

export function formatTimestamp(value: DateInput | null | undefined, withDay = false): string {
  if (value === null || value === undefined || value === '') return ''
  return dayjs(value).format(withDay ? DATE_FORMATS.timestampWithDay : DATE_FORMATS.timestamp)
}

/** Strict parse of a YYYY-MM-DD string: a real calendar date or null. */
export function parseIsoDate(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null
  const parsed = dayjs(text, DATE_FORMATS.iso, true)
  return parsed.isValid() ? text : null
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

/** D MMM YYYY or DD MMM YYYY (hours search, spec 2 §5). */
export function parseDisplayDate(text: string): string | null {
  const trimmed = text.trim()
  for (const format of ['D MMM YYYY', 'DD MMM YYYY']) {
    const parsed = dayjs(trimmed, format, 'en', true)
    if (parsed.isValid()) return parsed.format(DATE_FORMATS.iso)
  }
  return null
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
