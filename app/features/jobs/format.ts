import { MONTHS, pad2 as pad } from '#app/domain/dates'

// The spec's formats (DD MMM YYYY, DD MMM YYYY hh:mm A) for job rows: a list may hold 1000 jobs.
/** YYYY-MM-DD (a date without time) as DD MMM YYYY. */
export function displayDay(ymd: string | null): string {
  if (!ymd) return ''
  const [year, month, day] = ymd.split('-')
  return `${day} ${MONTHS[Number(month) - 1]} ${year}`
}
/** An instant in local time as DD MMM YYYY, or with hh:mm A. */
export function displayInstant(iso: string, withTime = false): string {
  const at = new Date(iso)
  const date = `${pad(at.getDate())} ${MONTHS[at.getMonth()]} ${at.getFullYear()}`
  if (!withTime) return date
  const hours = at.getHours() % 12 || 12
  return `${date} ${pad(hours)}:${pad(at.getMinutes())} ${at.getHours() < 12 ? 'AM' : 'PM'}`
}
