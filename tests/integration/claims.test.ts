import { asc, desc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { claims, users } from '#app/db/schema'
import { MONEY_FIELDS, toCents } from '#app/domain/claims'
import { ConflictError, InvalidError, NotFoundError, StateConflictError } from '#app/domain/errors'
import {
  claimLedgerEntries,
  claimLogs,
  createClaim,
  createLedgerEntry,
  deleteClaim,
  deleteLedgerEntry,
  firmClaimTotals,
  getClaim,
  searchClaims,
  updateClaim,
  updateLedgerEntry,
} from '#app/models/claim.server'
import { claimFormSchema, claimSearchBodySchema } from '#app/schemas/claims'
import { testDb } from './db'

/** A page of the open claims, 15 a page, with the money column res_mon, unless told otherwise. */
const openClaims = (options: Partial<Parameters<typeof searchClaims>[1]> = {}) =>
  searchClaims(testDb(), { filters: { status: 'Open' }, columns: ['res_mon'], page: 1, perPage: 15, ...options })

const centsSum = (values: (string | null)[]) => values.reduce((sum, value) => sum + BigInt(toCents(value) ?? 0), 0n)

async function adminId() {
  const [admin] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
  return admin.id
}

describe('claims search', () => {
  it('filters, pages and sorts on the server with whitelisted columns and the total count', async () => {
    const [some] = await testDb().select().from(claims).where(eq(claims.status, 'Open')).limit(1)
    const first = await searchClaims(testDb(), {
      filters: { status: 'Open', carrier: some.carrier! },
      columns: ['clm_num', 'claimant', 'res_def', 'claim'],
      page: 1,
      perPage: 15,
      sortBy: 'claim',
      sortDesc: true,
    })
    const [{ expected }] = await testDb()
      .select({ expected: sql<number>`count(*)`.mapWith(Number) })
      .from(claims)
      .where(sql`${claims.status} = 'Open' AND ${claims.carrier} = ${some.carrier}`)
    expect(first.count).toBe(expected)
    expect(first.result.length).toBe(Math.min(15, expected))
    expect(Object.keys(first.result[0])).toEqual(['clid', 'clm_num', 'claimant', 'res_def', 'claim'])
    expect(first.result[0].res_def).toMatch(/^\d+\.\d{2}$/)
    expect(first.result[0].claim).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const dates = first.result.map((row) => String(row.claim))
    expect(dates).toEqual([...dates].sort().reverse())
    expect(first.totalPages).toBe(Math.ceil(expected / 15))
  })

  it('sorts amounts by their value, not their text (9,617.79 before 95,693.20 going down)', async () => {
    for (const sortBy of ['res_def', 'est_size', 'deductible'] as const) {
      for (const sortDesc of [true, false]) {
        const page = await searchClaims(testDb(), {
          filters: { status: 'Open' },
          columns: [sortBy],
          page: 1,
          perPage: 100,
          sortBy,
          sortDesc,
        })
        const amounts = page.result
          .map((row) => row[sortBy])
          .filter((value): value is string => value !== null)
          .map((value) => Number(value))
        expect(amounts.length, sortBy).toBeGreaterThan(1)
        expect(amounts, `${sortBy} ${sortDesc ? 'down' : 'up'}`).toEqual(
          [...amounts].sort((a, b) => (sortDesc ? b - a : a - b)),
        )
      }
    }
  })

  it('matches text anywhere, dates in a range, amounts of at least, names of counsel; injection finds nothing', async () => {
    const [claim] = await testDb()
      .select()
      .from(claims)
      .where(sql`${claims.adj_plid} IS NOT NULL AND ${claims.claim} IS NOT NULL`)
      .limit(1)
    const part = claim.claimant!.slice(1, 5).toLowerCase()
    const found = await searchClaims(testDb(), {
      filters: {
        claimant: part,
        claim_from: claim.claim!,
        claim_to: claim.claim!,
        res_def: claim.res_def,
        adj_cid: String(claim.adj_cid),
        adj_plid: String(claim.adj_plid),
      },
      columns: ['adj_cid', 'adj_plid', 'firm_state', 'insured'],
      page: 1,
      perPage: 100,
    })
    expect(found.result.map((row) => row.clid)).toContain(claim.clid)
    const row = found.result.find((candidate) => candidate.clid === claim.clid)!
    expect(typeof row.adj_cid).toBe('string')
    expect(typeof row.adj_plid).toBe('string')
    const none = await searchClaims(testDb(), {
      filters: { claimant: "%_' OR 1=1 --" },
      columns: [],
      page: 1,
      perPage: 15,
    })
    expect(none.count).toBe(0)
  })

  it('aggregates (sum, max, min, count of each money field) equal sums computed independently', async () => {
    const page = await openClaims({ aggregates: true })
    const rows = await testDb().select().from(claims).where(eq(claims.status, 'Open'))
    expect(rows.length).toBe(page.count)
    for (const field of MONEY_FIELDS) {
      const values = rows.map((row) => row[field])
      expect(BigInt(toCents(String(page.aggregates![`sum${field}`]))!)).toBe(centsSum(values))
      const cents = values.map((value) => toCents(value)!)
      expect(toCents(String(page.aggregates![`max${field}`]))).toBe(Math.max(...cents))
      expect(toCents(String(page.aggregates![`min${field}`]))).toBe(Math.min(...cents))
      expect(page.aggregates![`count${field}`]).toBe(rows.length)
    }
    // With aggregates the count comes from their query: the same page, count and pages as without.
    const plain = await openClaims()
    expect(page.result).toEqual(plain.result)
    expect({ count: page.count, totalPages: page.totalPages }).toEqual({
      count: plain.count,
      totalPages: plain.totalPages,
    })
    expect(Object.keys(page.aggregates!)).not.toContain('__matches')
    const past = await openClaims({ page: 999, aggregates: true })
    expect({ page: past.page, count: past.count }).toEqual({ page: plain.totalPages, count: plain.count })
  })

  it('the page asks only for its money columns: the same figures for them, nothing for the others', async () => {
    const search = { filters: { status: 'Open' }, columns: ['res_def', 'defense'], page: 1, perPage: 15 }
    const all = await searchClaims(testDb(), { ...search, aggregates: true })
    const chosen = await searchClaims(testDb(), { ...search, aggregates: ['res_def', 'defense'] })
    expect(Object.keys(chosen.aggregates!).sort()).toEqual([
      'countdefense',
      'countres_def',
      'maxdefense',
      'maxres_def',
      'mindefense',
      'minres_def',
      'sumdefense',
      'sumres_def',
    ])
    for (const key of Object.keys(chosen.aggregates!)) expect(chosen.aggregates![key]).toEqual(all.aggregates![key])
    expect({ count: chosen.count, result: chosen.result }).toEqual({ count: all.count, result: all.result })
    // None chosen: no aggregates query at all.
    expect((await searchClaims(testDb(), { ...search, aggregates: [] })).aggregates).toBeUndefined()
  })

  it('totals a Type and Status search from the index alone: it carries every money column (migration 0015)', async () => {
    const { rows } = await testDb().execute<{ def: string }>(
      sql`SELECT pg_get_indexdef('claims_type_status_idx'::regclass) AS def`,
    )
    const included = /INCLUDE \(([^)]*)\)/
      .exec(rows[0].def)?.[1]
      .split(',')
      .map((name) => name.trim().replaceAll('"', ''))
    expect(included?.sort()).toEqual([...MONEY_FIELDS].sort())
    const plan = await testDb().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`)
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`)
      const explained = await tx.execute<{ 'QUERY PLAN': unknown }>(
        sql`EXPLAIN (FORMAT JSON) SELECT sum(${claims.res_def}), max(${claims.defense}), count(*) FROM ${claims} WHERE ${claims.type} = 'FPL' AND ${claims.status} = 'Open' AND ${claims.res_def} >= 10000`,
      )
      return JSON.stringify(explained.rows[0]['QUERY PLAN'])
    })
    expect(plan).toMatch(/"Node Type":"Index Only Scan"[^{]*"Index Name":"claims_type_status_idx"/)
  })

  it('refuses unknown sort columns and filters in the API body', () => {
    expect(claimSearchBodySchema.safeParse({ sortBy: 'clid; drop table claims' }).success).toBe(false)
    expect(claimSearchBodySchema.safeParse({ whereColumns: { password: 'x' } }).success).toBe(false)
    expect(claimSearchBodySchema.safeParse({ whereColumns: { res_def: '1,000' } }).success).toBe(false)
    expect(claimSearchBodySchema.safeParse({ whereColumns: { adj_plid: '5' } }).error?.issues[0].message).toBe(
      'Choose a Claims Handler first.',
    )
    expect(
      claimSearchBodySchema.parse({
        whereColumns: { res_def: '1000.5', fid: 1001, claimant: '' },
        checkedColumns: ['clid', 'res_def'],
      }).whereColumns,
    ).toEqual({ res_def: '1000.5', fid: '1001' })
  })
})

describe('claim editing', () => {
  const values = (claim: Awaited<ReturnType<typeof getClaim>>, changes: Record<string, string>) => {
    const form: Record<string, string> = {}
    for (const [key, value] of Object.entries(claim!))
      if (value !== null && typeof value !== 'object') form[key] = String(value)
    return claimFormSchema.parse({ ...form, ...changes })
  }
  /** The id of the first or the newest claim on a policy. */
  const claimOnPolicy = async (which: 'first' | 'newest') => {
    const [row] = await testDb()
      .select({ clid: claims.clid })
      .from(claims)
      .where(sql`${claims.pid} IS NOT NULL`)
      .orderBy(which === 'newest' ? desc(claims.clid) : asc(claims.clid))
      .limit(1)
    return row!.clid
  }
  /** The claim's form with these changes as the update takes them: without the version and intent. */
  const changesOf = (claim: Awaited<ReturnType<typeof getClaim>>, changes: Record<string, string>) => {
    const { version: _version, intent: _intent, ...rest } = values(claim, changes)
    return rest
  }

  it('saves with the version read, logs before and after, and refuses a stale version with the current claim', async () => {
    const userId = await adminId()
    const claim = await getClaim(testDb(), await claimOnPolicy('first'))
    const changes = changesOf(claim, { claimant: 'Pat Example', close: '', res_mon: '100.10', insuit: 'on' })
    const saved = await updateClaim(testDb(), claim!.clid, claim!.version, changes, userId)
    expect(saved.claimant).toBe('Pat Example')
    expect(saved.close).toBeNull()
    expect(saved.insuit).toBe('yes')
    expect(saved.version).toBe(claim!.version + 1)
    const stale = await updateClaim(
      testDb(),
      claim!.clid,
      claim!.version,
      { ...changes, claimant: 'Lost Update' },
      userId,
    ).catch((error) => error)
    expect(stale).toBeInstanceOf(ConflictError)
    expect((stale as ConflictError<{ claimant: string }>).current.claimant).toBe('Pat Example')
    const logs = await claimLogs(testDb(), claim!.clid)
    expect(logs[0].username).toBe('admin')
    expect(logs[0].changes).toContainEqual({ field: 'claimant', before: claim!.claimant, after: 'Pat Example' })
  })

  it('a save that changes nothing writes nothing: same version, no line in the log; CRLF and LF line breaks are the same text', async () => {
    const userId = await adminId()
    const clid = await claimOnPolicy('newest')
    const first = await getClaim(testDb(), clid)
    // A note with line breaks, saved once as a script sends it (LF).
    const lf = changesOf(first, { note: 'File opened.\nCounsel assigned.', res_def: '2500.5' })
    const saved = await updateClaim(testDb(), clid, first!.version, lf, userId)
    const logged = (await claimLogs(testDb(), clid)).length
    // The same claim posted by a browser without JavaScript: CRLF line breaks, the amount as shown.
    const again = await getClaim(testDb(), clid)
    const crlf = changesOf(again, { note: 'File opened.\r\nCounsel assigned.', res_def: '2500.50' })
    const unchanged = await updateClaim(testDb(), clid, saved.version, crlf, userId)
    expect(unchanged.version).toBe(saved.version)
    expect(unchanged.note).toBe('File opened.\nCounsel assigned.')
    expect(await claimLogs(testDb(), clid)).toHaveLength(logged)
    // A real change still saves.
    const changed = await updateClaim(testDb(), clid, saved.version, { ...crlf, claimant: 'Changed Claimant' }, userId)
    expect(changed.version).toBe(saved.version + 1)
  })

  it('refuses a negative amount with the spec message, and a policy of another firm', async () => {
    const parsed = claimFormSchema.safeParse({ version: '1', res_def: '-5' })
    expect(parsed.success).toBe(false)
    expect(parsed.error!.issues[0].message).toBe('Must be greater than or equal to 0')
    const [a] = await testDb().select().from(claims).limit(1)
    const [other] = await testDb()
      .execute<{ pid: number }>(sql`SELECT pid FROM policies WHERE fid <> ${a.fid} LIMIT 1`)
      .then((result) => result.rows)
    const claim = await getClaim(testDb(), a.clid)
    const changes = changesOf(claim, { pid: String(other.pid) })
    await expect(updateClaim(testDb(), a.clid, claim!.version, changes, null)).rejects.toBeInstanceOf(InvalidError)
  })

  it('creates a claim for a firm, keeps ledger entries in the log, and refuses deleting a claim with entries', async () => {
    const user = { id: await adminId(), username: 'admin' }
    const [firm] = await testDb()
      .execute<{ fid: number }>(sql`SELECT fid FROM firms ORDER BY fid LIMIT 1`)
      .then((result) => result.rows)
    const created = await createClaim(testDb(), firm.fid, user.id)
    expect(created.fid).toBe(firm.fid)
    const entry = await createLedgerEntry(
      testDb(),
      created.clid,
      { type: 'defense', acct: 'Claims Paid', cid: null, num: 'CHK-1', amt: '250.25', dated: '2024-03-01', note: null },
      user,
    )
    const updated = await updateLedgerEntry(
      testDb(),
      created.clid,
      entry.id,
      entry.version,
      {
        type: 'defense',
        acct: 'Claims Paid',
        cid: null,
        num: 'CHK-1',
        amt: '300.00',
        dated: '2024-03-01',
        note: 'corrected',
      },
      user.id,
    )
    expect(updated.amt).toBe('300.00')
    await expect(
      updateLedgerEntry(
        testDb(),
        created.clid,
        entry.id,
        entry.version,
        { type: 'defense', acct: null, cid: null, num: null, amt: '1', dated: '2024-03-01', note: null },
        user.id,
      ),
    ).rejects.toBeInstanceOf(ConflictError)
    expect((await claimLedgerEntries(testDb(), created.clid)).map((row) => row.amt)).toEqual(['300.00'])
    await expect(deleteClaim(testDb(), created.clid, user.id)).rejects.toBeInstanceOf(StateConflictError)
    await deleteLedgerEntry(testDb(), created.clid, entry.id, user.id)
    const logs = await claimLogs(testDb(), created.clid)
    expect(logs.map((log) => `${log.entity}:${log.action}`)).toEqual([
      'claim_ledger:delete',
      'claim_ledger:update',
      'claim_ledger:create',
      'claim:create',
    ])
    await deleteClaim(testDb(), created.clid, user.id)
    expect(await getClaim(testDb(), created.clid)).toBeNull()
    await expect(createClaim(testDb(), 2 ** 31 - 1, user.id)).rejects.toBeInstanceOf(NotFoundError)
  })
})

describe('firm claim totals', () => {
  it('sum in SQL to what the claims add up to, a claim without a claim date counting as today', async () => {
    const [busy] = await testDb()
      .execute<{ fid: number }>(sql`SELECT fid FROM claims GROUP BY fid ORDER BY count(*) DESC LIMIT 1`)
      .then((result) => result.rows)
    const created = await createClaim(testDb(), busy.fid, null)
    await testDb().update(claims).set({ monitor: '10.01', claim: null }).where(eq(claims.clid, created.clid))
    const totals = await firmClaimTotals(testDb(), busy.fid)
    const rows = await testDb().select().from(claims).where(eq(claims.fid, busy.fid))
    expect(totals.total.claims).toBe(rows.length)
    expect(BigInt(toCents(totals.total.monitor)!)).toBe(centsSum(rows.map((row) => row.monitor)))
    expect(BigInt(toCents(totals.total.total)!)).toBe(
      centsSum(rows.flatMap((row) => [row.monitor, row.defense, row.damages])),
    )
    const thisYear = new Date().getFullYear()
    const current = totals.years.find((year) => year.year === thisYear)!
    const expectedThisYear = rows.filter((row) => row.claim === null || row.claim.startsWith(String(thisYear)))
    expect(current.claims).toBe(expectedThisYear.length)
    expect(totals.total.last).toBe(new Date().toISOString().slice(0, 10))
  })
})
