import { describe, expect, it } from 'vitest'
import { HOURS_MESSAGES, hoursSearchSchema } from './hours'

const today = '2026-11-22'
const parse = (values: Record<string, string>, allowIso = false) =>
  hoursSearchSchema(today, { allowIso }).safeParse({ username: 'claims', type: 'Any', kind: 'log', ...values })
const messages = (result: ReturnType<typeof parse>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message)

describe('hours search rules (spec 2 §5)', () => {
  it('accepts D MMM YYYY and DD MMM YYYY', () => {
    expect(parse({ start: '1 Nov 2026', end: '05 Nov 2026' })).toMatchObject({
      success: true,
      data: { start: '2026-11-01', end: '2026-11-05' },
    })
  })
  it('refuses other formats with Must be D MMM YYYY (the API also takes YYYY-MM-DD)', () => {
    expect(messages(parse({ start: '2026-11-01', end: '5 Nov 2026' }))).toEqual([HOURS_MESSAGES.format])
    expect(parse({ start: '2026-11-01', end: '2026-11-05' }, true).success).toBe(true)
  })
  it('requires both dates', () => {
    expect(messages(parse({ start: '', end: '' }))).toEqual([HOURS_MESSAGES.required, HOURS_MESSAGES.required])
  })
  it('refuses an end before the start and dates after today', () => {
    expect(messages(parse({ start: '5 Nov 2026', end: '1 Nov 2026' }))).toEqual([HOURS_MESSAGES.endBeforeStart])
    expect(messages(parse({ start: '23 Nov 2026', end: '23 Nov 2026' }))).toContain(HOURS_MESSAGES.afterToday)
  })
  it('needs a specific user and at most one year for the log, a user for daily, nothing more for period', () => {
    expect(messages(parse({ username: 'All', start: '1 Nov 2026', end: '2 Nov 2026' }))).toEqual([
      HOURS_MESSAGES.logNeedsUser,
    ])
    expect(messages(parse({ start: '1 Nov 2024', end: '2 Nov 2026' }))).toEqual([HOURS_MESSAGES.logMaxYear])
    expect(messages(parse({ kind: 'daily', username: 'All', start: '1 Nov 2026', end: '2 Nov 2026' }))).toEqual([
      HOURS_MESSAGES.dailyNeedsUser,
    ])
    expect(parse({ kind: 'period', username: 'All', start: '1 Nov 2024', end: '2 Nov 2026' }).success).toBe(true)
  })
})
