import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { changeLog, firms, policies } from '#app/db/schema'
import { updateFirm } from '#app/models/firm.server'
import { updatePerson } from '#app/models/person.server'
import { updatePolicy } from '#app/models/policy.server'
import { seededPolicy, testDb } from './db'
import { makePerson } from './factories'

/** The change log's lines for one record. */
async function logLines(entity: string, id: number) {
  const [row] = await testDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(changeLog)
    .where(and(eq(changeLog.entity, entity), eq(changeLog.entityId, String(id))))
  return row.n
}

// A save of the values a record already has (a user pressing Save without typing, a form posting
// what it showed) writes nothing: the version a colleague holds stays current, the log stays clean.
describe('a save that changes nothing writes nothing', () => {
  it('firm: same version, no log line; a real change still saves', async () => {
    const [firm] = await testDb()
      .select()
      .from(firms)
      .orderBy(sql`${firms.fid} DESC`)
      .limit(1)
    const { fid, version, createdAt: _c, updatedAt: _u, ...values } = firm
    const lines = await logLines('firm', fid)
    const same = await updateFirm(testDb(), fid, version, values, null)
    expect(same.version).toBe(version)
    expect(await logLines('firm', fid)).toBe(lines)
    const changed = await updateFirm(
      testDb(),
      fid,
      version,
      { ...values, phone: values.phone === '5125550199' ? '5125550198' : '5125550199' },
      null,
    )
    expect(changed.version).toBe(version + 1)
    expect(await logLines('firm', fid)).toBe(lines + 1)
  })

  it('person: same version, no log line', async () => {
    const [firm] = await testDb().select({ fid: firms.fid }).from(firms).limit(1)
    const person = await makePerson(testDb(), firm!.fid, { email: 'pat.unchanged@example.com' })
    const lines = await logLines('person', person.plid)
    const same = await updatePerson(
      testDb(),
      person.plid,
      person.version,
      { given: person.given, surname: person.surname, email: person.email },
      null,
    )
    expect(same.version).toBe(person.version)
    expect(await logLines('person', person.plid)).toBe(lines)
  })

  it('policy: an amount as typed (2 decimals or not) is the amount stored', async () => {
    const policy = await seededPolicy(sql`${policies.premium} IS NOT NULL`, 'newest')
    const lines = await logLines('policy', policy.pid)
    const typed = String(Number(policy.premium))
    const same = await updatePolicy(testDb(), policy.pid, policy.version, { premium: typed, zip: policy.zip }, null)
    expect(same.version).toBe(policy.version)
    expect(await logLines('policy', policy.pid)).toBe(lines)
  })
})
