import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { firms, notes, users } from '#app/db/schema'
import { ADMIN_ONLY_TYPES } from '#app/domain/notes'
import { jobCounts, jobUsers, listJobs } from '#app/models/job.server'
import { testDb } from './db'

/**
 * staff_job_counts (migration 0008) is kept by triggers; it must always equal counting the open notes
 * (the OPEN condition of app/models/job.server.ts), for admins and for staff (no admin-only types).
 */
async function counted(isAdmin: boolean) {
  const hidden = isAdmin
    ? sql`true`
    : sql`n.type NOT IN (${sql.join(
        ADMIN_ONLY_TYPES.map((type) => sql`${type}`),
        sql`, `,
      )})`
  const result = await testDb().execute<{ staff: string; activejobs: number; extremejobs: number }>(sql`
    SELECT n.staff, count(*)::int AS activejobs, (count(*) FILTER (WHERE n.status = 'xtreme'))::int AS extremejobs
    FROM notes n WHERE n.status NOT IN ('done', 'cancel') AND n.fid IS NOT NULL AND n.staff IS NOT NULL AND ${hidden}
    GROUP BY n.staff ORDER BY n.staff`)
  return result.rows
}

async function expectCountsMatch() {
  for (const isAdmin of [true, false]) expect(await jobCounts(testDb(), { isAdmin })).toEqual(await counted(isAdmin))
}

describe('job counts kept by triggers', () => {
  it('equal counting the notes of the demo data', async () => {
    const counts = await jobCounts(testDb(), { isAdmin: true })
    expect(counts.length).toBeGreaterThan(3)
    await expectCountsMatch()
  })

  it('follow inserts, status, user, type and firm changes, many-row updates and deletes', async () => {
    const db = testDb()
    const [firm] = await db.select({ fid: firms.fid }).from(firms).limit(1)
    const [a] = await db.insert(users).values({ username: 'countsa', passwordHash: 'x' }).returning({ id: users.id })
    await db.insert(users).values({ username: 'countsb', passwordHash: 'x' })
    const made = await db
      .insert(notes)
      .values([
        { fid: firm.fid, type: 'memo', status: 'normal', staff: 'countsa', re: 'one' },
        { fid: firm.fid, type: 'memo', status: 'xtreme', staff: 'countsa', re: 'two' },
        { fid: firm.fid, type: 'admin', status: 'urgent', staff: 'countsa', re: 'three' },
        { fid: firm.fid, type: 'memo', status: 'done', staff: 'countsa', re: 'closed' },
        { fid: null, type: 'news', status: 'normal', staff: 'countsa', re: 'no firm' },
        { fid: firm.fid, type: 'memo', status: 'normal', staff: null, re: 'unassigned' },
      ])
      .returning({ nid: notes.nid })
    const nids = made.map((row) => row.nid)
    await expectCountsMatch()
    expect(await jobCounts(db, { isAdmin: true, staff: ['COUNTSA'] })).toEqual([
      { staff: 'countsa', activejobs: 3, extremejobs: 1 },
    ])
    expect(await jobCounts(db, { isAdmin: false, staff: ['countsa'] })).toEqual([
      { staff: 'countsa', activejobs: 2, extremejobs: 1 },
    ])

    await db.update(notes).set({ status: 'done' }).where(eq(notes.nid, nids[1]))
    await db.update(notes).set({ staff: 'countsb' }).where(eq(notes.nid, nids[0]))
    await db.update(notes).set({ type: 'memo', status: 'xtreme' }).where(eq(notes.nid, nids[2]))
    await db.update(notes).set({ staff: 'countsa' }).where(eq(notes.nid, nids[5]))
    await db.update(notes).set({ status: 'normal' }).where(eq(notes.nid, nids[3]))
    await expectCountsMatch()

    // One statement moving several users' jobs at once.
    await db.update(notes).set({ staff: 'countsb' }).where(inArray(notes.nid, nids))
    await expectCountsMatch()
    const users_ = await jobUsers(db, { isAdmin: true })
    expect(users_.find((user) => user.username === 'countsb')).toMatchObject({ activejobs: 4, extremejobs: 1 })
    expect(users_.find((user) => user.id === a.id)).toMatchObject({ activejobs: 0, extremejobs: 0 })

    await db.delete(notes).where(inArray(notes.nid, nids.slice(0, 3)))
    await expectCountsMatch()
    expect(await jobCounts(db, { isAdmin: true, staff: ['countsb'] })).toEqual([
      { staff: 'countsb', activejobs: 2, extremejobs: 0 },
    ])
  })

  it('give the whole queue’s count on the jobs list: what counting its open jobs gives, for admins and staff', async () => {
    const db = testDb()
    const [firm] = await db.select({ fid: firms.fid }).from(firms).limit(1)
    await db.insert(notes).values([
      { fid: firm.fid, staff: 'underwriter', type: 'admin', status: 'normal', re: 'admin-only job' },
      { fid: firm.fid, staff: 'underwriter', type: 'memo', status: 'xtreme', re: 'open job' },
      { fid: firm.fid, staff: 'underwriter', type: 'memo', status: 'done', re: 'closed job' },
    ])
    const { rows: named } = await db.execute<{ staff: string }>(
      sql`SELECT DISTINCT staff FROM notes WHERE staff IS NOT NULL ORDER BY staff LIMIT 6`,
    )
    const people = [...named.map((row) => row.staff), 'UNDERWRITER', 'nobody-here']
    expect(people.length).toBeGreaterThan(3)
    for (const isAdmin of [true, false])
      for (const staff of [...people.map((name) => [name]), people.slice(0, 3)]) {
        const hidden = isAdmin ? sql`true` : sql`n.type <> 'admin'`
        const { rows } = await db.execute<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM notes n
          WHERE n.status NOT IN ('done', 'cancel') AND n.fid IS NOT NULL AND ${hidden}
            AND n.staff IN (SELECT u.username FROM users u WHERE lower(u.username) IN (${sql.join(
              staff.map((name) => sql`lower(${name})`),
              sql`, `,
            )}))`)
        const listed = await listJobs(db, { staff, isAdmin, limit: 1 })
        expect(listed.count, `${staff.join()} ${isAdmin}`).toBe(rows[0].n)
      }
  })

  it('are emptied with the notes table, and a rolled-back change leaves them as they were', async () => {
    const db = testDb()
    const before = await jobCounts(db, { isAdmin: true })
    await db
      .transaction(async (tx) => {
        await tx
          .update(notes)
          .set({ status: 'done' })
          .where(sql`true`)
        throw new Error('roll back')
      })
      .catch(() => undefined)
    expect(await jobCounts(db, { isAdmin: true })).toEqual(before)
    await db.execute(sql`TRUNCATE notes CASCADE`)
    expect(await jobCounts(db, { isAdmin: true })).toEqual([])
    await expectCountsMatch()
  })
})
