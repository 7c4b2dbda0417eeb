import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { DbOrTx } from '#app/db/client.server'
import { firms, notes } from '#app/db/schema'
import {
  BULLETINS_VERSION,
  calendarTile,
  clearHomeTilesCache,
  homeTiles,
  NEWS_PAGE_ROWS,
  NEWS_TILE_ROWS,
  newsTile,
} from '#app/models/bulletin.server'
import { readDataVersion } from '#app/models/data-version.server'
import { makeFirm } from './factories'
import { testDb } from './db'

const underwriter = { username: 'underwriter', isAdmin: false }
const admin = { username: 'admin', isAdmin: true }
const today = () => new Date(new Date().setHours(0, 0, 0, 0))
const tiles = (actor = underwriter, appts: 'mine' | 'all' = 'mine', news = { size: NEWS_TILE_ROWS }) =>
  homeTiles(testDb(), actor, { news, apptsOf: appts === 'mine' ? actor.username : undefined, from: today() })
const version = () => readDataVersion(testDb(), BULLETINS_VERSION)

/** A news note of `staff`'s dated `days` ahead (so it is first on the tile), written on `db` (a transaction too). */
async function writeNews(db: DbOrTx, re: string, staff: string, days: number) {
  const [created] = await db
    .insert(notes)
    .values({ type: 'news', status: 'normal', re, staff, dated: new Date(Date.now() + days * 86_400_000) })
    .returning({ nid: notes.nid })
  return created!
}

/** The tiles as the uncached queries answer them now. */
async function fresh(actor = underwriter, appts: 'mine' | 'all' = 'mine', news = { size: NEWS_TILE_ROWS }) {
  const from = today()
  const [n, events, a] = await Promise.all([
    newsTile(testDb(), actor, news),
    calendarTile(testDb(), { type: 'event', from }),
    calendarTile(testDb(), { type: 'appt', from, staff: appts === 'mine' ? actor.username : undefined }),
  ])
  return { news: n, events, appts: a }
}

describe('the home tiles’ exact cache (decision 0038)', () => {
  beforeEach(() => clearHomeTilesCache())

  it('answers what the queries answer, for each user, view and news page', async () => {
    for (const actor of [underwriter, admin])
      for (const appts of ['mine', 'all'] as const)
        for (const news of [{ size: NEWS_TILE_ROWS }, { size: NEWS_PAGE_ROWS, page: 2 }]) {
          const first = await tiles(actor, appts, news)
          expect(first).toEqual(await fresh(actor, appts, news))
          expect(await tiles(actor, appts, news)).toEqual(first)
        }
  })

  it('shows a news note written a moment ago, its edit, and its deletion, on the very next read', async () => {
    await tiles()
    const created = await writeNews(testDb(), 'Cache test news', 'underwriter', 3650)
    const afterInsert = await tiles()
    expect(afterInsert.news.items[0]).toMatchObject({ nid: created.nid, re: 'Cache test news', mayEdit: true })
    expect(afterInsert).toEqual(await fresh())

    await testDb().update(notes).set({ re: 'Cache test news, edited' }).where(eq(notes.nid, created.nid))
    expect((await tiles()).news.items[0].re).toBe('Cache test news, edited')

    await testDb().delete(notes).where(eq(notes.nid, created.nid))
    const afterDelete = await tiles()
    expect(afterDelete.news.items.map((item) => item.nid)).not.toContain(created.nid)
    expect(afterDelete).toEqual(await fresh())
  })

  it('drops a cancelled appointment and shows a renamed firm at once', async () => {
    const mine = (await tiles()).appts
    expect(mine.length).toBeGreaterThanOrEqual(2)
    await testDb().update(notes).set({ status: 'cancel' }).where(eq(notes.nid, mine[0].nid))
    expect((await tiles()).appts.map((row) => row.nid)).not.toContain(mine[0].nid)

    const named = mine[1]
    await testDb().update(firms).set({ sort: 'Renamed For The Cache Test' }).where(eq(firms.fid, named.fid!))
    const renamed = (await tiles()).appts.find((row) => row.nid === named.nid)
    expect(renamed?.firmSort).toBe('Renamed For The Cache Test')
    expect(await tiles()).toEqual(await fresh())
  })

  it('follows an event moved into the window', async () => {
    const [event] = await testDb()
      .insert(notes)
      .values({
        type: 'event',
        status: 'normal',
        re: 'Cache test event',
        staff: 'admin',
        dated: new Date(Date.now() - 90 * 86_400_000),
      })
      .returning({ nid: notes.nid })
    expect((await tiles()).events.map((row) => row.nid)).not.toContain(event.nid)
    await testDb()
      .update(notes)
      .set({ dated: new Date(today().getTime() + 3_600_000) })
      .where(eq(notes.nid, event.nid))
    expect((await tiles()).events.map((row) => row.nid)).toContain(event.nid)
  })

  it('starts the calendar at the day asked for (the day is in the key)', async () => {
    const from = today()
    const tomorrow = new Date(from.getTime() + 86_400_000)
    const todays = await homeTiles(testDb(), admin, { news: { size: NEWS_TILE_ROWS }, from })
    const next = await homeTiles(testDb(), admin, { news: { size: NEWS_TILE_ROWS }, from: tomorrow })
    expect(next.events).toEqual(await calendarTile(testDb(), { type: 'event', from: tomorrow }))
    expect(todays.events).toEqual(await calendarTile(testDb(), { type: 'event', from }))
  })

  it('is bumped only by writes the tiles show: other notes and firm edits leave the version alone', async () => {
    const before = await version()
    const [call] = await testDb()
      .insert(notes)
      .values({ type: 'memo', status: 'normal', re: 'Not a bulletin', staff: 'admin', fid: 1001 })
      .returning({ nid: notes.nid })
    await testDb().update(notes).set({ re: 'Still not a bulletin' }).where(eq(notes.nid, call.nid))
    await testDb().update(firms).set({ phone: '5550100100' }).where(eq(firms.fid, 1001))
    expect(await version()).toBe(before)
    await testDb()
      .update(notes)
      .set({ re: sql`${notes.re}` })
      .where(eq(notes.type, 'news'))
    expect(await version()).not.toBe(before)
  })

  it('does not see a bulletin written in a transaction not yet committed, and sees it once committed', async () => {
    await tiles()
    let seenInside: number[] = []
    let nid = 0
    await testDb().transaction(async (tx) => {
      const created = await writeNews(tx, 'Committed later', 'admin', 3651)
      nid = created.nid
      seenInside = (await tiles()).news.items.map((item) => item.nid)
    })
    expect(seenInside).not.toContain(nid)
    expect((await tiles()).news.items.map((item) => item.nid)).toContain(nid)
  })

  it('lets a bulletin writer and a rename of the same firm meet without a deadlock (the bump waits for commit)', async () => {
    const db = testDb()
    const firm = await makeFirm(db)
    await db.insert(notes).values({
      type: 'event',
      status: 'normal',
      re: 'Event of the renamed firm',
      staff: 'admin',
      fid: firm.fid,
      dated: new Date(today().getTime() + 7_200_000),
    })
    const before = await version()
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    let wrote!: () => void
    const firstWrote = new Promise<void>((resolve) => (wrote = resolve))
    // The first writes a bulletin, then (while the second holds the firm) edits the same firm.
    const first = db.transaction(async (tx) => {
      await writeNews(tx, 'Written before the firm edit', 'admin', 3652)
      wrote()
      await pause(300)
      await tx.update(firms).set({ phone: '5550100199' }).where(eq(firms.fid, firm.fid))
    })
    await firstWrote
    // The second renames the firm (its event is on the tiles) and commits after the first is waiting on it.
    const second = db.transaction(async (tx) => {
      await tx.update(firms).set({ sort: 'RENAMED WHILE A BULLETIN WAS WRITTEN' }).where(eq(firms.fid, firm.fid))
      await pause(600)
    })
    await Promise.all([first, second])
    expect(await version()).not.toBe(before)
    const shown = await tiles(admin, 'all')
    expect(shown).toEqual(await fresh(admin, 'all'))
    expect(shown.events.find((row) => row.fid === firm.fid)?.firmSort).toBe('RENAMED WHILE A BULLETIN WAS WRITTEN')
  })
})
