/**
 * Session timeout maths (spec 1 §3, §9). The API sends the timeout as an object of parts and as the
 * interval text '0 years 0 mons 0 days H hours M mins 0.00 secs'; a month counts as 30.5 days and a
 * year as 24 months (the spec's own constants, kept as they are).
 */
export interface TimeoutParts {
  years: number
  months: number
  days: number
  hours: number
  minutes: number
  seconds: number
  milliseconds: number
}

export const MS_PER_SECOND = 1000
export const MS_PER_MINUTE = 60 * MS_PER_SECOND
export const MS_PER_HOUR = 60 * MS_PER_MINUTE
export const MS_PER_DAY = 24 * MS_PER_HOUR
export const MS_PER_MONTH = 30.5 * MS_PER_DAY
export const MS_PER_YEAR = 24 * MS_PER_MONTH
/** Browsers' setTimeout limit. */
export const MAX_TIMER_MS = 2_147_483_647

/** Minutes as the parts object of /api/me (hours and minutes only, as stored). */
export function minutesToParts(totalMinutes: number): TimeoutParts {
  return {
    years: 0,
    months: 0,
    days: 0,
    hours: Math.floor(totalMinutes / 60),
    minutes: totalMinutes % 60,
    seconds: 0,
    milliseconds: 0,
  }
}

export function partsToMs(parts: Partial<TimeoutParts>): number {
  return (
    (parts.years ?? 0) * MS_PER_YEAR +
    (parts.months ?? 0) * MS_PER_MONTH +
    (parts.days ?? 0) * MS_PER_DAY +
    (parts.hours ?? 0) * MS_PER_HOUR +
    (parts.minutes ?? 0) * MS_PER_MINUTE +
    (parts.seconds ?? 0) * MS_PER_SECOND +
    (parts.milliseconds ?? 0)
  )
}

/** The delay for the client idle timer, capped to what setTimeout accepts. */
export function timerDelay(parts: Partial<TimeoutParts>): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, partsToMs(parts)))
}

export function formatIntervalText(hours: number, minutes: number): string {
  return `0 years 0 mons 0 days ${hours} hours ${minutes} mins 0.00 secs`
}

/**
 * Reads interval text in the spec's form, or PostgreSQL's ('01:30:00', '1 day 02:00:00',
 * '2 hours 5 mins'), into whole minutes; null when unreadable.
 */
export function parseIntervalText(text: string): number | null {
  const source = text.trim().toLowerCase()
  if (!source) return null
  let minutes = 0
  let matched = false
  const unit = /(-?\d+(?:\.\d+)?)\s*(years?|mons?|months?|days?|hours?|mins?|minutes?|secs?|seconds?)/g
  for (const [, amount, name] of source.matchAll(unit)) {
    matched = true
    const value = Number(amount)
    if (name.startsWith('year')) minutes += value * (MS_PER_YEAR / MS_PER_MINUTE)
    else if (name.startsWith('mon')) minutes += value * (MS_PER_MONTH / MS_PER_MINUTE)
    else if (name.startsWith('day')) minutes += value * 24 * 60
    else if (name.startsWith('hour')) minutes += value * 60
    else if (name.startsWith('min')) minutes += value
    else minutes += value / 60
  }
  const clock = /(\d+):(\d{2})(?::(\d{2}(?:\.\d+)?))?/.exec(source)
  if (clock) {
    matched = true
    minutes += Number(clock[1]) * 60 + Number(clock[2]) + Number(clock[3] ?? 0) / 60
  }
  return matched ? Math.round(minutes) : null
}
