import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { contacts, firms, people } from '#app/db/schema'
import type { PeopleColumn } from '#app/domain/people-search'
import { readDataVersion } from '#app/models/data-version.server'
import * as person from '#app/models/person.server'
import { expectEachWriteReadBack, type CacheStep } from './cache-steps'
import { testDb } from './db'
import { makeFirm } from './factories'

/**
 * The people search's exact cache (decision 0038 §10): the matches' ids kept under the people_search
 * version (migration 0030). Each write below is read back at once, through the cache, and equals the
 * search read afresh; a write not yet committed is not seen, and is once committed.
 */

// Short: a contact's sort name holds at most 10 characters.
const WORD = `qz${(process.pid % 46_656).toString(36)}${Date.now().toString(36).slice(-3)}`
let fid = 0
let cid = 0

beforeAll(async () => {
  const db = testDb()
  fid = (await makeFirm(db, { sort: `FIRM ${WORD.toUpperCase()} LLP` })).fid
  const [contact] = await db
    .insert(contacts)
    .values({ name1: 'Cache Counsel', sort: 'CACHE', type: '~Producer' })
    .returning()
  cid = contact!.cid
  await person.createPeople(
    db,
    [
      { surname: `Alpha${WORD}`, given: 'Ann' },
      { surname: 'Beta', given: 'Bo', email: `bo.${WORD}@example.com` },
      { surname: 'Gamma', given: 'Cy', fid },
      { surname: 'Delta', given: 'Di', cid },
    ],
    1,
  )
})

beforeEach(() => person.clearPeopleSearchCache())

const SORTS: (PeopleColumn | undefined)[] = [undefined, 'given', 'firms_sort', 'contacts_sort', 'fax']

/** Every order of the search, first through the cache, then afresh; both as plids and surnames. */
async function bothWays() {
  const read = () =>
    Promise.all(
      SORTS.flatMap((sortBy) =>
        [false, true].map((sortDesc) =>
          person.searchPeoplePage(testDb(), { term: WORD, page: 1, perPage: 100, sortBy, sortDesc }),
        ),
      ),
    )
  const cached = await read()
  person.clearPeopleSearchCache()
  const fresh = await read()
  return { cached, fresh }
}

const surnames = (page: person.PeoplePage) => page.result.map((row) => row.surname)

describe('people search cache', () => {
  it('reads each kind of write back at once, equal to the search read afresh', async () => {
    const db = testDb()
    expect(surnames((await bothWays()).cached[0]!)).toEqual([`Alpha${WORD}`, 'Beta', 'Gamma'])

    const steps: CacheStep[] = [
      ['a person added', () => person.createPeople(db, [{ surname: 'Epsilon', given: WORD }], 1)],
      ['a surname changed', () => db.update(people).set({ surname: 'Aardvark' }).where(eq(people.surname, 'Gamma'))],
      ['a name no longer matching', () => db.update(people).set({ email: null }).where(eq(people.surname, 'Beta'))],
      ['a column sorted by', () => db.update(people).set({ fax: '5550100999' }).where(eq(people.surname, 'Aardvark'))],
      ['a firm renamed', () => db.update(firms).set({ sort: 'NO LONGER MATCHING' }).where(eq(firms.fid, fid))],
      [
        'a firm named like the word',
        () =>
          db
            .update(firms)
            .set({ sort: `ZZ ${WORD}` })
            .where(eq(firms.fid, fid)),
      ],
      [
        'a contact renamed',
        () =>
          db
            .update(contacts)
            .set({ sort: `N${WORD}` })
            .where(eq(contacts.cid, cid)),
      ],
      ['a person moved out', () => db.update(people).set({ cid: null }).where(eq(people.surname, 'Delta'))],
      ['a person deleted', () => db.delete(people).where(eq(people.surname, 'Epsilon'))],
    ]
    await expectEachWriteReadBack(steps, { version: person.PEOPLE_SEARCH_VERSION, read: bothWays })
    // What the writes left: Beta no longer matches; Gamma, renamed Aardvark, matches by its firm again;
    // Delta left the contact; Epsilon deleted.
    const end = await bothWays()
    expect(surnames(end.cached[0]!)).toEqual(['Aardvark', `Alpha${WORD}`])
  })

  it('leaves the version alone for a firm or contact edit that does not touch its sort name', async () => {
    const db = testDb()
    const before = await readDataVersion(db, person.PEOPLE_SEARCH_VERSION)
    await db.update(firms).set({ phone: '5550100123' }).where(eq(firms.fid, fid))
    await db.update(contacts).set({ city: 'Austin' }).where(eq(contacts.cid, cid))
    expect(await readDataVersion(db, person.PEOPLE_SEARCH_VERSION)).toBe(before)
  })

  it('does not see a person written in a transaction not yet committed, and sees them once committed', async () => {
    const term = `${WORD}tx`
    const search = () => person.searchPeoplePage(testDb(), { term, page: 1, perPage: 100 })
    expect((await search()).count).toBe(0)
    let seenInside = -1
    await testDb().transaction(async (tx) => {
      await person.createPeople(tx, [{ surname: term, given: 'Late' }], 1)
      seenInside = (await search()).count
    })
    expect(seenInside).toBe(0)
    expect((await search()).result.map((row) => row.surname)).toEqual([term])
  })
})
