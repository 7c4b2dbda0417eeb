import dayjs from 'dayjs'
import { beforeAll, describe, expect, it } from 'vitest'
import * as hours from '#app/routes/_app.hours'
import { cookieFor, expectFieldErrors, get, postTo } from './route-calls'

const toHours = postTo(hours, '/hours')

/**
 * /hours through its route module (pageRoute and the intent table) on the real database: the search
 * form's answers (a GET form, its errors at its fields), Record leave with its validation, someone
 * else's leave refused at the Username field, and the redirect with its snackbar.
 */

let underwriter: string
let readonly: string
let accounting: string
const day = (daysAgo: number) => dayjs().subtract(daysAgo, 'day').format('D MMM YYYY')

beforeAll(async () => {
  ;[underwriter, readonly, accounting] = await Promise.all(['underwriter', 'readonly', 'accounting'].map(cookieFor))
})

type Search = { status?: string; error?: Record<string, string[] | null> | null }

describe('Hours (loader)', () => {
  it("signs anonymous users in; shows the user's own entries, never someone else's without hours-override", async () => {
    expect((await get(hours, '', '/hours')).location).toBe('/login?redirectTo=%2Fhours')
    const own = await get(hours, readonly, '/hours?username=admin')
    expect(own.body).toMatchObject({
      view: 'entries',
      users: ['readonly'],
      values: { username: 'readonly', kind: 'log' },
      result: { kind: 'log' },
    })
    const active = await get(hours, readonly, '/hours?view=active')
    expect(active.body).toMatchObject({ view: 'active', failed: null, result: null })
  })

  it("answers a bad search at its fields with the spec's messages", async () => {
    const format = await get(hours, readonly, '/hours?start=2026-01-01')
    expect((format.body.search as Search).error).toMatchObject({ start: ['Must be D MMM YYYY'] })
    const order = await get(hours, readonly, `/hours?start=${day(0)}&end=${day(3)}`)
    expect((order.body.search as Search).error).toMatchObject({ end: ['End date before Start'] })
    const all = await get(hours, accounting, `/hours?username=All&start=${day(30)}&end=${day(0)}&kind=log`)
    expect((all.body.search as Search).error).toMatchObject({ username: ['The log needs a specific user.'] })
    const period = await get(hours, accounting, `/hours?username=All&start=${day(30)}&end=${day(0)}&kind=period`)
    expect(period.body).toMatchObject({ result: { kind: 'period' } })
  })
})

describe('Record leave (intent)', () => {
  it('records a leave entry and goes to its day in the log with a snackbar', async () => {
    const date = day(9)
    const saved = await toHours(underwriter, { username: 'underwriter', type: 'Vacation', date, hours: '7.5' })
    expect(saved.status).toBe(302)
    expect(saved.location).toBe(
      `/hours?${new URLSearchParams({ username: 'underwriter', start: date, end: date, kind: 'log' })}`,
    )
    expect(saved.flash).toEqual({ message: 'Vacation recorded.', kind: 'success' })
    const log = await get(hours, underwriter, saved.location!)
    const rows = (log.body.result as { logs: { type: string; session_interval: number }[] }).logs
    expect(rows.filter((row) => row.type === 'Vacation')).toEqual([
      expect.objectContaining({ session_interval: 7.5 * 3600 }),
    ])
  })

  it("refuses bad fields with the schema's messages (400)", async () => {
    const invalid = await toHours(underwriter, {
      username: 'underwriter',
      type: 'Nap',
      date: '2026-01-01',
      hours: '30',
    })
    expectFieldErrors(invalid, {
      type: ['Choose a leave type.'],
      date: ['Must be D MMM YYYY'],
      hours: ['At most 24 hours.'],
    })
  })

  it("refuses someone else's leave without hours-override (403) and 'All' (400), at Username", async () => {
    const other = await toHours(readonly, { username: 'admin', type: 'Sick Leave', date: day(2), hours: '8' })
    expect(other).toMatchObject({
      status: 403,
      body: {
        intent: '',
        error: 'You may see only your own hours.',
        result: { error: { username: ['You may see only your own hours.'] } },
      },
    })
    const everyone = await toHours(accounting, { username: 'All', type: 'Holiday', date: day(2), hours: '8' })
    expect(everyone).toMatchObject({
      status: 400,
      body: { result: { error: { username: ['Choose one user for a leave entry.'] } } },
    })
    expect((await toHours('', { username: 'x' })).location).toBe('/login?redirectTo=%2Fhours')
  })
})
