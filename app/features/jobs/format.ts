import { MONTHS, pad2 as pad, wallTime } from '#app/domain/dates'

// The spec's formats (DD MMM YYYY, DD MMM YYYY hh:mm A) for job rows: a list may hold 1000 jobs.
/** YYYY-MM-DD (a date without time) as DD MMM YYYY. */
export function displayDay(ymd: string | null): string {
  if (!ymd) return ''
  const [year, month, day] = ymd.split('-')
  return `${day} ${MONTHS[Number(month) - 1]} ${year}`
}
/** An instant on the office's clock (wallTime) as DD MMM YYYY, or with hh:mm A. */
export function displayInstant(iso: string, withTime = false): string {
  const at = wallTime(new Date(iso))
  const date = `${pad(at.day)} ${MONTHS[at.month]} ${at.year}`
  if (!withTime) return date
  return `${date} ${pad(at.hours % 12 || 12)}:${pad(at.minutes)} ${at.hours < 12 ? 'AM' : 'PM'}`
}
