import { describe, expect, it } from 'vitest'
import {
  breakBeforeTime,
  formatDisplayDate,
  formatDuration,
  formatTimestamp,
  isoToLoose,
  parseDisplayDate,
  parseIsoDate,
  parseLooseDate,
} from './dates'

describe('dates', () => {
  it('formats display dates as DD MMM YYYY', () => {
    expect(formatDisplayDate('2024-03-05')).toBe('05 Mar 2024')
    expect(formatDisplayDate(null)).toBe('')
  })

  it('formats timestamps with and without the weekday', () => {
    expect(formatTimestamp(new Date(2024, 2, 5, 14, 7))).toBe('05 Mar 2024 02:07 PM')
    expect(formatTimestamp(new Date(2024, 2, 5, 9, 7), true)).toBe('05 Mar 2024 09:07 AM Tue')
  })

  it('parses YYYY-MM-DD strictly', () => {
    expect(parseIsoDate('2024-02-29')).toBe('2024-02-29')
    expect(parseIsoDate('2023-02-29')).toBeNull()
    expect(parseIsoDate('2024-2-9')).toBeNull()
    expect(parseIsoDate('')).toBeNull()
  })

  it('normalises the loose M-D-YYYY format', () => {
    expect(parseLooseDate('3-5-2024')).toBe('2024-03-05')
    expect(parseLooseDate('03-05-2024')).toBe('2024-03-05')
    expect(parseLooseDate('12/31/2024')).toBe('2024-12-31')
    expect(parseLooseDate('13-01-2024')).toBeNull()
    expect(parseLooseDate('2-30-2024')).toBeNull()
    expect(parseLooseDate('3-5-24')).toBeNull()
  })

  it('parses D MMM YYYY and DD MMM YYYY', () => {
    expect(parseDisplayDate('5 Mar 2024')).toBe('2024-03-05')
    expect(parseDisplayDate('05 Mar 2024')).toBe('2024-03-05')
    expect(parseDisplayDate('5 March 2024')).toBeNull()
    expect(parseDisplayDate('2024-03-05')).toBeNull()
    expect(parseDisplayDate(' 29 Feb 2024 ')).toBe('2024-02-29')
    expect(parseDisplayDate('29 Feb 2023')).toBeNull()
    expect(parseDisplayDate('5 mar 2024')).toBeNull()
    expect(parseDisplayDate('5 Foo 2024')).toBeNull()
  })

  it('formats instants in local time and calendar dates as written', () => {
    expect(formatDisplayDate(new Date(2024, 11, 31, 23, 59))).toBe('31 Dec 2024')
    expect(formatDisplayDate('2024-01-01')).toBe('01 Jan 2024')
    expect(formatTimestamp(new Date(2024, 0, 1, 0, 5))).toBe('01 Jan 2024 12:05 AM')
    expect(formatTimestamp(new Date(2024, 0, 1, 12, 0))).toBe('01 Jan 2024 12:00 PM')
    expect(formatTimestamp(new Date(2024, 0, 1, 12, 0).toISOString())).toBe('01 Jan 2024 12:00 PM')
    expect(formatDisplayDate('not a date')).toBe('Invalid Date')
  })

  it('turns ISO dates into M-D-YYYY', () => {
    expect(isoToLoose('2024-03-05')).toBe('3-5-2024')
    expect(isoToLoose(null)).toBe('')
  })

  it('formats durations as [Nd ]HH:MM:SS', () => {
    expect(formatDuration(0)).toBe('00:00:00')
    expect(formatDuration(3661)).toBe('01:01:01')
    expect(formatDuration(86_400 + 7_200 + 5)).toBe('1d 02:00:05')
    expect(formatDuration(-5)).toBe('00:00:00')
  })
})

describe('breakBeforeTime', () => {
  it('lets a timestamp wrap only between the date and the time', () => {
    expect(breakBeforeTime('22 Nov 2026 04:37 PM')).toBe('22\u00a0Nov\u00a02026 04:37\u00a0PM')
    expect(breakBeforeTime('22 Nov 2026')).toBe('22\u00a0Nov\u00a02026')
  })
})
