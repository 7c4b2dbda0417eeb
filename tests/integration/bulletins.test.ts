import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { notes } from '#app/db/schema'
import { isClosed, NEWS_LIMIT } from '#app/domain/notes'
import { calendarTile, listBulletins, NEWS_TILE_ROWS, newsTile } from '#app/models/bulletin.server'
import * as notesApi from '#app/routes/api.notes'
import { testDb } from './db'
import { cookieFor, get } from './route-calls'

const admin = { username: 'admin', isAdmin: true }
const underwriter = { username: 'underwriter', isAdmin: false }

/** GET /api/notes as a signed-in user, through the route's real guard. */
const apiGet = async (username: string, query: string) =>
  get<unknown>(notesApi, await cookieFor(username), `/api/notes${query}`)

describe('news, events and appointments queries', () => {
  it('lists news newest first by default, only news, within the limit', async () => {
    const rows = await listBulletins(testDb(), { type: 'news' }, underwriter)
    expect(rows.length).toBeGreaterThan(20)
    expect(rows.every((row) => row.type === 'news')).toBe(true)
    const dates = rows.map((row) => Date.parse(row.dated as string))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    expect(await listBulletins(testDb(), { type: 'news', limit: 3 }, underwriter)).toHaveLength(3)
  })

  it('selects only the fields asked for (nid always), orders by whitelisted columns, filters by staff in any case', async () => {
    const rows = await listBulletins(
      testDb(),
      {
        type: 'news',
        fields: ['re', 'status'],
        staff: 'UNDERWRITER',
        orders: [
          { column: 'status', desc: false },
          { column: 'nid', desc: true },
        ],
      },
      underwriter,
    )
    expect(rows.length).toBeGreaterThanOrEqual(2)
    expect(rows.every((row) => Object.keys(row).sort().join() === 'nid,re,status')).toBe(true)
    const statuses = rows.map((row) => row.status as string)
    expect(statuses).toEqual([...statuses].sort())
    const [{ count }] = await testDb()
      .select({ count: sql<number>`count(*)::int` })
      .from(notes)
      .where(and(eq(notes.type, 'news'), eq(notes.staff, 'underwriter')))
    expect(rows).toHaveLength(count)
  })

  it('adds firm_sort with withFirmSort and keeps upcoming notes only with withFuturecstamp', async () => {
    const before = new Date()
    const appts = await listBulletins(
      testDb(),
      { type: 'appt', withFirmSort: true, withFuturecstamp: true, fields: ['fid', 'cstamp'] },
      underwriter,
    )
    expect(appts.length).toBeGreaterThan(10)
    expect(appts.every((row) => Date.parse(row.cstamp as string) >= before.getTime())).toBe(true)
    expect(appts.every((row) => typeof row.firm_sort === 'string' && row.firm_sort.length > 0)).toBe(true)
    const [{ upcoming }] = await testDb()
      .select({ upcoming: sql<number>`count(*)::int` })
      .from(notes)
      .where(and(eq(notes.type, 'appt'), gte(notes.cstamp, sql`now()`)))
    expect(appts).toHaveLength(upcoming)
    const withoutSort = await listBulletins(testDb(), { type: 'event', fields: ['re'] }, underwriter)
    expect(withoutSort.every((row) => !('firm_sort' in row))).toBe(true)
  })

  it('sanitises HTML bodies on the way out', async () => {
    const [news] = await testDb().select({ nid: notes.nid }).from(notes).where(eq(notes.type, 'news')).limit(1)
    await testDb()
      .update(notes)
      .set({ html: true, note: '<p>Hi</p><img src=x onerror="alert(1)"><script>alert(2)</script>' })
      .where(eq(notes.nid, news.nid))
    const [row] = await listBulletins(testDb(), { type: 'news', nid: news.nid, fields: ['note'] }, underwriter)
    expect(row.note).toContain('<p>Hi</p>')
    expect(String(row.note)).not.toMatch(/script|onerror/)
    expect(Object.keys(row).sort()).toEqual(['nid', 'note'])
  })

  it('gives the News tile the latest slice, the total, and the edit rule per user', async () => {
    const { items, count } = await newsTile(testDb(), underwriter, { size: NEWS_TILE_ROWS })
    expect(items).toHaveLength(NEWS_TILE_ROWS)
    const [{ total }] = await testDb()
      .select({ total: sql<number>`count(*)::int` })
      .from(notes)
      .where(eq(notes.type, 'news'))
    expect(count).toBe(total)
    const all = await newsTile(testDb(), underwriter, { size: NEWS_LIMIT })
    expect(all.items).toHaveLength(total)
    // "Show all news" pages: the second page of 10 follows the first.
    const [first, second] = await Promise.all([1, 2].map((page) => newsTile(testDb(), underwriter, { size: 10, page })))
    expect([...first.items, ...second.items].map((item) => item.nid)).toEqual(
      all.items.slice(0, 20).map((item) => item.nid),
    )
    expect(second).toMatchObject({ page: 2, count: total })
    // A page past the end shows the last one.
    const past = await newsTile(testDb(), underwriter, { size: 10, page: 9999 })
    expect(past.page).toBe(Math.ceil(total / 10))
    expect(past.items.map((item) => item.nid)).toEqual(all.items.slice((past.page - 1) * 10).map((item) => item.nid))
    // Open and the user's: editable; closed or someone else's: not (spec 2 §2.10).
    for (const item of all.items) expect(item.mayEdit).toBe(!isClosed(item.status) && item.staff === 'underwriter')
    expect(all.items.some((item) => item.mayEdit)).toBe(true)
    expect(all.items.some((item) => item.staff === 'underwriter' && item.status === 'done' && !item.mayEdit)).toBe(true)
    const asAdmin = await newsTile(testDb(), admin, { size: NEWS_LIMIT })
    expect(asAdmin.items.every((item) => item.mayEdit)).toBe(true)
  })

  it('gives the calendar tiles the coming notes of their type, soonest first, mine or everyone’s, without cancelled ones', async () => {
    const from = new Date(new Date().setHours(0, 0, 0, 0))
    const events = await calendarTile(testDb(), { type: 'event', from })
    expect(events.length).toBeGreaterThan(5)
    const times = events.map((row) => row.dated.getTime())
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(events.every((row) => row.dated >= from && row.dated.getTime() < from.getTime() + 60 * 86_400_000)).toBe(
      true,
    )
    const mine = await calendarTile(testDb(), { type: 'appt', from, staff: 'Underwriter' })
    expect(mine.length).toBeGreaterThanOrEqual(2)
    expect(mine.every((row) => row.staff === 'underwriter' && row.fid && row.firmSort)).toBe(true)
    const everyone = await calendarTile(testDb(), { type: 'appt', from })
    expect(new Set(everyone.map((row) => row.staff)).size).toBeGreaterThan(5)
    await testDb().update(notes).set({ status: 'cancel' }).where(eq(notes.nid, mine[0].nid))
    expect(
      (await calendarTile(testDb(), { type: 'appt', from, staff: 'underwriter' })).map((row) => row.nid),
    ).not.toContain(mine[0].nid)
    expect(await calendarTile(testDb(), { type: 'event', from, limit: 2 })).toHaveLength(2)
  })
})

describe('GET /api/notes', () => {
  beforeAll(async () => {
    // An admin-type note standing alone: it must never reach a non-admin through this call.
    await testDb().insert(notes).values({ type: 'admin', status: 'normal', re: 'Admin only bulletin', staff: 'admin' })
  })

  it('answers the news list with the chosen fields, order and limit', async () => {
    const { status, body } = await apiGet(
      'underwriter',
      '?type=news&fields=nid,re,status,staff&orders=dated,nid&directions=DESC,ASC&limit=4000',
    )
    expect(status).toBe(200)
    const rows = body as { nid: number; re: string; status: string; staff: string }[]
    expect(rows.length).toBeGreaterThan(20)
    expect(Object.keys(rows[0]).sort()).toEqual(['nid', 're', 'staff', 'status'])
    expect(rows.every((row) => row.re !== 'Admin only bulletin')).toBe(true)
  })

  it('lists calendar notes by type with firm_sort and future cstamp only', async () => {
    const { status, body } = await apiGet(
      'claims',
      '?type=appt&withFirmSort=true&withFuturecstamp=1&staff=claims&fields=nid,cstamp,fid',
    )
    expect(status).toBe(200)
    const rows = body as { cstamp: string; firm_sort: string }[]
    expect(rows.length).toBeGreaterThanOrEqual(2)
    expect(rows.every((row) => new Date(row.cstamp) >= new Date(Date.now() - 60_000) && row.firm_sort)).toBe(true)
  })

  it('refuses bad input with 400 and a message, never a 500', async () => {
    const cases: [string, string][] = [
      ['?type=admin', 'type must be news, event or appt'],
      ['?type=memo', 'type must be news, event or appt'],
      [`?limit=${NEWS_LIMIT + 1}`, `limit: limit is at most ${NEWS_LIMIT}`],
      ['?limit=abc', 'limit: limit must be a number'],
      ['?orders=note', 'orders: orders must be among'],
      ['?orders=dated%3B%20drop%20table%20notes', 'orders: orders must be among'],
      ['?orders=dated&directions=sideways', 'directions: directions must be ASC or DESC'],
      ['?orders=dated&directions=ASC,DESC', 'directions: directions: one per order at most'],
      ['?fields=password', 'fields: fields must be among'],
      ['?withFirmSort=maybe', 'withFirmSort: withFirmSort must be true or false'],
      ['?nid=-4', 'nid: nid must be a note id'],
    ]
    for (const [query, message] of cases) {
      const { status, body } = await apiGet('underwriter', query)
      expect(status, query).toBe(400)
      expect((body as { message: string }).message, query).toContain(message.replace(/^type must/, 'type: type must'))
    }
  })

  it('finds one note by nid, within its type only', async () => {
    const [event] = await testDb().select({ nid: notes.nid }).from(notes).where(eq(notes.type, 'event')).limit(1)
    const asEvent = await apiGet('readonly', `?type=event&nid=${event.nid}`)
    expect((asEvent.body as { nid: number }[]).map((row) => row.nid)).toEqual([event.nid])
    const asNews = await apiGet('readonly', `?type=news&nid=${event.nid}`)
    expect(asNews.body).toEqual([])
    const none = await testDb()
      .select({ nid: notes.nid })
      .from(notes)
      .where(inArray(notes.type, ['admin']))
      .limit(1)
    expect((await apiGet('admin', `?type=news&nid=${none[0].nid}`)).body).toEqual([])
  })
})

describe('GET /api/notes rows', () => {
  const STAMPS = ['stamp', 'ostamp', 'cstamp', 'taken', 'dated'] as const

  it('writes every timestamp as JSON writes the Date the ORM reads, and the other fields as stored, in the order asked', async () => {
    const fields = [
      'stamp',
      'ostamp',
      'cstamp',
      'taken',
      'dated',
      'due',
      'html',
      'to',
      'version',
      'direct',
      'tasks',
      'frid',
      'pid',
      'plid',
    ] as const
    const rows = await listBulletins(testDb(), { type: 'event', fields: [...fields] }, admin)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => Object.keys(row).join() === ['nid', ...fields].join())).toBe(true)
    const stored = await testDb()
      .select({
        nid: notes.nid,
        stamp: notes.stamp,
        ostamp: notes.ostamp,
        cstamp: notes.cstamp,
        taken: notes.taken,
        dated: notes.dated,
        due: notes.due,
        version: notes.version,
      })
      .from(notes)
      .where(
        inArray(
          notes.nid,
          rows.map((row) => row.nid as number),
        ),
      )
    const byNid = new Map(stored.map((row) => [row.nid, row]))
    for (const row of rows) {
      const orm = byNid.get(row.nid as number)!
      for (const stamp of STAMPS)
        expect(row[stamp], `${row.nid} ${stamp}`).toBe(orm[stamp] ? JSON.parse(JSON.stringify(orm[stamp])) : null)
      expect(row.due).toBe(orm.due)
      expect(row.version).toBe(orm.version)
    }
    expect(rows.some((row) => row.taken === null) && rows.some((row) => typeof row.stamp === 'string')).toBe(true)
  })

  it('answers nothing as an empty list', async () => {
    expect(await listBulletins(testDb(), { type: 'news', nid: 2_000_000_000 }, admin)).toEqual([])
  })

  it('is what the route sends', async () => {
    const { status, body } = await apiGet('underwriter', '?type=appt&withFirmSort=true&withFuturecstamp=true&limit=5')
    expect(status).toBe(200)
    expect(body).toEqual(
      await listBulletins(
        testDb(),
        { type: 'appt', withFirmSort: true, withFuturecstamp: true, limit: 5 },
        underwriter,
      ),
    )
  })
})
