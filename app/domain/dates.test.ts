import { describe, expect, it } from 'vitest'
import * as dates from './dates'

describe('dates', () => {
  it('formats display dates as DD MMM YYYY', () => {
    expect(dates.formatDisplayDate('2024-03-05')).toBe('05 Mar 2024')
    expect(dates.formatDisplayDate(null)).toBe('')
  })

  it('formats timestamps with and without the weekday', () => {
    expect(dates.formatTimestamp(new Date(2024, 2, 5, 14, 7))).toBe('05 Mar 2024 02:07 PM')
    expect(dates.formatTimestamp(new Date(2024, 2, 5, 9, 7), true)).toBe('05 Mar 2024 09:07 AM Tue')
  })

  // [the parser, what is typed, the ISO date it reads (null: refused)]
  it.each([
    // YYYY-MM-DD, strictly.
    ['parseIsoDate', ['2024-02-29'], '2024-02-29'],
    ['parseIsoDate', ['2023-02-29', '2024-2-9', ''], null],
    // The loose M-D-YYYY: other separators and orders are refused (spec 1 §9, 'Must be {format}').
    ['parseLooseDate', ['3-5-2024', '03-05-2024'], '2024-03-05'],
    ['parseLooseDate', ['12/31/2024', '2024-12-31', '13-01-2024', '2-30-2024', '3-5-24'], null],
    // D MMM YYYY and DD MMM YYYY.
    ['parseDisplayDate', ['5 Mar 2024', '05 Mar 2024'], '2024-03-05'],
    ['parseDisplayDate', [' 29 Feb 2024 '], '2024-02-29'],
    ['parseDisplayDate', ['5 March 2024', '2024-03-05', '29 Feb 2023', '5 mar 2024', '5 Foo 2024'], null],
  ] as const)('%s reads %j as %s', (parser, typed, iso) => {
    for (const text of typed) expect(dates[parser](text), text).toBe(iso)
  })

  it('formats instants in local time and calendar dates as written', () => {
    expect(dates.formatDisplayDate(new Date(2024, 11, 31, 23, 59))).toBe('31 Dec 2024')
    expect(dates.formatDisplayDate('2024-01-01')).toBe('01 Jan 2024')
    expect(dates.formatTimestamp(new Date(2024, 0, 1, 0, 5))).toBe('01 Jan 2024 12:05 AM')
    expect(dates.formatTimestamp(new Date(2024, 0, 1, 12, 0))).toBe('01 Jan 2024 12:00 PM')
    expect(dates.formatTimestamp(new Date(2024, 0, 1, 12, 0).toISOString())).toBe('01 Jan 2024 12:00 PM')
    expect(dates.formatDisplayDate('not a date')).toBe('Invalid Date')
  })

  it('turns ISO dates into M-D-YYYY', () => {
    expect(dates.isoToLoose('2024-03-05')).toBe('3-5-2024')
    expect(dates.isoToLoose(null)).toBe('')
  })

  it('formats durations as [Nd ]HH:MM:SS', () => {
    expect(dates.formatDuration(0)).toBe('00:00:00')
    expect(dates.formatDuration(3661)).toBe('01:01:01')
    expect(dates.formatDuration(86_400 + 7_200 + 5)).toBe('1d 02:00:05')
    expect(dates.formatDuration(-5)).toBe('00:00:00')
  })
})

describe('breakBeforeTime', () => {
  it('lets a timestamp wrap only between the date and the time', () => {
    expect(dates.breakBeforeTime('22 Nov 2026 04:37 PM')).toBe('22\u00a0Nov\u00a02026 04:37\u00a0PM')
    expect(dates.breakBeforeTime('22 Nov 2026')).toBe('22\u00a0Nov\u00a02026')
  })
})

describe("wall time in a named zone (the browser shows the server zone's clock)", () => {
  // Each instant formatted by Intl on its own, against the quarter-hour offsets the function keeps.
  const direct = (at: Date, zone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        weekday: 'short',
      })
        .formatToParts(at)
        .map((part) => [part.type, part.value]),
    )
    const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
    return {
      year: Number(parts.year),
      month: Number(parts.month) - 1,
      day: Number(parts.day),
      hours: Number(parts.hour),
      minutes: Number(parts.minute),
      weekday: weekdays.indexOf(parts.weekday),
    }
  }
  const zones = [
    'America/Los_Angeles',
    'America/New_York',
    'Europe/London',
    'Asia/Kolkata',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'UTC',
  ]
  // Around the 2026 daylight-saving changes (US: 8 Mar and 1 Nov; UK: 29 Mar and 25 Oct; Lord Howe's
  // half hour: 5 Apr and 4 Oct), minute by minute where the clock jumps, and at odd minutes all year.
  const instants: Date[] = []
  for (const day of [
    '2026-03-08T06:00:00Z',
    '2026-11-01T05:00:00Z',
    '2026-03-29T00:00:00Z',
    '2026-10-25T00:00:00Z',
    '2026-04-04T14:00:00Z',
    '2026-10-03T15:00:00Z',
  ]) {
    for (let minute = 0; minute < 240; minute += 7) instants.push(new Date(Date.parse(day) + minute * 60_000))
  }
  for (let minute = 0; minute < 366 * 24 * 60; minute += 24 * 60 + 37)
    instants.push(new Date(Date.UTC(2026, 0, 1) + minute * 60_000 + 59_999))

  it.each(zones)('matches Intl in %s, across its clock changes', (zone) => {
    for (const at of instants)
      expect(dates.wallTimeIn(at, zone), `${at.toISOString()} in ${zone}`).toEqual(direct(at, zone))
  })

  it("reads the process's own clock when no zone is named (the server)", () => {
    const at = new Date('2026-11-22T15:36:00Z')
    expect(dates.wallTimeIn(at, null)).toEqual(direct(at, Intl.DateTimeFormat().resolvedOptions().timeZone))
  })

  it('dates without a time are the same calendar day in any zone', () => {
    expect(dates.formatDisplayDate('2026-03-08')).toBe('08 Mar 2026')
  })
})
