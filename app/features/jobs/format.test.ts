import { describe, expect, it } from 'vitest'
import { formatDisplayDate, formatTimestamp } from '#app/domain/dates'
import { displayDay, displayInstant } from './format'

describe('jobs list date formats', () => {
  it('match the spec formats of app/domain/dates at every hour and month', () => {
    for (let month = 0; month < 12; month++) {
      for (const hour of [0, 1, 11, 12, 13, 23]) {
        const at = new Date(2026, month, month + 1, hour, 7 * month)
        expect(displayInstant(at.toISOString())).toBe(formatDisplayDate(at))
        expect(displayInstant(at.toISOString(), true)).toBe(formatTimestamp(at))
      }
      const ymd = `2026-${String(month + 1).padStart(2, '0')}-0${(month % 9) + 1}`
      expect(displayDay(ymd)).toBe(formatDisplayDate(ymd))
    }
    expect(displayDay(null)).toBe('')
  })
})
