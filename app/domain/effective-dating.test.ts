import { describe, expect, it } from 'vitest'
import {
  currentOf,
  currentOn,
  inForceDuring,
  inForceOn,
  mostRecent,
  planAddEnd,
  planDelete,
  planNewRate,
  planRemoveEnd,
  ratesDuring,
  ratesOn,
  seriesOf,
  type Dated,
} from './effective-dating'

const rate = (id: number, start_date: string, end_date: string | null = null, kind = 'TX:DOI') => ({
  id,
  start_date,
  end_date,
  kind,
})
// A series: 2021–2023, 2023–2024, current from 2024.
const old = rate(1, '2021-01-01', '2023-01-01')
const middle = rate(2, '2023-01-01', '2024-01-01')
const current = rate(3, '2024-01-01')
const series = [current, old, middle]

describe('in force', () => {
  it('starts on its start date and ends the day before its end date', () => {
    expect(inForceOn(old, '2021-01-01')).toBe(true)
    expect(inForceOn(old, '2022-12-31')).toBe(true)
    expect(inForceOn(old, '2023-01-01')).toBe(false)
    expect(inForceOn(old, '2020-12-31')).toBe(false)
    expect(inForceOn(current, '2999-12-31')).toBe(true)
  })

  it('on a date: exactly one rate of a series that follows itself; on the change date the new one', () => {
    expect(ratesOn(series, '2023-01-01').map((r) => r.id)).toEqual([2])
    expect(currentOn(series, '2024-01-01')?.id).toBe(3)
    expect(currentOn(series, '2020-06-01')).toBeNull()
  })

  it('during a period: every rate in force on any of its days (a Year view)', () => {
    expect(ratesDuring(series, '2023-01-01', '2023-12-31').map((r) => r.id)).toEqual([2])
    expect(ratesDuring(series, '2024-01-01', '2024-12-31').map((r) => r.id)).toEqual([3])
    expect(ratesDuring(series, '2022-01-01', '2022-12-31').map((r) => r.id)).toEqual([1])
    // A rate ending on 1 January of a year is not in force during it.
    expect(inForceDuring(middle, '2024-01-01', '2024-12-31')).toBe(false)
    expect(ratesDuring([rate(9, '2022-06-01', '2023-06-01')], '2023-01-01', '2023-12-31')).toHaveLength(1)
  })
})

describe('series', () => {
  it('groups by a key, each oldest first; the most recent and the current rate', () => {
    const grouped = seriesOf([...series, rate(4, '2021-01-01', null, 'TX:SLA')], (r) => r.kind)
    expect(grouped.get('TX:DOI')!.map((r) => r.id)).toEqual([1, 2, 3])
    expect(grouped.get('TX:SLA')!.map((r) => r.id)).toEqual([4])
    expect(mostRecent(series)?.id).toBe(3)
    expect(currentOf(series)?.id).toBe(3)
    expect(currentOf([old, middle])).toBeNull()
    expect(mostRecent([])).toBeNull()
  })
})

describe('a new rate (create or update)', () => {
  it('an update ends the current rate on the new start date', () => {
    const plan = planNewRate(series, '2025-07-01')
    expect(plan).toEqual({ ok: true, ends: current })
  })

  it('refuses a new start on or before the current start', () => {
    expect(planNewRate(series, '2024-01-01')).toEqual({ ok: false, refusal: 'start-too-early' })
    expect(planNewRate(series, '2023-06-01')).toEqual({ ok: false, refusal: 'start-too-early' })
  })

  it('a create: an unused field ends nothing; after ended rates only from the latest end', () => {
    expect(planNewRate([], '2020-01-01')).toEqual({ ok: true, ends: null })
    expect(planNewRate([old, middle], '2024-01-01')).toEqual({ ok: true, ends: null })
    expect(planNewRate([old, middle], '2025-01-01')).toEqual({ ok: true, ends: null })
    expect(planNewRate([old, middle], '2023-12-31')).toEqual({ ok: false, refusal: 'start-too-early' })
  })
})

describe('end dates', () => {
  it('added only to the most recent rate, which has none, not before its start', () => {
    expect(planAddEnd(series, current, '2026-01-01')).toEqual({ ok: true })
    expect(planAddEnd(series, current, '2024-01-01')).toEqual({ ok: true })
    expect(planAddEnd(series, current, '2023-12-31')).toEqual({ ok: false, refusal: 'end-before-start' })
    expect(planAddEnd(series, middle, '2026-01-01')).toEqual({ ok: false, refusal: 'has-end-date' })
    const openOld = rate(1, '2021-01-01')
    expect(planAddEnd([openOld, middle], openOld, '2022-01-01')).toEqual({ ok: false, refusal: 'not-most-recent' })
  })

  it('removed only from the most recent rate', () => {
    const ended = rate(3, '2024-01-01', '2026-01-01')
    expect(planRemoveEnd([old, middle, ended], ended)).toEqual({ ok: true })
    expect(planRemoveEnd(series, middle)).toEqual({ ok: false, refusal: 'not-most-recent' })
    expect(planRemoveEnd(series, old)).toEqual({ ok: false, refusal: 'not-most-recent' })
    expect(planRemoveEnd(series, current)).toEqual({ ok: false, refusal: 'no-end-date' })
  })
})

describe('delete', () => {
  it('only a rate without an end date; the previous rate becomes current again', () => {
    expect(planDelete(series, current)).toEqual({ ok: true, restores: middle })
    expect(planDelete(series, middle)).toEqual({ ok: false, refusal: 'not-current' })
    expect(planDelete([current], current)).toEqual({ ok: true, restores: null })
  })

  it('restores the latest earlier rate by start, whatever the order given', () => {
    const list: Dated[] = [middle, current, old]
    expect(planDelete(list, current)).toMatchObject({ restores: { id: 2 } })
  })
})
