import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { firms, notes } from '#app/db/schema'
import {
  clearBulletinsJsonCache,
  listBulletins,
  listBulletinsJson,
  type BulletinListQuery,
} from '#app/models/bulletin.server'
import { testDb } from './db'

const underwriter = { isAdmin: false }
const admin = { isAdmin: true }

const UPCOMING: BulletinListQuery = { type: 'appt', withFirmSort: true, withFuturecstamp: true }
const QUERIES: BulletinListQuery[] = [
  UPCOMING,
  { type: 'appt', withFuturecstamp: true, fields: ['re', 'fid'] },
  { type: 'event', withFirmSort: true },
  { type: 'news', fields: ['re', 'note', 'status'], orders: [{ column: 're', desc: true }] },
  { type: 'news', withFirmSort: true, limit: 50 },
  { type: 'appt', staff: 'UNDERWRITER', orders: [{ column: 'firm_sort', desc: false }] },
]

/** The answer of GET /api/notes as the uncached query gives it now. */
const fresh = async (query: BulletinListQuery, actor = underwriter) =>
  JSON.stringify(await listBulletins(testDb(), query, actor))
const cached = (query: BulletinListQuery, actor = underwriter) => listBulletinsJson(testDb(), query, actor)
const nids = async (query: BulletinListQuery) =>
  (JSON.parse(await cached(query)) as { nid: number }[]).map((row) => row.nid)

async function writeAppt(values: { re: string; cstamp: Date; fid?: number }) {
  const [created] = await testDb()
    .insert(notes)
    .values({ type: 'appt', status: 'normal', staff: 'underwriter', dated: values.cstamp, ...values })
    .returning({ nid: notes.nid })
  return created!.nid
}

describe('GET /api/notes from an exact cache (decision 0038)', () => {
  beforeEach(() => clearBulletinsJsonCache())

  it('answers the uncached query’s JSON for each query and role, read twice', async () => {
    for (const actor of [underwriter, admin])
      for (const query of QUERIES) {
        const first = await cached(query, actor)
        expect(first).toBe(await fresh(query, actor))
        expect(await cached(query, actor)).toBe(first)
      }
  })

  it('shows an appointment written, edited, renamed and deleted a moment ago on the very next read', async () => {
    await cached(UPCOMING)
    const nid = await writeAppt({ re: 'Cache test appt', cstamp: new Date(Date.now() + 86_400_000), fid: 1001 })
    expect(await nids(UPCOMING)).toContain(nid)
    expect(await cached(UPCOMING)).toBe(await fresh(UPCOMING))

    await testDb().update(notes).set({ re: 'Cache test appt, edited' }).where(eq(notes.nid, nid))
    const edited = (JSON.parse(await cached(UPCOMING)) as { nid: number; re: string }[]).find((row) => row.nid === nid)
    expect(edited?.re).toBe('Cache test appt, edited')

    await testDb().update(firms).set({ sort: 'Renamed For The Notes Cache' }).where(eq(firms.fid, 1001))
    const renamed = (JSON.parse(await cached(UPCOMING)) as { nid: number; firm_sort: string }[]).find(
      (row) => row.nid === nid,
    )
    expect(renamed?.firm_sort).toBe('Renamed For The Notes Cache')

    await testDb().delete(notes).where(eq(notes.nid, nid))
    expect(await nids(UPCOMING)).not.toContain(nid)
    expect(await cached(UPCOMING)).toBe(await fresh(UPCOMING))
  })

  it('drops an upcoming appointment once its cstamp has passed, with no write in between', async () => {
    const soon = new Date(Date.now() + 1500)
    const nid = await writeAppt({ re: 'Starts in a moment', cstamp: soon })
    const query: BulletinListQuery = { type: 'appt', withFuturecstamp: true, fields: ['re'] }
    expect(await nids(query)).toContain(nid)
    expect(await nids(UPCOMING)).toContain(nid)
    await new Promise((resolve) => setTimeout(resolve, soon.getTime() - Date.now() + 50))
    expect(await nids(query)).not.toContain(nid)
    expect(await cached(query)).toBe(await fresh(query))
    expect(await cached(UPCOMING)).toBe(await fresh(UPCOMING))
    await testDb().delete(notes).where(eq(notes.nid, nid))
  })

  it('does not see an appointment written in a transaction not yet committed, and sees it once committed', async () => {
    await cached(UPCOMING)
    let seenInside: number[] = []
    let nid = 0
    await testDb().transaction(async (tx) => {
      const [created] = await tx
        .insert(notes)
        .values({ type: 'appt', status: 'normal', staff: 'admin', cstamp: new Date(Date.now() + 86_400_000) })
        .returning({ nid: notes.nid })
      nid = created!.nid
      seenInside = await nids(UPCOMING)
    })
    expect(seenInside).not.toContain(nid)
    expect(await nids(UPCOMING)).toContain(nid)
    await testDb().delete(notes).where(eq(notes.nid, nid))
  })
})
