/**
 * What the database scripts (scripts/db.ts, scripts/seed-digest.ts) share: the database they work on
 * and how they end.
 */
import { getConfig } from '#app/config.server'
import { startEmbeddedPostgres } from '#app/db/embedded.server'

/**
 * Runs `work` on DATABASE_URL, or on the embedded PostgreSQL under DATA_DIR like the server does
 * (started for it, stopped after it).
 */
export async function withDatabase(work: (url: string) => Promise<void>) {
  const config = getConfig()
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.PG_PORT })
  try {
    await work(config.DATABASE_URL ?? embedded!.url)
  } finally {
    if (embedded) await embedded.stop()
  }
}

/** Runs a script's main; a failure prints its message (not a stack) and exits 1. */
export function runScript(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
