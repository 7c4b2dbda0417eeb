import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { changeLog, firms } from '#app/db/schema'
import { ConflictError } from '#app/models/change-log.server'
import { COUNT_CAP, FIRM_SEARCH_TEXT, getFirm, searchFirms, unisearchFirms, updateFirm } from '#app/models/firm.server'
import { testDb } from './db'
import { makeFirm } from './factories'

/** A page of the law firms (there are over 100), 100 a page, by fid, as an admin searches unless told. */
const lawFirms = (options: Partial<Parameters<typeof searchFirms>[1]> = {}) =>
  searchFirms(testDb(), {
    filters: { type: 'Law Firm' },
    columns: ['fid'],
    page: 1,
    perPage: 100,
    unlimited: true,
    ...options,
  })

describe('firm search', () => {
  it('pages on the server with the total count, sorted by a whitelisted column', async () => {
    const first = await lawFirms({ columns: ['fid', 'sort', 'state'] })
    expect(first.count).toBeGreaterThan(100)
    expect(first.result).toHaveLength(100)
    expect(Object.keys(first.result[0]).sort()).toEqual(['fid', 'sort', 'state'])
    const sorts = first.result.map((row) => String(row.sort))
    expect([...sorts].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toHaveLength(100)
    const second = await lawFirms({ page: 2 })
    expect(second.count).toBe(first.count)
    expect(second.result[0].fid).not.toBe(first.result[0].fid)
    const byFidDesc = await lawFirms({ sortBy: 'fid', sortDesc: true })
    expect(byFidDesc.result[0].fid).toBeGreaterThan(byFidDesc.result[1].fid)
  })

  it('withholds rows from non-admins at the 100-firm limit', async () => {
    const limited = await lawFirms({ unlimited: false })
    expect(limited.overLimit).toBe(true)
    expect(limited.result).toEqual([])
  })

  it("pages a non-admin's unisearch within the first 100 firms, with the over-limit flag (stops at 100)", async () => {
    const first = await unisearchFirms(testDb(), 'an', { page: 1, perPage: 50, unlimited: false })
    const second = await unisearchFirms(testDb(), 'an', { page: 2, perPage: 50, unlimited: false })
    const third = await unisearchFirms(testDb(), 'an', { page: 3, perPage: 50, unlimited: false })
    expect(first.overLimit).toBe(true)
    expect(first.count).toBe(100)
    expect(first.totalpages).toBe(2)
    expect(second.result).toHaveLength(50)
    expect(second.result.map((row) => row.fid)).not.toContain(first.result[0].fid)
    // Past the reach: the last page again, never rows beyond the first 100.
    expect(third.result.map((row) => row.fid)).toEqual(second.result.map((row) => row.fid))
    const admin = await unisearchFirms(testDb(), 'an', { page: 1, perPage: 50, unlimited: true })
    expect(admin.overLimit).toBe(false)
    expect(admin.count).toBeGreaterThan(100)
  })

  it('matches text filters anywhere, case-insensitively, and phones by digits', async () => {
    const [firm] = await testDb().select().from(firms).where(eq(firms.fid, 1001))
    const part = firm.sort.slice(1, 5).toUpperCase()
    const found = await searchFirms(testDb(), {
      filters: { sort: part },
      columns: ['fid'],
      page: 1,
      perPage: 100,
      unlimited: true,
    })
    expect(found.result.map((row) => row.fid)).toContain(1001)
    const phone = `(${firm.phone!.slice(0, 3)}) ${firm.phone!.slice(3, 6)}`
    const byPhone = await searchFirms(testDb(), {
      filters: { phone },
      columns: ['fid', 'phone'],
      page: 1,
      perPage: 100,
      unlimited: true,
    })
    expect(byPhone.result.map((row) => row.fid)).toContain(1001)
    const none = await searchFirms(testDb(), {
      filters: { sort: "%_' OR 1=1 --" },
      columns: ['fid'],
      page: 1,
      perPage: 100,
      unlimited: false,
    })
    expect(none.count).toBe(0)
  })

  it('unisearch stops early: non-admins get at most 100 rows without a full count, admins a count capped past the page', async () => {
    const everyone = await unisearchFirms(testDb(), 'a', { unlimited: false })
    expect(everyone.result).toHaveLength(100)
    expect(everyone.count).toBe(100)
    expect(everyone.overLimit).toBe(true)
    const [{ total }] = (
      await testDb().execute<{ total: number }>(
        sql`SELECT count(*)::int AS total FROM firms WHERE ${FIRM_SEARCH_TEXT} ILIKE '%a%'`,
      )
    ).rows
    const admin = await unisearchFirms(testDb(), 'a', { unlimited: true, perPage: 25 })
    expect(admin.count).toBe(Math.min(total, COUNT_CAP))
    expect(admin.countCapped ?? false).toBe(total > COUNT_CAP)
    expect(admin.result).toHaveLength(25)
    // A term never matches across two fields (the index's separator).
    const [firm] = await testDb().select().from(firms).where(eq(firms.fid, 1001))
    const across = `${firm.sort.slice(-2)}${(firm.name1 ?? 'zz').slice(0, 2)}`
    const found = await unisearchFirms(testDb(), across, { unlimited: true })
    const direct = [firm.sort, firm.name1, firm.name2, firm.insured, firm.contact].some((text) =>
      (text ?? '').toLowerCase().includes(across.toLowerCase()),
    )
    expect(found.result.some((row) => row.fid === 1001)).toBe(direct)
  })

  it('unisearch covers names, contact and phone, sorted by sort', async () => {
    const result = await unisearchFirms(testDb(), 'smith', { unlimited: true })
    expect(result.count).toBeGreaterThan(0)
    const sorts = result.result.map((row) => String(row.sort))
    expect(sorts).toEqual([...sorts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    expect(Object.keys(result.result[0])).toEqual(
      expect.arrayContaining(['fid', 'state', 'phone', 'contact', 'sort', 'insured', 'name1', 'name2']),
    )
  })

  it('sorts a few matches itself (WALK_SORT_INDEX_FROM) in the order the sort index walk gives', async () => {
    // Every demo term is below the threshold, so this is the sorted path; the walk's order is the SQL's.
    for (const term of ['smith', 'an', 'law']) {
      const found = await unisearchFirms(testDb(), term, { unlimited: true, perPage: 500 })
      const walked = await testDb().execute<{ fid: number }>(
        sql`SELECT fid FROM firms WHERE ${FIRM_SEARCH_TEXT} ILIKE ${`%${term}%`} ORDER BY sort, fid LIMIT 500`,
      )
      expect(
        found.result.map((row) => row.fid),
        term,
      ).toEqual(walked.rows.map((row) => row.fid))
    }
  })

  it('a search kept for its plan still reads a write at once: rows and count come afresh, the page past the end is the last', async () => {
    const term = 'qzvkwx'
    const search = () => unisearchFirms(testDb(), term, { unlimited: true, perPage: 1 })
    const byColumn = (page: number) =>
      searchFirms(testDb(), { filters: { sort: term }, columns: ['fid', 'sort'], page, perPage: 1, unlimited: true })
    expect((await search()).count).toBe(0)
    expect((await byColumn(1)).count).toBe(0)
    const first = await makeFirm(testDb(), { sort: `Qzvkwx Partners` })
    const second = await makeFirm(testDb(), { sort: `Qzvkwx Holdings` })
    try {
      const found = await search()
      expect(found.count).toBe(2)
      expect(found.result.map((row) => row.fid)).toEqual([second.fid])
      expect((await byColumn(2)).result.map((row) => row.fid)).toEqual([first.fid])
      // Past the end: the last page there is, with the count.
      const past = await byColumn(9)
      expect([past.page, past.count, past.result.map((row) => row.fid)]).toEqual([2, 2, [first.fid]])
      await testDb().update(firms).set({ sort: 'Renamed Partners' }).where(eq(firms.fid, second.fid))
      expect((await search()).result.map((row) => row.fid)).toEqual([first.fid])
      expect((await byColumn(1)).count).toBe(1)
    } finally {
      await testDb()
        .delete(firms)
        .where(inArray(firms.fid, [first.fid, second.fid]))
    }
    expect((await search()).count).toBe(0)
  })

  it('unisearch for a non-admin with 100 or more matches: the first 100 firms on one page, over the limit, never repeated', async () => {
    const all = await unisearchFirms(testDb(), 'an', { unlimited: true, perPage: 500 })
    expect(all.count, 'the demo data has 100+ firms matching "an"').toBeGreaterThanOrEqual(100)
    const first = await unisearchFirms(testDb(), 'an', { unlimited: false, page: 1, perPage: 100 })
    expect(first.overLimit).toBe(true)
    expect(first.result).toHaveLength(100)
    expect(first.totalpages).toBe(1)
    expect(first.result.map((row) => row.fid)).toEqual(all.result.slice(0, 100).map((row) => row.fid))
    // There is no page 2 to link to; a bookmarked one shows the last page there is (as every list
    // does), never firms past the first 100.
    const second = await unisearchFirms(testDb(), 'an', { unlimited: false, page: 2, perPage: 100 })
    expect(second.totalpages).toBe(1)
    expect(second.result.map((row) => row.fid)).toEqual(first.result.map((row) => row.fid))
    expect(second.overLimit).toBe(true)
  })
})

describe('firm update', () => {
  it('saves with the version read, sanitises the note and logs before and after', async () => {
    const firm = (await getFirm(testDb(), 1002))!
    const { fid: _fid, version, createdAt: _c, updatedAt: _u, ...fields } = firm
    const saved = await updateFirm(
      testDb(),
      1002,
      version,
      { ...fields, city: 'Testville', note: '<p>ok<script>alert(1)</script></p>' },
      1,
    )
    expect(saved.version).toBe(version + 1)
    expect(saved.city).toBe('Testville')
    expect(saved.note).toBe('<p>ok</p>')
    const log = await testDb().select().from(changeLog).where(eq(changeLog.entityId, '1002'))
    expect(log.some((row) => row.entity === 'firm' && row.action === 'update')).toBe(true)
  })

  it('refuses a stale version with the current firm instead of overwriting', async () => {
    const firm = (await getFirm(testDb(), 1003))!
    const { fid: _fid, version, createdAt: _c, updatedAt: _u, ...fields } = firm
    await updateFirm(testDb(), 1003, version, { ...fields, city: 'First' }, 1)
    const stale = updateFirm(testDb(), 1003, version, { ...fields, city: 'Second' }, 1)
    await expect(stale).rejects.toBeInstanceOf(ConflictError)
    const error = (await stale.catch((e: unknown) => e)) as ConflictError<{ city: string }>
    expect(error.current.city).toBe('First')
    expect((await getFirm(testDb(), 1003))!.city).toBe('First')
  })
})
