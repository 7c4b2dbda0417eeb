import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { changeLog, notes, people } from '#app/db/schema'
import { getNote } from '#app/models/note.server'
import { deletePerson, getPerson } from '#app/models/person.server'
import { testDb } from './db'
import { actorNamed, makeFirm, makeNote, makePerson } from './factories'

describe('test factories (decision 0013)', () => {
  it('make a firm, a member and a note that the models then read, each with its own name', async () => {
    const firm = await makeFirm(testDb())
    const other = await makeFirm(testDb(), { city: 'Factoryville' })
    expect(firm.fid).not.toBe(other.fid)
    expect(firm.sort).not.toBe(other.sort)
    expect(other.city).toBe('Factoryville')

    const person = await makePerson(testDb(), firm.fid, { given: 'Robin' })
    expect((await getPerson(testDb(), person.plid))?.given).toBe('Robin')

    const mkent = await actorNamed(testDb(), 'mkent')
    const note = await makeNote(testDb(), firm.fid, mkent)
    const read = await getNote(testDb(), note.nid, { isAdmin: false })
    expect(read).toMatchObject({ fid: firm.fid, staff: 'mkent', opener: 'mkent', re: 'NEW NOTE', status: 'normal' })
  })

  it('go through the models, so their rules and the change log apply', async () => {
    const firm = await makeFirm(testDb())
    const person = await makePerson(testDb(), firm.fid, {}, null)
    expect(await deletePerson(testDb(), person.plid, null)).toBe(true)
    expect(await testDb().select().from(people).where(eq(people.plid, person.plid))).toHaveLength(0)
    const logged = await testDb()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entityId, String(person.plid)), eq(changeLog.action, 'delete')))
    expect(logged.length).toBeGreaterThan(0)
    const onFirm = await testDb().select().from(notes).where(eq(notes.fid, firm.fid))
    expect(onFirm).toHaveLength(0)
  })
})
