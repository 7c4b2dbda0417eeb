import { eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { firms, notes, users } from '#app/db/schema'
import type { JobKind } from '#app/domain/notes'
import { readDataVersion } from '#app/models/data-version.server'
import * as jobs from '#app/models/job.server'
import { pageOf } from '#app/models/paging.server'
import { expectEachWriteReadBack, type CacheStep } from './cache-steps'
import { testDb } from './db'
import { makeFirm } from './factories'

/**
 * The searched jobs queue's exact cache (decision 0038 §11): the matches' ids kept under the
 * searched_jobs version (migration 0031). Each write below is read back at once, through the cache,
 * and equals the search read afresh and the former one-statement search (searchedJobsSql); a write not
 * yet committed is not seen, and is once committed.
 */

const WORD = `qj${(process.pid % 46_656).toString(36)}${Date.now().toString(36).slice(-4)}`
const TODAY = '2030-06-15'
const STAFF = `jobcache.${process.pid}${Date.now().toString(36).slice(-5)}`
let fid = 0
let prospectFid = 0
const made: number[] = []

async function job(values: Partial<typeof notes.$inferInsert>) {
  const [row] = await testDb()
    .insert(notes)
    .values({
      fid,
      type: 'memo',
      status: 'normal',
      staff: STAFF,
      opener: 'admin',
      re: `job ${made.length}`,
      cstamp: new Date(Date.now() - (made.length + 1) * 60_000),
      ...values,
    })
    .returning({ nid: notes.nid })
  made.push(row!.nid)
  return row!.nid
}

beforeAll(async () => {
  const db = testDb()
  await db.insert(users).values({ username: STAFF, passwordHash: 'not-a-hash' })
  fid = (await makeFirm(db)).fid
  prospectFid = (await makeFirm(db, { status: 'Prospect' })).fid
  await job({ re: `Renewal ${WORD} one` })
  await job({ re: 'not matching', status: 'urgent' })
  await job({ re: `second ${WORD}`, fid: prospectFid, type: 'retry', due: '2030-06-01' })
  await job({ re: 'by opener', opener: `${WORD}.opener` })
  await job({ re: `admin only ${WORD}`, type: 'admin' })
  await job({ re: `closed ${WORD}`, status: 'done' })
})

beforeEach(() => jobs.clearSearchedJobsCache())

const QUERIES: jobs.JobsQuery[] = (['all', 'retries', 'solicit', 'ticklers'] as JobKind[]).flatMap((kind) =>
  [
    undefined,
    { by: 're' as const, desc: false },
    { by: 'sort' as const, desc: true },
    { by: 'lag' as const, desc: false },
  ]
    .flatMap((sort) => [true, false].map((isAdmin) => ({ staff: [STAFF.toUpperCase()], kind, sort, isAdmin })))
    .map((query) => ({ ...query, search: WORD, ...(kind === 'ticklers' ? { today: TODAY } : {}) })),
)

/** Every query, pages of 2 (the first two pages): through the cache, afresh, and as the former statement. */
async function threeWays() {
  const read = () =>
    Promise.all(QUERIES.flatMap((query) => [1, 2].map((page) => jobs.listJobs(testDb(), { ...query, limit: 2, page }))))
  const cached = await read()
  jobs.clearSearchedJobsCache()
  const fresh = await read()
  const former = await Promise.all(
    QUERIES.flatMap((query) =>
      [1, 2].map(async (page) => {
        const answer = await pageOf(
          async (window) =>
            (await testDb().execute<jobs.JobRow & { __total: number }>(jobs.searchedJobsSql(query, window))).rows,
          { page, size: 2 },
        )
        return { result: answer.rows, count: answer.total, page: answer.page, pages: answer.pages }
      }),
    ),
  )
  return { cached, fresh, former }
}

function expectAgreeing(ways: Awaited<ReturnType<typeof threeWays>>, what: string) {
  expect(ways.cached, what).toEqual(ways.fresh)
  ways.cached.forEach((answer, i) => {
    const { result, count, page, pages } = answer
    expect({ result, count, page, pages }, `${what}: query ${i}`).toEqual(ways.former[i])
  })
}

const allNids = (ways: Awaited<ReturnType<typeof threeWays>>) => ways.cached[0]!.count

describe('searched jobs cache', () => {
  it('reads each kind of write back at once, equal to the search read afresh and to the former statement', async () => {
    const db = testDb()
    // Admin, kind all: the re matches, the retry, the opener's match and the admin-type job; not the closed one.
    expect(allNids(await threeWays())).toBe(4)

    const steps: CacheStep[] = [
      ['a matching job added', () => job({ re: `third ${WORD}`, status: 'xtreme' })],
      ['a job no longer matching', () => db.update(notes).set({ re: 'plain' }).where(eq(notes.nid, made[0]!))],
      [
        'a job now matching',
        () =>
          db
            .update(notes)
            .set({ re: `now ${WORD}` })
            .where(eq(notes.nid, made[1]!)),
      ],
      ['a job closed', () => db.update(notes).set({ status: 'done' }).where(eq(notes.nid, made[3]!))],
      ['a closed job reopened', () => db.update(notes).set({ status: 'low' }).where(eq(notes.nid, made[5]!))],
      [
        'a job reordered',
        () =>
          db
            .update(notes)
            .set({ cstamp: new Date(0) })
            .where(eq(notes.nid, made[2]!)),
      ],
      ['a job handed on', () => db.update(notes).set({ staff: 'admin' }).where(eq(notes.nid, made[1]!))],
      [
        'a firm named like the word',
        () =>
          db
            .update(firms)
            .set({ sort: `P ${WORD}` })
            .where(eq(firms.fid, prospectFid)),
      ],
      ['a firm renamed', () => db.update(firms).set({ sort: 'RENAMED FIRM' }).where(eq(firms.fid, fid))],
      [
        'a firm no longer a prospect',
        () => db.update(firms).set({ status: 'Active' }).where(eq(firms.fid, prospectFid)),
      ],
      ['a job deleted', () => db.delete(notes).where(eq(notes.nid, made[6]!))],
    ]
    await expectEachWriteReadBack(steps, {
      version: jobs.SEARCHED_JOBS_VERSION,
      read: threeWays,
      agree: expectAgreeing,
    })
  })

  it('bumps for a username changed, and leaves the version alone for closed notes and other firm edits', async () => {
    const db = testDb()
    const version = () => readDataVersion(db, jobs.SEARCHED_JOBS_VERSION)
    const before = await version()
    await db.update(firms).set({ phone: '5550100123' }).where(eq(firms.fid, fid))
    const closed = await db
      .insert(notes)
      .values({ fid, type: 'memo', status: 'done', staff: STAFF, re: 'closed' })
      .returning({ nid: notes.nid })
    await db
      .update(notes)
      .set({ re: `closed ${WORD}` })
      .where(eq(notes.nid, closed[0]!.nid))
    await db.update(users).set({ longName: 'Cache Tester' }).where(eq(users.username, STAFF))
    expect(await version()).toBe(before)
    await db.execute(sql`UPDATE users SET username = username WHERE username = ${STAFF}`)
    expect(await version()).toBe(before)
    const [user] = await db
      .insert(users)
      .values({ username: `${STAFF}.x`, passwordHash: 'x' })
      .returning()
    expect(await version()).not.toBe(before)
    const renamed = await version()
    await db
      .update(users)
      .set({ username: `${STAFF}.y` })
      .where(eq(users.id, user!.id))
    expect(await version()).not.toBe(renamed)
  })

  it('does not see a job written in a transaction not yet committed, and sees it once committed', async () => {
    const term = `${WORD}tx`
    const search = () => jobs.listJobs(testDb(), { staff: [STAFF], search: term, isAdmin: true })
    expect((await search()).count).toBe(0)
    let seenInside = -1
    await testDb().transaction(async (tx) => {
      await tx.insert(notes).values({ fid, type: 'memo', status: 'normal', staff: STAFF, re: term })
      seenInside = (await search()).count
    })
    expect(seenInside).toBe(0)
    expect((await search()).result.map((row) => row.re)).toEqual([term])
  })
})
