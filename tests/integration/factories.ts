import { eq } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { firms, users } from '#app/db/schema'
import { createNote, type Actor } from '#app/models/note.server'
import { createPerson } from '#app/models/person.server'
import { createPolicy } from '#app/models/policy.server'
import { listPrograms } from '#app/models/program.server'

/**
 * Small factories for the records a test needs (decision 0013): each makes one record with defaults a
 * test can override and a name no other test uses, through the models where a model creates that
 * record (so the rules and the change log apply), and answers the record with its id. Tests use the
 * id they get, never a seeded magic id.
 */
let serial = 0
const unique = (prefix: string) => `${prefix} ${process.pid}-${Date.now().toString(36)}-${++serial}`

export type NewFirm = Partial<typeof firms.$inferInsert>

/** A firm (firms are created by the office's import, not by a screen, so straight into the table). */
export async function makeFirm(db: DbOrTx, overrides: NewFirm = {}) {
  const name = unique('Factory Firm')
  const [firm] = await db
    .insert(firms)
    .values({
      type: 'Insured',
      status: 'Active',
      sort: name.toUpperCase(),
      insured: `${name} LLC`,
      producer: 'admin',
      state: 'TX',
      ...overrides,
    })
    .returning()
  return firm
}

/** A member of a firm, made as People Search's Create does. */
export async function makePerson(
  db: DbOrTx,
  fid: number,
  overrides: Parameters<typeof createPerson>[1] = {},
  userId: number | null = null,
) {
  return createPerson(db, { fid, given: 'Pat', surname: unique('Factory'), ...overrides }, userId)
}

/** A demo user as a note actor (by username: the demo users are part of the background data). */
export async function actorNamed(db: DbOrTx, username: string, isAdmin = false): Promise<Actor> {
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.username, username))
  if (!user) throw new Error(`No demo user ${username}`)
  return { id: user.id, username: user.username, isAdmin }
}

/** A new note on a firm, as the Notes tab's Create makes it (memo, 'NEW NOTE', normal, the actor's). */
export async function makeNote(db: DbOrTx, fid: number, actor: Actor) {
  return createNote(db, { fid }, actor)
}

/**
 * A policy on a firm, made as the Policies tab's Create does: by default a Quote without a program or
 * amounts, for the year from its inception (1 March 2025); the test names what it relies on.
 */
export async function makePolicy(
  db: DbOrTx,
  fid: number,
  overrides: Partial<Omit<Parameters<typeof createPolicy>[1], 'fid'>> = {},
) {
  const incept = overrides.incept ?? '2025-03-01'
  const expiry = `${Number(incept.slice(0, 4)) + 1}${incept.slice(4)}`
  const defaults = { prid: null, incept, expiry, retro: null, limits: null, deduc: null, premium: null }
  return createPolicy(db, { fid, ...defaults, status: 'Quote', ...overrides }, null)
}

/** A policy of the first program on a new firm: limits 1M, deductible 5K, a $1,000.00 premium. */
export async function makeFirmPolicy(db: DbOrTx, overrides: Parameters<typeof makePolicy>[2] = {}) {
  const firm = await makeFirm(db)
  const [program] = await listPrograms(db)
  const policy = await makePolicy(db, firm.fid, {
    prid: program!.prid,
    limits: '1M',
    deduc: '5K',
    premium: '1000.00',
    ...overrides,
  })
  return { firm, program: program!, policy }
}
