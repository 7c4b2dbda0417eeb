// Date arithmetic for the generator, all in UTC on YYYY-MM-DD strings, so results do not depend on
// the machine's time zone.

const DAY_MS = 86_400_000

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}

export function parseIso(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`)
}

export function addDays(iso: string, days: number): string {
  return isoDate(new Date(parseIso(iso).getTime() + days * DAY_MS))
}

/** Same month and day n years later; 29 February becomes 28 February. */
export function addYears(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number)
  const day = m === 2 && d === 29 ? 28 : d
  return `${String(y + years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

export function daysBetween(from: string, to: string): number {
  return Math.round((parseIso(to).getTime() - parseIso(from).getTime()) / DAY_MS)
}

export function minIso(a: string, b: string): string {
  return a < b ? a : b
}

export function maxIso(a: string, b: string): string {
  return a > b ? a : b
}

/** The instant at hh:mm UTC on a date. */
export function at(iso: string, hours: number, minutes = 0): Date {
  return new Date(parseIso(iso).getTime() + (hours * 60 + minutes) * 60_000)
}

export function addMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * 60_000)
}

export function isWeekday(iso: string): boolean {
  const day = parseIso(iso).getUTCDay()
  return day !== 0 && day !== 6
}

/** YYYY-MM of a date. */
export function monthOf(iso: string): string {
  return iso.slice(0, 7)
}

export function yearOf(iso: string): number {
  return Number(iso.slice(0, 4))
}
