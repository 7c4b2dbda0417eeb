/**
 * Background jobs (the five-minute session sweep) run in one process of all the instances that share
 * the database: the one holding a session-level PostgreSQL advisory lock on its own connection. The
 * others try again at each tick, so one takes over when the holder stops or loses its connection.
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { DbOrTx } from '#app/db/client.server'

export const BACKGROUND_LOCK = 724_003

export interface BackgroundJobs {
  /** The first tick's outcome (whether this process runs the jobs). */
  ready: Promise<boolean>
  /** One tick now: takes the lock if free, then runs the jobs if this process holds it. */
  tick(): Promise<boolean>
  stop(): Promise<void>
}

export function startBackgroundJobs(
  url: string,
  run: (db: DbOrTx) => Promise<unknown>,
  options: { everyMs: number; lockKey?: number },
): BackgroundJobs {
  const lockKey = options.lockKey ?? BACKGROUND_LOCK
  let client: pg.Client | undefined
  let stopped = false
  let queue: Promise<unknown> = Promise.resolve()

  const once = async (): Promise<boolean> => {
    if (stopped) return false
    try {
      if (!client) {
        const fresh = new pg.Client({ connectionString: url })
        fresh.on('error', () => {
          // The lock goes with the connection: a new one tries again next tick.
          if (client === fresh) client = undefined
        })
        await fresh.connect()
        const { rows } = await fresh.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [lockKey])
        if (!rows[0]?.locked) {
          await fresh.end()
          return false
        }
        client = fresh
      }
      await run(drizzle(client) as unknown as DbOrTx)
      return true
    } catch (error) {
      console.error('[background] job failed', error)
      return false
    }
  }
  // Ticks never overlap.
  const tick = () => {
    const next = queue.then(once)
    queue = next
    return next
  }

  const ready = tick()
  const timer = setInterval(() => void tick(), options.everyMs)
  timer.unref()
  return {
    ready,
    tick,
    async stop() {
      clearInterval(timer)
      await queue
      stopped = true
      await client?.end().catch(() => undefined)
      client = undefined
    },
  }
}
