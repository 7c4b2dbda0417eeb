import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'

// The connection the app and these tests use (setup-file.ts): the embedded PostgreSQL's mga_app, or
// DATABASE_URL's role (CI's mga_ci). Issue 10 item 7: not a superuser, owner of its schema.
const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
const embedded = inject('adminUrl') !== inject('appUrl')

beforeAll(() => client.connect())
afterAll(() => client.end())

async function refusal(sql: string): Promise<string | undefined> {
  try {
    await client.query(sql)
    return undefined
  } catch (error) {
    return (error as { code?: string }).code
  }
}

describe("the app's database role", () => {
  it('is no superuser and cannot create roles (nor databases, on the embedded server)', async () => {
    const { rows } = await client.query<{
      rolsuper: boolean
      rolcreaterole: boolean
      rolcreatedb: boolean
      rolreplication: boolean
      rolbypassrls: boolean
    }>(
      'SELECT rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls FROM pg_roles WHERE rolname = current_user',
    )
    expect(rows[0]).toMatchObject({ rolsuper: false, rolcreaterole: false, rolreplication: false, rolbypassrls: false })
    if (embedded) expect(rows[0].rolcreatedb).toBe(false)
  })

  it('is refused CREATE ROLE, ALTER SYSTEM and reading pg_authid (insufficient privilege)', async () => {
    expect(await refusal('CREATE ROLE mga_intruder LOGIN SUPERUSER')).toBe('42501')
    expect(await refusal(`ALTER SYSTEM SET log_statement = 'none'`)).toBe('42501')
    expect(await refusal('SELECT rolname, rolpassword FROM pg_authid')).toBe('42501')
    expect(await refusal(`COPY (SELECT 1) TO PROGRAM 'true'`)).toBe('42501')
    const { rows } = await client.query(`SELECT 1 FROM pg_roles WHERE rolname = 'mga_intruder'`)
    expect(rows).toHaveLength(0)
  })

  it('owns every table, sequence and schema of the app (so migrations run as it)', async () => {
    const { rows } = await client.query<{ name: string; owner: string }>(`
      SELECT c.relnamespace::regnamespace || '.' || c.relname AS name, pg_get_userbyid(c.relowner) AS owner FROM pg_class c
       WHERE c.relnamespace::regnamespace::text IN ('public', 'drizzle') AND c.relkind IN ('r', 'S', 'v', 'm') AND c.relowner <> current_user::regrole
      UNION ALL
      SELECT nspname, pg_get_userbyid(nspowner) FROM pg_namespace
       WHERE nspname IN ('public', 'drizzle') AND nspowner <> current_user::regrole
         -- PostgreSQL 15+: public belongs to whoever owns the database, which is the app's role.
         AND NOT (nspowner = 'pg_database_owner'::regrole AND (SELECT datdba FROM pg_database WHERE datname = current_database()) = current_user::regrole)`)
    expect(rows).toEqual([])
    const tables = await client.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`)
    expect(tables.rowCount).toBeGreaterThan(10)
  })
})
