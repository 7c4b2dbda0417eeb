import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { contacts, listItems, people, states } from '#app/db/schema'
import {
  COUNSEL_VERSION,
  clearCounselCache,
  counselOptions,
  counselOptionsRead,
} from '#app/features/claims/counsel.server'
import { readDataVersion } from '#app/models/data-version.server'
import { PICKLISTS_VERSION, clearPicklistsCache, loadPicklists, loadPicklistsRead } from '#app/models/list.server'
import { expectEachWriteReadBack, type CacheStep } from './cache-steps'
import { testDb } from './db'

/**
 * The counsel pickers' and the picklists' exact caches (decision 0038 §13), kept under the counsel and
 * picklists versions (migration 0032). Each write below is read back at once, through the cache, and
 * equals the lists read afresh; writes that change nothing shown leave the version alone; a write not
 * yet committed is not seen, and is once committed.
 */

const WORD = `qk${(process.pid % 46_656).toString(36)}${Date.now().toString(36).slice(-4)}`
let cid = 0
let plid = 0

beforeAll(async () => {
  const [contact] = await testDb()
    .insert(contacts)
    .values({ name1: `Adjusters ${WORD}`, sort: 'CACHEADJ', type: '~Adjuster' })
    .returning()
  cid = contact!.cid
})

beforeEach(() => {
  clearCounselCache()
  clearPicklistsCache()
})

const NAMES = ['carrier', 'ptype', 'states', 'nu-states'] as const

async function counselBothWays() {
  const cached = await counselOptions(testDb())
  return { cached, fresh: await counselOptionsRead(testDb()) }
}

async function picklistsBothWays() {
  const cached = await loadPicklists(testDb(), NAMES)
  return { cached, fresh: await loadPicklistsRead(testDb(), NAMES) }
}

describe('counsel pickers cache', () => {
  it('reads each kind of write back at once, equal to the pickers read afresh', async () => {
    const db = testDb()
    expect((await counselBothWays()).cached.adjusters.map((option) => option.cid)).toContain(cid)
    const steps: CacheStep[] = [
      [
        'a person added',
        async () => {
          const [row] = await db
            .insert(people)
            .values({ cid, given: 'Ada', surname: WORD })
            .returning({ plid: people.plid })
          plid = row!.plid
        },
      ],
      ['a person renamed', () => db.update(people).set({ given: 'Bea' }).where(eq(people.plid, plid))],
      [
        'a contact renamed',
        () =>
          db
            .update(contacts)
            .set({ name1: `Renamed ${WORD}` })
            .where(eq(contacts.cid, cid)),
      ],
      [
        'a contact now Panel too',
        () => db.update(contacts).set({ type: '~Adjuster~Panel' }).where(eq(contacts.cid, cid)),
      ],
      ['a person moved out', () => db.update(people).set({ cid: null }).where(eq(people.plid, plid))],
      ['a person moved back', () => db.update(people).set({ cid }).where(eq(people.plid, plid))],
      ['a person deleted', () => db.delete(people).where(eq(people.plid, plid))],
      [
        'a contact added',
        () => db.insert(contacts).values({ name1: `Panel ${WORD}`, sort: 'CACHEPNL', type: '~Panel' }),
      ],
      ['a contact deleted', () => db.delete(contacts).where(eq(contacts.name1, `Panel ${WORD}`))],
    ]
    await expectEachWriteReadBack(steps, { version: COUNSEL_VERSION, read: counselBothWays })
  })

  it('leaves the version alone for a contact or person edit the pickers do not show', async () => {
    const db = testDb()
    const before = await readDataVersion(db, COUNSEL_VERSION)
    await db.update(contacts).set({ city: 'Austin', phone: '5550100123' }).where(eq(contacts.cid, cid))
    const [someone] = await db.select({ plid: people.plid }).from(people).limit(1)
    await db
      .update(people)
      .set({ email: `${WORD}@example.com` })
      .where(eq(people.plid, someone!.plid))
    expect(await readDataVersion(db, COUNSEL_VERSION)).toBe(before)
  })

  it('does not see a contact written in a transaction not yet committed, and sees it once committed', async () => {
    const name = `Late ${WORD}`
    const names = async () => (await counselOptions(testDb())).adjusters.map((option) => option.name1)
    expect(await names()).not.toContain(name)
    let seenInside = true
    await testDb().transaction(async (tx) => {
      await tx.insert(contacts).values({ name1: name, sort: 'LATE', type: '~Adjuster' })
      seenInside = (await names()).includes(name)
    })
    expect(seenInside).toBe(false)
    expect(await names()).toContain(name)
  })
})

describe('picklists cache', () => {
  it('reads each kind of write back at once, equal to the lists read afresh', async () => {
    const db = testDb()
    const steps: CacheStep[] = [
      ['an item added', () => db.insert(listItems).values({ type: 'carrier', short: WORD, long: `Carrier ${WORD}` })],
      [
        'an item renamed',
        () =>
          db
            .update(listItems)
            .set({ long: `Renamed ${WORD}` })
            .where(eq(listItems.short, WORD)),
      ],
      ['an item moved', () => db.update(listItems).set({ sort: -1 }).where(eq(listItems.short, WORD))],
      ['an item retired', () => db.update(listItems).set({ active: false }).where(eq(listItems.short, WORD))],
      ['an item back', () => db.update(listItems).set({ active: true }).where(eq(listItems.short, WORD))],
      ['an item deleted', () => db.delete(listItems).where(eq(listItems.short, WORD))],
      [
        'a state renamed',
        () =>
          db
            .update(states)
            .set({ name: `Guam ${WORD}` })
            .where(eq(states.code, 'GU')),
      ],
      ['a state renamed back', () => db.update(states).set({ name: 'Guam' }).where(eq(states.code, 'GU'))],
    ]
    await expectEachWriteReadBack(steps, { version: PICKLISTS_VERSION, read: picklistsBothWays })
  })

  it('does not see an item written in a transaction not yet committed, and sees it once committed', async () => {
    const short = `${WORD}tx`
    const carriers = async () => (await loadPicklists(testDb(), ['carrier'])).carrier.map((option) => option.value)
    expect(await carriers()).not.toContain(short)
    let seenInside = true
    await testDb().transaction(async (tx) => {
      await tx.insert(listItems).values({ type: 'carrier', short })
      seenInside = (await carriers()).includes(short)
    })
    expect(seenInside).toBe(false)
    expect(await carriers()).toContain(short)
    await testDb().delete(listItems).where(eq(listItems.short, short))
  })
})

describe('versions read together', () => {
  it('gives each version asked for in one turn as read alone, and a bump is seen by the next read', async () => {
    const db = testDb()
    const names = [COUNSEL_VERSION, PICKLISTS_VERSION, 'people_search', 'no such version']
    const alone: string[] = []
    for (const name of names) alone.push(await readDataVersion(db, name))
    expect(await Promise.all(names.map((name) => readDataVersion(db, name)))).toEqual(alone)
    expect(alone[3]).toBe('')
    await db
      .update(states)
      .set({ name: `Guam ${WORD}` })
      .where(eq(states.code, 'GU'))
    const after = await Promise.all(names.map((name) => readDataVersion(db, name)))
    expect(after[1]).not.toBe(alone[1])
    expect([after[0], after[2], after[3]]).toEqual([alone[0], alone[2], alone[3]])
    await db.update(states).set({ name: 'Guam' }).where(eq(states.code, 'GU'))
  })
})
