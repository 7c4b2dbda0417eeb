import dayjs from 'dayjs'
import { beforeAll, describe, expect, it } from 'vitest'
import * as hours from '#app/routes/_app.hours'
import { cookieFor, flashOf, getPage, postForm } from './page-calls'

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
    expect((await getPage(hours, '/hours', '')).location).toBe('/login?redirectTo=%2Fhours')
    const own = await getPage(hours, '/hours?username=admin', readonly)
    expect(own.body).toMatchObject({
      view: 'entries',
      users: ['readonly'],
      values: { username: 'readonly', kind: 'log' },
      result: { kind: 'log' },
    })
    const active = await getPage(hours, '/hours?view=active', readonly)
    expect(active.body).toMatchObject({ view: 'active', failed: null, result: null })
  })

  it("answers a bad search at its fields with the spec's messages", async () => {
    const format = await getPage(hours, '/hours?start=2026-01-01', readonly)
    expect((format.body.search as Search).error).toMatchObject({ start: ['Must be D MMM YYYY'] })
    const order = await getPage(hours, `/hours?start=${day(0)}&end=${day(3)}`, readonly)
    expect((order.body.search as Search).error).toMatchObject({ end: ['End date before Start'] })
    const all = await getPage(hours, `/hours?username=All&start=${day(30)}&end=${day(0)}&kind=log`, accounting)
    expect((all.body.search as Search).error).toMatchObject({ username: ['The log needs a specific user.'] })
    const period = await getPage(hours, `/hours?username=All&start=${day(30)}&end=${day(0)}&kind=period`, accounting)
    expect(period.body).toMatchObject({ result: { kind: 'period' } })
  })
})

describe('Record leave (intent)', () => {
  it('records a leave entry and goes to its day in the log with a snackbar', async () => {
    const date = day(9)
    const saved = await postForm(hours, '/hours', underwriter, {
      username: 'underwriter',
      type: 'Vacation',
      date,
      hours: '7.5',
    })
    expect(saved.status).toBe(302)
    expect(saved.location).toBe(
      `/hours?${new URLSearchParams({ username: 'underwriter', start: date, end: date, kind: 'log' })}`,
    )
    expect(await flashOf(saved)).toEqual({ message: 'Vacation recorded.', kind: 'success' })
    const log = await getPage(hours, saved.location!, underwriter)
    const rows = (log.body.result as { logs: { type: string; session_interval: number }[] }).logs
    expect(rows.filter((row) => row.type === 'Vacation')).toEqual([
      expect.objectContaining({ session_interval: 7.5 * 3600 }),
    ])
  })

  it("refuses bad fields with the schema's messages (400)", async () => {
    const invalid = await postForm(hours, '/hours', underwriter, {
      username: 'underwriter',
      type: 'Nap',
      date: '2026-01-01',
      hours: '30',
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body).toMatchObject({
      intent: '',
      result: {
        error: {
          type: ['Choose a leave type.'],
          date: ['Must be D MMM YYYY'],
          hours: ['At most 24 hours.'],
        },
      },
    })
  })

  it("refuses someone else's leave without hours-override (403) and 'All' (400), at Username", async () => {
    const other = await postForm(hours, '/hours', readonly, {
      username: 'admin',
      type: 'Sick Leave',
      date: day(2),
      hours: '8',
    })
    expect(other).toMatchObject({
      status: 403,
      body: {
        intent: '',
        error: 'You may see only your own hours.',
        result: { error: { username: ['You may see only your own hours.'] } },
      },
    })
    const everyone = await postForm(hours, '/hours', accounting, {
      username: 'All',
      type: 'Holiday',
      date: day(2),
      hours: '8',
    })
    expect(everyone).toMatchObject({
      status: 400,
      body: { result: { error: { username: ['Choose one user for a leave entry.'] } } },
    })
    expect((await postForm(hours, '/hours', '', { username: 'x' })).location).toBe('/login?redirectTo=%2Fhours')
  })
})
