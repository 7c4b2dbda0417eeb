import type pg from 'pg'

/**
 * Drops a test database. FORCE ends the connections still in it, but on a server where the tests' role
 * is not a superuser (CI's PostgreSQL 15) it refuses when one of them is not the role's to end: an
 * autovacuum worker cleaning up after a file's writes. The plain DROP asks autovacuum to leave by
 * itself (waiting up to 5 s), so it is the way out then, tried again while the database is still in use.
 */
export async function dropTestDatabase(admin: pg.Client, name: string): Promise<void> {
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    return
  } catch (error) {
    if (errorCode(error) !== '42501') throw error
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`)
      return
    } catch (error) {
      if (errorCode(error) !== '55006' || attempt >= 6) throw error
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
}

const errorCode = (error: unknown) => (error as { code?: string }).code
