import { eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { changeLog, firms, notes, userAcls, users } from '#app/db/schema'
import {
  JOB_KINDS,
  NOTE_MESSAGES,
  STATUS_RANK,
  jobKindsOf,
  type JobKind,
  type NoteStatusName,
  type NoteTypeName,
} from '#app/domain/notes'
import {
  JobError,
  findJobUser,
  jobCounts,
  jobUsers,
  jobsPageSql,
  listJobs,
  markJobDone,
  searchedJobsSql,
  takeNextJob,
  type JobActor,
} from '#app/models/job.server'
import { JOB_ROW_KEYS } from '../support/api-shapes'
import { testDb } from './db'

// Fixed dates keep the tickler rule independent of the day the test runs.
const TODAY = '2030-06-15'
const PAST = '2030-06-01'
const FUTURE = '2030-07-01'

let prospectFid: number
let insuredFid: number
let one: JobActor
let two: JobActor
let admin: JobActor

async function makeUser(username: string): Promise<JobActor> {
  const [row] = await testDb()
    .insert(users)
    .values({ username, passwordHash: 'not-a-hash' })
    .returning({ id: users.id })
  return { id: row.id, username, isAdmin: false }
}

let minutes = 0
async function job(values: {
  staff: string | null
  type?: NoteTypeName
  status?: NoteStatusName
  due?: string | null
  fid?: number
  re?: string
  cstampMinutesAgo?: number
}) {
  minutes += 1
  const cstamp = new Date(Date.now() - (values.cstampMinutesAgo ?? 100_000 - minutes) * 60_000)
  const [row] = await testDb()
    .insert(notes)
    .values({
      fid: values.fid ?? insuredFid,
      type: values.type ?? 'memo',
      status: values.status ?? 'normal',
      staff: values.staff,
      opener: 'admin',
      due: values.due ?? null,
      re: values.re ?? `job ${minutes}`,
      stamp: new Date(cstamp.getTime() - 3 * 86_400_000),
      cstamp,
    })
    .returning()
  return row
}

const ids = (rows: readonly { nid: number }[]) => rows.map((row) => row.nid)

beforeAll(async () => {
  const db = testDb()
  const [prospect] = await db.select({ fid: firms.fid }).from(firms).where(eq(firms.status, 'Prospect')).limit(1)
  const [insured] = await db.select({ fid: firms.fid }).from(firms).where(eq(firms.status, 'Insured')).limit(1)
  prospectFid = prospect.fid
  insuredFid = insured.fid
  one = await makeUser('jobtest.one')
  two = await makeUser('jobtest.two')
  const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
  admin = { id: adminRow.id, username: 'admin', isAdmin: true }
})

describe('job kinds', () => {
  it('lists each kind as jobKindsOf says, hides closed and admin-type notes from non-admins', async () => {
    const tickler = await job({ staff: one.username, due: PAST })
    const retry = await job({ staff: one.username, type: 'retry', fid: prospectFid })
    const failed = await job({ staff: one.username, type: 'email failed', due: FUTURE })
    const other = await job({ staff: one.username, due: FUTURE })
    const solicit = await job({ staff: one.username, fid: prospectFid })
    const dueToday = await job({ staff: one.username, type: 'tel in', due: TODAY })
    const done = await job({ staff: one.username, status: 'done', due: PAST })
    const cancelled = await job({ staff: one.username, status: 'cancel' })
    const adminType = await job({ staff: one.username, type: 'admin' })

    const list = async (kind: JobKind, isAdmin = false) =>
      ids((await listJobs(testDb(), { staff: [one.username], kind, isAdmin, today: TODAY })).result).sort()
    const sorted = (...rows: { nid: number }[]) => ids(rows).sort()
    expect(await list('all')).toEqual(sorted(tickler, retry, failed, other, solicit, dueToday))
    expect(await list('ticklers')).toEqual(sorted(tickler, dueToday))
    expect(await list('retries')).toEqual(sorted(retry, failed))
    expect(await list('solicit')).toEqual(sorted(retry, solicit))
    expect(await list('others')).toEqual(sorted(other))
    expect(await list('all', true)).toEqual(sorted(tickler, retry, failed, other, solicit, dueToday, adminType))
    expect(await list('all')).not.toContain(done.nid)
    expect(await list('all')).not.toContain(cancelled.nid)
  })

  it('agrees with jobKindsOf on every open job of the demo data', async () => {
    const open = await testDb().execute<{
      nid: number
      type: string
      due: string | null
      firm_status: string | null
      staff: string
    }>(sql`
      SELECT n.nid, n.type, n.due::text AS due, f.status AS firm_status, n.staff
      FROM notes n JOIN firms f ON f.fid = n.fid
      WHERE n.status NOT IN ('done', 'cancel') AND n.staff IN ('underwriter', 'mkent', 'jrivera')`)
    expect(open.rows.length).toBeGreaterThan(50)
    // A day inside the demo data's range of due dates, so both sides of the tickler rule occur.
    const today = new Date().toISOString().slice(0, 10)
    const staff = ['underwriter', 'mkent', 'jrivera']
    for (const kind of JOB_KINDS) {
      const expected = open.rows
        .filter((row) =>
          jobKindsOf({ type: row.type, due: row.due, firmStatus: row.firm_status }, today).includes(kind),
        )
        .map((row) => row.nid)
      const listed = await listJobs(testDb(), { staff, kind, isAdmin: true, today })
      expect(ids(listed.result).sort(), kind).toEqual(expected.sort())
    }
  })
})

describe('order, search and bounds', () => {
  it('sorts by staff ascending, status descending (xtreme first), cstamp ascending by default', async () => {
    const rows = [
      await job({ staff: two.username, status: 'normal', cstampMinutesAgo: 50 }),
      await job({ staff: two.username, status: 'xtreme', cstampMinutesAgo: 10 }),
      await job({ staff: two.username, status: 'urgent', cstampMinutesAgo: 30 }),
      await job({ staff: two.username, status: 'xtreme', cstampMinutesAgo: 40 }),
      await job({ staff: two.username, status: 'low', cstampMinutesAgo: 60 }),
      await job({ staff: two.username, status: 'check', cstampMinutesAgo: 20 }),
    ]
    const listed = await listJobs(testDb(), { staff: [two.username, one.username], isAdmin: false })
    const expected = [...rows, ...(await listJobs(testDb(), { staff: [one.username], isAdmin: false })).result]
      .map((row) => ({
        nid: row.nid,
        staff: row.staff!,
        rank: STATUS_RANK[row.status as NoteStatusName],
        cstamp: new Date(row.cstamp).getTime(),
      }))
      .sort(
        (a, b) =>
          (a.staff < b.staff ? -1 : a.staff > b.staff ? 1 : 0) ||
          b.rank - a.rank ||
          a.cstamp - b.cstamp ||
          a.nid - b.nid,
      )
    expect(ids(listed.result)).toEqual(ids(expected))
    expect(listed.result.map((row) => row.staff)).toEqual([...listed.result.map((row) => row.staff)].sort())
    const mine = listed.result.filter((row) => row.staff === two.username).map((row) => row.status)
    expect(mine).toEqual(['xtreme', 'xtreme', 'urgent', 'normal', 'check', 'low'])
  })

  it('sorts by a whitelisted column first, searches re and firm sort, and carries the spec names', async () => {
    const byRe = await listJobs(testDb(), { staff: [two.username], isAdmin: false, sort: { by: 're', desc: true } })
    const res = byRe.result.map((row) => row.re!.toLowerCase())
    expect(res).toEqual([...res].sort().reverse())
    const row = byRe.result[0]
    expect(Object.keys(row).sort()).toEqual(JOB_ROW_KEYS)
    expect(row._lag).toBe(Math.floor((Date.now() - new Date(row.cstamp).getTime()) / 86_400_000) + 3)

    const special = await job({ staff: two.username, re: 'Renewal 100%_done' })
    const found = await listJobs(testDb(), { staff: [two.username], isAdmin: false, search: '100%_' })
    expect(ids(found.result)).toEqual([special.nid])
    const [firm] = await testDb().select({ sort: firms.sort }).from(firms).where(eq(firms.fid, insuredFid))
    const byFirm = await listJobs(testDb(), { staff: [two.username], isAdmin: false, search: firm.sort.toUpperCase() })
    expect(byFirm.count).toBe((await listJobs(testDb(), { staff: [two.username], isAdmin: false })).count)
    // The count tests the firm's sort per job (EXISTS), the page through its join: the same jobs.
    expect(byFirm.result).toHaveLength(byFirm.count)
    const solicit = await listJobs(testDb(), {
      staff: [two.username],
      isAdmin: false,
      kind: 'others',
      search: firm.sort,
    })
    expect(solicit.result).toHaveLength(solicit.count)
  })

  it('names users in any letter case and caps the rows with a count of the whole queue', async () => {
    const all = await listJobs(testDb(), { staff: ['JOBTEST.TWO'], isAdmin: false })
    expect(all.count).toBeGreaterThan(3)
    const capped = await listJobs(testDb(), { staff: [two.username], isAdmin: false, limit: 3 })
    expect(capped.result).toHaveLength(3)
    expect(capped).toMatchObject({ count: all.count, capped: true, limit: 3 })
    expect((await listJobs(testDb(), { staff: [], isAdmin: false })).result).toEqual([])
  })

  it('pages the queue on the server in its order; a page past the end shows the last one', async () => {
    const all = await listJobs(testDb(), { staff: [two.username], isAdmin: false })
    const first = await listJobs(testDb(), { staff: [two.username], isAdmin: false, limit: 2, page: 1 })
    const second = await listJobs(testDb(), { staff: [two.username], isAdmin: false, limit: 2, page: 2 })
    expect(ids(first.result)).toEqual(ids(all.result.slice(0, 2)))
    expect(ids(second.result)).toEqual(ids(all.result.slice(2, 4)))
    expect(second).toMatchObject({ count: all.count, page: 2, pages: Math.ceil(all.count / 2) })
    const past = await listJobs(testDb(), { staff: [two.username], isAdmin: false, limit: 2, page: 999 })
    expect(past.page).toBe(Math.ceil(all.count / 2))
    expect(ids(past.result)).toEqual(ids(all.result.slice((past.page - 1) * 2)))
  })
  it('picks a page in the open-jobs order index alone: no sort of the queue, no table read to search it (migrations 0007, 0014)', async () => {
    // With sorting priced out, a Sort node would mean the index expression no longer matches the ORDER BY.
    const planOf = (query: { sort?: { by: 're' | 'sort'; desc: boolean }; search?: string }, statement = jobsPageSql) =>
      testDb().transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_sort = off`)
        await tx.execute(sql`SET LOCAL enable_seqscan = off`)
        await tx.execute(sql`SET LOCAL enable_bitmapscan = off`)
        const explained = await tx.execute<{ 'QUERY PLAN': unknown }>(
          sql`EXPLAIN (FORMAT JSON) ${statement({ staff: [two.username], isAdmin: false, ...query }, { limit: 100, offset: 0 })}`,
        )
        return JSON.stringify(explained.rows[0]['QUERY PLAN'])
      })
    const plan = await planOf({})
    expect(plan).toContain('notes_open_jobs_order_idx')
    expect(plan).not.toContain('"Node Type":"Sort"')
    // The page comes out of the pick in its order: the outer query sorts nothing either.
    expect(plan).not.toContain('"Node Type":"Incremental Sort"')
    // A search is tested on the index's columns: the queue is an index-only scan (only the page's rows
    // are read from the table, by their nid).
    const searched = await planOf({ search: 'renewal' })
    expect(searched).toMatch(/"Node Type":"Index Only Scan"[^{]*"Index Name":"notes_open_jobs_order_idx"/)
    expect(searched).not.toContain('"Node Type":"Sort"')
    // The list runs a search as one statement: the queue is tested once (an index-only scan), for the
    // count and the page alike; the table is read for the page's rows only (by nid).
    const searchedOnce = await planOf({ search: 'renewal' }, searchedJobsSql)
    expect(searchedOnce.match(/"Index Name":"notes_open_jobs_order_idx"/g)).toHaveLength(1)
    expect(searchedOnce).toMatch(/"Node Type":"Index Only Scan"[^{]*"Index Name":"notes_open_jobs_order_idx"/)
    expect(searchedOnce).not.toMatch(/"Node Type":"Seq Scan"[^{]*"Relation Name":"notes"/)
    // A chosen column has to be sorted: the check above does see a Sort when there is one.
    expect(await planOf({ sort: { by: 're', desc: false } })).toContain('"Node Type":"Sort"')
    expect(await planOf({ sort: { by: 'sort', desc: false } })).toContain('"Node Type":"Sort"')
  })

  it('finds by type, status and staff what testing each job with ILIKE found, in the same order', async () => {
    const staff = [one.username, two.username]
    for (const kind of ['all', 'solicit'] as const) {
      const whole = await listJobs(testDb(), { staff, isAdmin: true, kind, limit: 1000 })
      expect(whole.count).toBe(whole.result.length)
      for (const term of [
        'urgent',
        'URG',
        'x',
        'memo',
        'web',
        'call',
        'jobtest',
        'TWO',
        '.one',
        'e',
        'renewal',
        '%',
        '_',
      ]) {
        const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        const { rows } = await testDb().execute<{ nid: number }>(
          sql`SELECT n.nid FROM notes n LEFT JOIN firms f ON f.fid = n.fid WHERE n.nid = ANY(${sql.param(ids(whole.result))}::int[])
              AND (n.re ILIKE ${like} OR f.sort ILIKE ${like} OR n.type ILIKE ${like} OR n.status ILIKE ${like}
                   OR n.staff ILIKE ${like} OR n.opener ILIKE ${like})`,
        )
        const matched = new Set(rows.map((row) => row.nid))
        const found = await listJobs(testDb(), { staff, isAdmin: true, kind, search: term, limit: 1000 })
        expect(ids(found.result), `${kind} '${term}'`).toEqual(ids(whole.result).filter((nid) => matched.has(nid)))
        expect(found.count).toBe(matched.size)
        if (kind === 'all' && ['urgent', 'URG', 'jobtest', 'TWO', 'memo'].includes(term))
          expect(matched.size, term).toBeGreaterThan(0)
      }
    }
  })

  it('pages a searched queue with the count of its matches; a page past the end shows the last one', async () => {
    const staff = [one.username, two.username]
    const whole = await listJobs(testDb(), { staff, isAdmin: true })
    for (const sort of [undefined, { by: 're', desc: false }, { by: 'sort', desc: true }] as const) {
      const term = 'e'
      const all = await listJobs(testDb(), { staff, isAdmin: true, search: term, sort })
      expect(all.count).toBe(all.result.length)
      expect(all.count).toBeGreaterThan(2)
      expect(all.count).toBeLessThanOrEqual(whole.count)
      const first = await listJobs(testDb(), { staff, isAdmin: true, search: term, sort, limit: 2, page: 1 })
      const second = await listJobs(testDb(), { staff, isAdmin: true, search: term, sort, limit: 2, page: 2 })
      expect([...ids(first.result), ...ids(second.result)]).toEqual(ids(all.result.slice(0, 4)))
      expect(second).toMatchObject({ count: all.count, page: 2, pages: Math.ceil(all.count / 2) })
      const past = await listJobs(testDb(), { staff, isAdmin: true, search: term, sort, limit: 2, page: 999 })
      expect(past.page).toBe(Math.ceil(all.count / 2))
      expect(ids(past.result)).toEqual(ids(all.result.slice((past.page - 1) * 2)))
    }
    expect(await listJobs(testDb(), { staff, isAdmin: true, search: 'no job says this' })).toMatchObject({
      result: [],
      count: 0,
      page: 1,
      pages: 1,
    })
  })

  it('pages a re-sorted or firm-sorted queue in the order of the whole queue', async () => {
    const all = await listJobs(testDb(), { staff: [one.username, two.username], isAdmin: true })
    for (const sort of [
      undefined,
      { by: 're', desc: false },
      { by: 'lag', desc: true },
      { by: 'sort', desc: true },
    ] as const) {
      const whole = await listJobs(testDb(), { staff: [one.username, two.username], isAdmin: true, sort })
      const paged = [
        ...(await listJobs(testDb(), { staff: [one.username, two.username], isAdmin: true, sort, limit: 2, page: 1 }))
          .result,
        ...(await listJobs(testDb(), { staff: [one.username, two.username], isAdmin: true, sort, limit: 2, page: 2 }))
          .result,
      ]
      expect(whole.count).toBe(all.count)
      expect(ids(paged)).toEqual(ids(whole.result.slice(0, 4)))
    }
  })
})

describe('counts and users', () => {
  it('counts active and extreme jobs per user', async () => {
    const counts = await jobCounts(testDb(), { isAdmin: false, staff: [one.username, two.username] })
    const listedOne = await listJobs(testDb(), { staff: [one.username], isAdmin: false })
    const listedTwo = await listJobs(testDb(), { staff: [two.username], isAdmin: false })
    expect(counts).toEqual([
      {
        staff: one.username,
        activejobs: listedOne.count,
        extremejobs: listedOne.result.filter((row) => row.status === 'xtreme').length,
      },
      { staff: two.username, activejobs: listedTwo.count, extremejobs: 2 },
    ])
    const everyone = await jobCounts(testDb(), { isAdmin: true })
    expect(everyone.find((row) => row.staff === one.username)?.activejobs).toBe(listedOne.count + 1) // the admin-type job
    expect(everyone.length).toBeGreaterThan(5)
  })

  it('lists enabled users with their counts and, on request, their ACL', async () => {
    await testDb().insert(userAcls).values({ userId: one.id, allowedUserId: two.id })
    const list = await jobUsers(testDb(), { isAdmin: false, withAcls: true })
    const found = list.find((user) => user.username === one.username)
    expect(found).toMatchObject({ id: one.id, allowed_users: [{ username: two.username }] })
    expect(found?.activejobs).toBe((await listJobs(testDb(), { staff: [one.username], isAdmin: false })).count)
    expect(list.some((user) => user.username === 'lformer')).toBe(false)
    const plain = await jobUsers(testDb(), { isAdmin: false })
    expect(plain.find((user) => user.username === one.username)).not.toHaveProperty('allowed_users')
    expect(await findJobUser(testDb(), 'ADMIN')).toMatchObject({ username: 'admin', isAdmin: true })
    expect(await findJobUser(testDb(), one.id)).toMatchObject({ username: one.username, isAdmin: false })
    expect(await findJobUser(testDb(), 'lformer')).toBeNull()
  })

  it("takes a whole queue's count from the picker's counts: the same figure as counting, for admins and staff", async () => {
    for (const isAdmin of [true, false]) {
      const picker = await jobUsers(testDb(), { isAdmin })
      for (const staff of [one.username, two.username.toUpperCase(), 'underwriter', 'admin']) {
        const listed = picker.find((user) => user.username.toLowerCase() === staff.toLowerCase())
        expect(listed, staff).toBeDefined()
        const counted = await listJobs(testDb(), { staff: [staff], isAdmin, limit: 5 })
        const taken = await listJobs(
          testDb(),
          { staff: [staff], isAdmin, limit: 5 },
          { queueCount: Promise.resolve(listed!.activejobs) },
        )
        expect(taken, `${staff} admin ${isAdmin}`).toEqual(counted)
      }
    }
    // Another kind, or a user the picker does not list, is counted as before.
    const ticklers = await listJobs(testDb(), { staff: ['underwriter'], kind: 'ticklers', isAdmin: true, limit: 5 })
    expect(
      await listJobs(
        testDb(),
        { staff: ['underwriter'], kind: 'ticklers', isAdmin: true, limit: 5 },
        { queueCount: Promise.resolve(999_999) },
      ),
    ).toEqual(ticklers)
    const unlisted = await listJobs(testDb(), { staff: ['lformer'], isAdmin: true, limit: 5 })
    expect(
      await listJobs(
        testDb(),
        { staff: ['lformer'], isAdmin: true, limit: 5 },
        { queueCount: Promise.resolve(undefined) },
      ),
    ).toEqual(unlisted)
  })
})

describe('Mark Done', () => {
  it("closes one's own job: status done, closer, cstamp, a task line, a new version and a change record", async () => {
    const open = await job({ staff: one.username, status: 'urgent', cstampMinutesAgo: 500 })
    const result = await markJobDone(testDb(), open.nid, open.version, one)
    expect(result).toEqual({ nid: open.nid, version: open.version + 1 })
    const [after] = await testDb().select().from(notes).where(eq(notes.nid, open.nid))
    expect(after).toMatchObject({ status: 'done', closer: one.username, staff: one.username })
    expect(after.cstamp.getTime()).toBeGreaterThan(open.cstamp.getTime())
    expect(after.tasks).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d jobtest\.one: marked done$/)
    const log = await testDb()
      .select()
      .from(changeLog)
      .where(sql`${changeLog.entity} = 'note' AND ${changeLog.entityId} = ${String(open.nid)}`)
    expect(log).toHaveLength(1)
  })

  it("refuses others' jobs (admins too), closed jobs, stale versions and missing notes with 'Error marking note done.'", async () => {
    const theirs = await job({ staff: two.username })
    const refusal = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (caught: unknown) => caught,
      )
      expect(error).toBeInstanceOf(JobError)
      expect((error as JobError).message).toBe(NOTE_MESSAGES.markDoneFailed)
      return (error as JobError).status
    }
    expect(await refusal(markJobDone(testDb(), theirs.nid, theirs.version, one))).toBe(403)
    expect(await refusal(markJobDone(testDb(), theirs.nid, theirs.version, admin))).toBe(403)
    expect(await refusal(markJobDone(testDb(), theirs.nid, theirs.version + 1, two))).toBe(409)
    const done = await job({ staff: two.username, status: 'done' })
    expect(await refusal(markJobDone(testDb(), done.nid, done.version, two))).toBe(409)
    expect(await refusal(markJobDone(testDb(), 2_000_000_000, 1, two))).toBe(404)
    const secret = await job({ staff: two.username, type: 'admin' })
    expect(await refusal(markJobDone(testDb(), secret.nid, secret.version, two))).toBe(404)
    const [unchanged] = await testDb().select().from(notes).where(eq(notes.nid, theirs.nid))
    expect(unchanged).toMatchObject({ status: 'normal', version: theirs.version, tasks: null })
  })
})

describe('Next Job', () => {
  let taker: JobActor
  let other: JobActor

  beforeAll(async () => {
    taker = await makeUser('jobtest.taker')
    other = await makeUser('jobtest.other')
    // This file's database only: the demo pool of unassigned notes goes to admin, so the tests own the pool.
    await testDb().execute(
      sql`UPDATE notes SET staff = 'admin' WHERE staff IS NULL AND status NOT IN ('done', 'cancel')`,
    )
  })

  it('takes the most pressing: xtreme, urgent, Exdate reached, then the oldest change; then the user keeps it', async () => {
    const oldest = await job({ staff: null, cstampMinutesAgo: 9000 })
    const due = await job({ staff: null, due: PAST, cstampMinutesAgo: 10 })
    const urgent = await job({ staff: null, status: 'urgent', cstampMinutesAgo: 5 })
    const xtreme = await job({ staff: null, status: 'xtreme', cstampMinutesAgo: 1 })
    await job({ staff: null, status: 'done', cstampMinutesAgo: 99_000 })
    await job({ staff: other.username, status: 'xtreme' })
    await job({ staff: null, type: 'admin', status: 'xtreme' })

    const first = await takeNextJob(testDb(), taker, taker, { today: TODAY })
    expect(first).toMatchObject({
      nid: xtreme.nid,
      staff: taker.username,
      handedOver: true,
      version: xtreme.version + 1,
    })
    const [after] = await testDb().select().from(notes).where(eq(notes.nid, xtreme.nid))
    expect(after.taken).not.toBeNull()
    expect(after.closer).toBeNull()
    expect(after.tasks).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d jobtest\.taker: took from nobody$/)
    // The xtreme job is now the taker's own: Next Job offers it again until it is done.
    expect((await takeNextJob(testDb(), taker, taker, { today: TODAY }))?.nid).toBe(xtreme.nid)
    await markJobDone(testDb(), xtreme.nid, xtreme.version + 2, taker)
    expect((await takeNextJob(testDb(), taker, taker, { today: TODAY }))?.nid).toBe(urgent.nid)
    await testDb().update(notes).set({ status: 'done' }).where(eq(notes.nid, urgent.nid))
    expect((await takeNextJob(testDb(), taker, taker, { today: TODAY }))?.nid).toBe(due.nid)
    await testDb().update(notes).set({ status: 'done' }).where(eq(notes.nid, due.nid))
    expect((await takeNextJob(testDb(), taker, taker, { today: TODAY }))?.nid).toBe(oldest.nid)
    await testDb().update(notes).set({ status: 'done' }).where(eq(notes.nid, oldest.nid))
    // Only the admin-type job is left: not for a non-admin.
    expect(await takeNextJob(testDb(), taker, taker, { today: TODAY })).toBeNull()
  })

  it('gives a job to another user on their behalf with took from / gave to, closer the previous holder', async () => {
    const held = await job({ staff: null, status: 'urgent' })
    const taken = await takeNextJob(testDb(), other, admin, { today: TODAY })
    expect(taken?.nid).not.toBe(held.nid) // other already holds an xtreme job: theirs comes first
    expect(taken).toMatchObject({ staff: other.username, handedOver: false })
    await testDb().update(notes).set({ status: 'done' }).where(eq(notes.nid, taken!.nid))
    const second = await takeNextJob(testDb(), other, admin, { today: TODAY })
    expect(second).toMatchObject({ nid: held.nid, staff: other.username, handedOver: true })
    const [after] = await testDb().select().from(notes).where(eq(notes.nid, held.nid))
    expect(after.tasks).toMatch(/admin: took from nobody \/ gave to jobtest\.other$/)
    await testDb().update(notes).set({ status: 'done' }).where(eq(notes.nid, held.nid))
  })

  it('never gives one job to two takers working at the same time', async () => {
    await testDb()
      .update(notes)
      .set({ status: 'done' })
      .where(inArray(notes.staff, [taker.username, other.username]))
    const pool = []
    for (let i = 0; i < 12; i++)
      pool.push(await job({ staff: null, status: i % 3 === 0 ? 'urgent' : 'normal', cstampMinutesAgo: 1000 + i }))
    const takers = [taker, other]
    const rounds = await Promise.all(
      takers.map(async (who) => {
        const got: number[] = []
        // Until nothing is left for this taker (null also when the last jobs are locked by the other).
        for (let i = 0; i < 12; i++) {
          const taken = await takeNextJob(testDb(), who, who, { today: TODAY })
          if (!taken) break
          got.push(taken.nid)
          // Close it so the next round takes a new one (the user's own open job would come first).
          await testDb().update(notes).set({ status: 'done' }).where(eq(notes.nid, taken.nid))
        }
        return got
      }),
    )
    const all = rounds.flat()
    expect(all).toHaveLength(12)
    expect(new Set(all).size).toBe(12)
    expect(all.sort()).toEqual(ids(pool).sort())
    const staffs = await testDb()
      .select({ nid: notes.nid, staff: notes.staff })
      .from(notes)
      .where(inArray(notes.nid, ids(pool)))
    for (const row of staffs) expect(rounds[takers.findIndex((who) => who.username === row.staff)]).toContain(row.nid)
  })

  it('two takers starting at the same instant get different jobs (row locks, SKIP LOCKED)', async () => {
    const a = await job({ staff: null, status: 'xtreme', cstampMinutesAgo: 3 })
    const b = await job({ staff: null, status: 'xtreme', cstampMinutesAgo: 2 })
    const [first, second] = await Promise.all([
      takeNextJob(testDb(), taker, taker, { today: TODAY }),
      takeNextJob(testDb(), other, other, { today: TODAY }),
    ])
    expect([first?.nid, second?.nid].sort()).toEqual([a.nid, b.nid].sort())
  })
})
