import fs from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import { createDb } from './client.server'
import { MIGRATIONS_FOLDER } from './migrate.server'

/** A readiness check waits this long for the database before it says no. */
export const READY_TIMEOUT_MS = 2_000

const globalForHealth = globalThis as typeof globalThis & { __mgaHealthPool?: pg.Pool; __mgaMigrated?: boolean }

/**
 * Whether this process can serve requests that need the database (GET /readyz): a `SELECT 1` answers
 * within READY_TIMEOUT_MS, and every committed migration is applied. It has a pool of one connection
 * of its own, so a busy app pool does not make it fail, and a check never waits behind requests.
 */
export async function databaseReady(timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  const url = process.env.DATABASE_URL
  if (!url) return false
  globalForHealth.__mgaHealthPool ??= createDb(url, 1).pool
  const pool = globalForHealth.__mgaHealthPool
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))
  const check = (async () => {
    await pool.query('SELECT 1')
    // Migrations are never taken back: once all are seen applied, only the SELECT 1 is repeated.
    globalForHealth.__mgaMigrated ||= await migrationsApplied(pool)
    return globalForHealth.__mgaMigrated
  })().catch(() => false)
  try {
    return await Promise.race([check, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Whether the database holds as many applied migrations as the journal lists (drizzle's own table). */
async function migrationsApplied(pool: pg.Pool, folder = MIGRATIONS_FOLDER): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[]
  }
  const { rows } = await pool.query<{ applied: number }>(
    `SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
  )
  return (rows[0]?.applied ?? 0) >= journal.entries.length
}
