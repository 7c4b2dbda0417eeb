import { describe, expect, it } from 'vitest'
import { formatIntervalText, MAX_TIMER_MS, minutesToParts, parseIntervalText, partsToMs, timerDelay } from './interval'

describe('timeout maths', () => {
  it('splits minutes into parts', () => {
    expect(minutesToParts(15)).toEqual({
      years: 0,
      months: 0,
      days: 0,
      hours: 0,
      minutes: 15,
      seconds: 0,
      milliseconds: 0,
    })
    expect(minutesToParts(135)).toMatchObject({ hours: 2, minutes: 15 })
  })

  it('counts a month as 30.5 days and a year as 24 months', () => {
    expect(partsToMs({ months: 1 })).toBe(30.5 * 24 * 3600 * 1000)
    expect(partsToMs({ years: 1 })).toBe(24 * 30.5 * 24 * 3600 * 1000)
    expect(partsToMs({ hours: 1, minutes: 1, seconds: 1, milliseconds: 1 })).toBe(3_661_001)
  })

  it('caps the timer at 2147483647 ms', () => {
    expect(timerDelay({ years: 1 })).toBe(MAX_TIMER_MS)
    expect(timerDelay({ minutes: 15 })).toBe(900_000)
    expect(timerDelay({ minutes: -5 })).toBe(0)
  })

  it('writes and reads the interval text', () => {
    expect(formatIntervalText(0, 15)).toBe('0 years 0 mons 0 days 0 hours 15 mins 0.00 secs')
    expect(parseIntervalText('0 years 0 mons 0 days 1 hours 30 mins 0.00 secs')).toBe(90)
    expect(parseIntervalText('01:30:00')).toBe(90)
    expect(parseIntervalText('1 day 02:00:00')).toBe(26 * 60)
    expect(parseIntervalText('nonsense')).toBeNull()
  })
})
