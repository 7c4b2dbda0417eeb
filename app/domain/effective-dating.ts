/**
 * Effective dating of rates (spec 1 §4, tax rates and MGA commission rules alike): a rate is in force
 * from its start date (inclusive) to its end date (exclusive); a rate without an end date is current.
 * A *series* is the rates of one kind (a state's DOI tax, an MGA's rule set): at most one of them is
 * current, and they follow each other (the next one starts where the previous one ends).
 *
 * Pure rules only: which rate is in force on a date or during a period, what an update ends, whether
 * an end date may be added or removed, what a delete restores. A model applies a plan in one
 * transaction; each screen words the refusals (`DatingRefusal`) its own way.
 */

/** What effective dating reads of a rate. Dates are YYYY-MM-DD (so text order is date order). */
export interface Dated {
  id: number
  start_date: string
  end_date: string | null
}

/** Why a change of a series is refused; each screen has its own words for them. */
export type DatingRefusal =
  /** An end date added or removed on a rate that is not the series' most recent one. */
  | 'not-most-recent'
  /** An end date removed from a rate that has none, or added to one that has one. */
  | 'no-end-date'
  | 'has-end-date'
  /** Delete of a rate that has an end date (only a current rate can be deleted). */
  | 'not-current'
  /** An end date before the rate's start. */
  | 'end-before-start'
  /** A new rate that would start on or before the start of the current one, or inside the series' history. */
  | 'start-too-early'

export type Plan<T> = ({ ok: true } & T) | { ok: false; refusal: DatingRefusal }

/** Whether a rate is current (it has no end date). */
export const isCurrent = (rate: Dated) => rate.end_date === null

/** Whether a rate is in force on a date: start inclusive, end exclusive. */
export const inForceOn = (rate: Dated, date: string) =>
  rate.start_date <= date && (rate.end_date === null || date < rate.end_date)

/** Whether a rate is in force on any day of a period (`from` and `to` inclusive). */
export const inForceDuring = (rate: Dated, from: string, to: string) =>
  rate.start_date <= to && (rate.end_date === null || from < rate.end_date)

/** The rates of a list in force on a date. */
export function ratesOn<R extends Dated>(rates: readonly R[], date: string): R[] {
  return rates.filter((rate) => inForceOn(rate, date))
}

/** The rates of a list in force during a period (a Year view: from YYYY-01-01 to YYYY-12-31). */
export function ratesDuring<R extends Dated>(rates: readonly R[], from: string, to: string): R[] {
  return rates.filter((rate) => inForceDuring(rate, from, to))
}

/** The rate of a series in force on a date (the latest start wins should the series overlap). */
export function currentOn<R extends Dated>(series: readonly R[], date: string): R | null {
  return mostRecent(ratesOn(series, date))
}

/** Rates grouped into series by a key (`${state}:${field}`, a rule set's key), each oldest first. */
export function seriesOf<R extends Dated>(rates: readonly R[], key: (rate: R) => string): Map<string, R[]> {
  const series = new Map<string, R[]>()
  for (const rate of rates) {
    const name = key(rate)
    const list = series.get(name)
    if (list) list.push(rate)
    else series.set(name, [rate])
  }
  for (const list of series.values()) list.sort(byStart)
  return series
}

/** Oldest first: by start date, then by id (the later row of one start is the later rate). */
export const byStart = (a: Dated, b: Dated) =>
  a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : a.id - b.id

/** The most recent rate of a series (latest start; a current rate before an ended one of the same start). */
export function mostRecent<R extends Dated>(series: readonly R[]): R | null {
  let latest: R | null = null
  for (const rate of series) if (!latest || byStart(latest, rate) < 0) latest = rate
  return latest
}

/** The current rate of a series (no end date), if any. */
export function currentOf<R extends Dated>(series: readonly R[]): R | null {
  return mostRecent(series.filter(isCurrent))
}

/**
 * A new rate of a series starting on `start`: an update when the series has a current rate (that rate
 * ends on `start`, which must be after its own start), a create otherwise (it must not start inside
 * the series' history: on or after the latest end date). `ends` is the rate the new one ends, if any.
 */
export function planNewRate<R extends Dated>(series: readonly R[], start: string): Plan<{ ends: R | null }> {
  const current = currentOf(series)
  if (current) return start > current.start_date ? { ok: true, ends: current } : refuse('start-too-early')
  const latestEnd = series.reduce<string | null>(
    (latest, rate) => (rate.end_date && (!latest || rate.end_date > latest) ? rate.end_date : latest),
    null,
  )
  const latestStart = mostRecent(series)?.start_date ?? null
  if ((latestEnd && start < latestEnd) || (latestStart && start <= latestStart)) return refuse('start-too-early')
  return { ok: true, ends: null }
}

/** Adding an end date: only on the most recent rate of its series, which has none yet, not before its start. */
export function planAddEnd<R extends Dated>(series: readonly R[], rate: R, end: string): Plan<object> {
  if (rate.end_date !== null) return refuse('has-end-date')
  if (mostRecent(series)?.id !== rate.id) return refuse('not-most-recent')
  if (end < rate.start_date) return refuse('end-before-start')
  return { ok: true }
}

/** Removing an end date: only on the most recent rate of its series (which makes it current again). */
export function planRemoveEnd<R extends Dated>(series: readonly R[], rate: R): Plan<object> {
  if (mostRecent(series)?.id !== rate.id) return refuse('not-most-recent')
  if (rate.end_date === null) return refuse('no-end-date')
  return { ok: true }
}

/**
 * Deleting a rate: only a current one (no end date); the previous rate of its series (the latest
 * that started before it) becomes current again: `restores` is the rate whose end date is removed.
 */
export function planDelete<R extends Dated>(series: readonly R[], rate: R): Plan<{ restores: R | null }> {
  if (rate.end_date !== null) return refuse('not-current')
  const before = series.filter((other) => other.id !== rate.id && byStart(other, rate) < 0)
  return { ok: true, restores: mostRecent(before) }
}

const refuse = (refusal: DatingRefusal) => ({ ok: false as const, refusal })
