import { eq, ilike, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createDb, executePrepared, MAX_NAMED_PER_CONNECTION } from '#app/db/client.server'
import { firms } from '#app/db/schema'
import { testDb } from './db'

type Prepared = { name: string; statement: string; generic_plans: number; custom_plans: number }

describe('prepared statements', () => {
  it('prepares a lookup by key once per connection and then runs its generic plan; a text search is planned each time', async () => {
    await testDb().transaction(async (tx) => {
      const [first] = await tx.select({ fid: firms.fid }).from(firms).limit(1)
      const answers: number[] = []
      for (let run = 0; run < 8; run++) {
        const [row] = await tx.select({ fid: firms.fid, sort: firms.sort }).from(firms).where(eq(firms.fid, first.fid))
        answers.push(row.fid)
      }
      expect(answers).toEqual(Array(8).fill(first.fid))
      for (let run = 0; run < 3; run++)
        await tx.select({ fid: firms.fid }).from(firms).where(ilike(firms.sort, '%a%')).limit(5)
      const prepared = (
        await tx.execute<Prepared>(
          sql`SELECT name, statement, generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'mga\_%'`,
        )
      ).rows
      const lookup = prepared.find((row) => row.statement.includes('where "firms"."fid" = $1'))
      expect(lookup, 'the lookup is prepared').toBeDefined()
      expect(lookup!.custom_plans + lookup!.generic_plans).toBe(8)
      expect(lookup!.generic_plans, 'after five custom plans the generic one is kept').toBeGreaterThanOrEqual(1)
      expect(
        prepared.some((row) => /ilike/i.test(row.statement)),
        'the search is not prepared',
      ).toBe(false)
    })
  })

  it('prepares a marked raw statement even though it compares a range, with the same answer as unprepared', async () => {
    await testDb().transaction(async (tx) => {
      const statement = () => sql`SELECT count(*)::int AS n FROM firms WHERE fid > ${0}`
      const plain = (await tx.execute<{ n: number }>(statement())).rows[0].n
      const marked = (await executePrepared<{ n: number }>(tx, 'firm count', statement())).rows[0].n
      expect(marked).toBe(plain)
      const prepared = (
        await tx.execute<Prepared>(
          sql`SELECT name, statement, generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'mga\_%'`,
        )
      ).rows
      expect(prepared.filter((row) => row.statement.includes('FROM firms WHERE fid >'))).toHaveLength(1)
    })
  })

  it(`keeps at most ${MAX_NAMED_PER_CONNECTION} statements on a connection and runs further texts unnamed`, async () => {
    await testDb().transaction(async (tx) => {
      for (let width = 1; width <= MAX_NAMED_PER_CONNECTION + 20; width++) {
        const ids = Array.from({ length: width }, (_, i) => i + 1)
        const rows = await tx
          .select({ fid: firms.fid })
          .from(firms)
          .where(
            sql`${firms.fid} IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          )
        expect(rows.length).toBeLessThanOrEqual(width)
      }
      const [{ n }] = (
        await tx.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'mga\_%'`,
        )
      ).rows
      expect(n).toBeLessThanOrEqual(MAX_NAMED_PER_CONNECTION)
      expect(n).toBeGreaterThan(MAX_NAMED_PER_CONNECTION / 2)
    })
  })

  it('prepares nothing, marked or not, with DB_PREPARED_STATEMENTS=off', async () => {
    const before = process.env.DB_PREPARED_STATEMENTS
    process.env.DB_PREPARED_STATEMENTS = 'off'
    const { db, pool } = createDb(process.env.DATABASE_URL!, 1)
    try {
      await db.transaction(async (tx) => {
        for (let run = 0; run < 3; run++) {
          await tx.select({ fid: firms.fid }).from(firms).where(eq(firms.fid, 1))
          await executePrepared(tx, 'marked', sql`SELECT count(*)::int AS n FROM firms WHERE fid > ${0}`)
        }
        const [{ n }] = (await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_prepared_statements`))
          .rows
        expect(n).toBe(0)
      })
    } finally {
      await pool.end()
      if (before === undefined) delete process.env.DB_PREPARED_STATEMENTS
      else process.env.DB_PREPARED_STATEMENTS = before
    }
  })
})
