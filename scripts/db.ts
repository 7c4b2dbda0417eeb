/**
 * npm run db:migrate           apply migrations
 * npm run db:seed [-- --scale N] [--reset] [--today YYYY-MM-DD]
 *   seed an empty database (N × the demo sizes); --reset empties it first (all data is lost);
 *   --today pins the reference day (default: today), so two seeds can be compared row for row.
 * Uses DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR like the server does.
 */
import { sql } from 'drizzle-orm'
import { getConfig } from '#app/config.server'
import { createDb } from '#app/db/client.server'
import { runMigrations } from '#app/db/migrate.server'
import { isEmpty, seed } from '#app/db/seed/index.server'
import { runScript, withDatabase } from './database'

async function main() {
  const [command, ...args] = process.argv.slice(2)
  if (command !== 'migrate' && command !== 'seed')
    throw new Error('usage: tsx scripts/db.ts migrate|seed [--scale N] [--reset]')
  const scaleAt = args.indexOf('--scale')
  const scale = scaleAt >= 0 ? Number(args[scaleAt + 1]) : getConfig().SEED_SCALE
  if (!Number.isInteger(scale) || scale < 1 || scale > 1000)
    throw new Error('--scale takes a whole number from 1 to 1000')
  const reset = args.includes('--reset')
  const todayAt = args.indexOf('--today')
  const today = todayAt >= 0 ? new Date(`${args[todayAt + 1]}T12:00:00Z`) : undefined
  if (today && Number.isNaN(today.getTime())) throw new Error('--today takes a date as YYYY-MM-DD')

  await withDatabase(async (url) => {
    const { db, pool } = createDb(url, 2)
    try {
      if (command === 'seed' && reset) {
        console.log('Emptying the database…')
        await db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`)
        await db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`)
        await db.execute(sql`CREATE SCHEMA public`)
      }
      await runMigrations(pool)
      console.log('Migrations applied.')
      if (command === 'seed') {
        if (!(await isEmpty(db))) {
          console.error('The database already has data. Run with --reset to replace it (all data is lost).')
          process.exitCode = 1
          return
        }
        const started = Date.now()
        await seed(db, { scale, today, log: (message) => console.log(`  ${message}`) })
        // This process only (PostgreSQL's processes are not counted): the generator's memory.
        const peak = Math.round(process.resourceUsage().maxRSS / 1024)
        console.log(
          `Seeded at scale ${scale} in ${((Date.now() - started) / 1000).toFixed(1)} s (peak RSS of this process ${peak} MB).`,
        )
      }
    } finally {
      await pool.end()
    }
  })
}

runScript(main)
