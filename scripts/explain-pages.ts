/**
 * npx tsx scripts/explain-pages.ts [--runs 5] [--plans FILE] [--only TEXT]
 *   runs the queries of the searches and the jobs list as the pages run them (through the models, so
 *   the SQL is the app's own), then each captured statement again under EXPLAIN (ANALYZE, BUFFERS):
 *   warm, `runs` times, printing the fastest and the median execution time, the buffers and the plan's
 *   top nodes; the full plans go to FILE. For the decision records' measurements at a given scale.
 *   --only runs the cases whose name holds TEXT ('report' for the report calls of decision 0037).
 * Uses DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR like scripts/db.ts.
 */
import fs from 'node:fs'
import type pg from 'pg'
import { getConfig } from '#app/config.server'
import { createDb } from '#app/db/client.server'
import { startEmbeddedPostgres } from '#app/db/embedded.server'
import { resultColumns } from '#app/domain/firm-search'
import { JOB_PAGE_SIZE } from '#app/domain/notes'
import { searchFirms, unisearchFirms } from '#app/models/firm.server'
import { jobUsers, listJobs } from '#app/models/job.server'
import {
  agingPage,
  checkPage,
  clientBalancesPage,
  depositPage,
  exceptionsPage,
  newFirmsPage,
  pastWithoutEntriesPage,
  paymentsPage,
  statusPage,
  webInPage,
} from '#app/models/ledger-reports.server'
import { searchPeoplePage } from '#app/models/person.server'

interface Captured {
  text: string
  values: unknown[]
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1] : undefined
}

async function main() {
  const runs = Number(option('runs') ?? 5)
  const plansFile = option('plans')
  const config = getConfig()
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.PG_PORT })
  const { db, pool } = createDb(config.DATABASE_URL ?? embedded!.url, 4)
  // Every statement the models send goes through pool.query (as the slow-query log relies on too).
  let captured: Captured[] = []
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>
  pool.query = (async (...args: unknown[]) => {
    const [first, second] = args
    // Drizzle sends (text, params) or ({ text, … }, params).
    const text =
      typeof first === 'string'
        ? first
        : first && typeof first === 'object' && 'text' in first
          ? String(first.text)
          : undefined
    const values = Array.isArray(second)
      ? second
      : first && typeof first === 'object' && 'values' in first && Array.isArray(first.values)
        ? first.values
        : []
    if (text !== undefined) captured.push({ text, values })
    return query(...args)
  }) as typeof pool.query

  const cases: { name: string; run: () => Promise<unknown> }[] = [
    { name: "unisearch 'law', admin", run: () => unisearchFirms(db, 'law', { unlimited: true }) },
    { name: "unisearch 'law', non-admin", run: () => unisearchFirms(db, 'law', { unlimited: false }) },
    { name: "unisearch 'smith', admin", run: () => unisearchFirms(db, 'smith', { unlimited: true }) },
    { name: "unisearch 'smith', non-admin", run: () => unisearchFirms(db, 'smith', { unlimited: false }) },
    ...[true, false].map((unlimited) => ({
      name: `column search city=a by sort, ${unlimited ? 'admin' : 'non-admin'}`,
      run: () =>
        searchFirms(db, {
          filters: { city: 'a' },
          columns: resultColumns(['sort', 'phone', 'state', 'city']),
          page: 1,
          perPage: 100,
          sortBy: 'sort',
          unlimited,
        }),
    })),
    {
      name: 'jobs list, admin, own queue',
      run: () => listJobs(db, { staff: ['admin'], kind: 'all', isAdmin: true, limit: JOB_PAGE_SIZE, page: 1 }),
    },
    {
      name: "jobs list, admin viewing underwriter's queue",
      run: () => listJobs(db, { staff: ['underwriter'], kind: 'all', isAdmin: true, limit: JOB_PAGE_SIZE, page: 1 }),
    },
    {
      name: 'jobs list, underwriter, own queue',
      run: () => listJobs(db, { staff: ['underwriter'], kind: 'all', isAdmin: false, limit: JOB_PAGE_SIZE, page: 1 }),
    },
    {
      name: "jobs list, admin searching underwriter's queue for 'renewal'",
      run: () =>
        listJobs(db, {
          staff: ['underwriter'],
          kind: 'all',
          search: 'renewal',
          isAdmin: true,
          limit: JOB_PAGE_SIZE,
          page: 1,
        }),
    },
    { name: 'job-override user picker (admin)', run: () => jobUsers(db, { isAdmin: true }) },
    {
      name: "people search 'smith', page 1",
      run: () => searchPeoplePage(db, { term: 'smith', page: 1, perPage: 100 }),
    },
  ]

  // The report calls without a screen (decision 0037), first and deep pages.
  const today = new Date().toISOString().slice(0, 10)
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
  const desc = <T extends string>(column: T) => [{ column, desc: true }]
  const asc = <T extends string>(column: T) => [{ column, desc: false }]
  cases.push(
    {
      name: 'report aging, all',
      run: () => agingPage(db, { aging: 'all', sort: asc('due'), today, page: 1, size: 100 }),
    },
    {
      name: 'report aging, 90+ by amount',
      run: () => agingPage(db, { aging: '90+', sort: desc('amt'), today, page: 1, size: 100 }),
    },
    {
      name: 'report status book, page 1',
      run: () => statusPage(db, { report: 'book', fields: [], sort: desc('incept'), page: 1, size: 100 }),
    },
    {
      name: 'report status book, page 300',
      run: () => statusPage(db, { report: 'book', fields: [], sort: desc('incept'), page: 300, size: 100 }),
    },
    {
      name: 'report status lost by pid, page 90',
      run: () => statusPage(db, { report: 'lost', fields: [], sort: asc('pid'), page: 90, size: 100 }),
    },
    {
      name: 'report status lost, page 1',
      run: () => statusPage(db, { report: 'lost', fields: [], sort: desc('incept'), page: 1, size: 100 }),
    },
    {
      name: 'report newly-firms, page 1',
      run: () => newFirmsPage(db, { since: daysAgo(30), sort: desc('created'), page: 1, size: 100 }),
    },
    {
      name: 'report newly-firms, page 600',
      run: () => newFirmsPage(db, { since: daysAgo(30), sort: desc('created'), page: 600, size: 100 }),
    },
    {
      name: 'report exceptions nonum',
      run: () => exceptionsPage(db, { scope: 'nonum', sort: desc('incept'), page: 1, size: 100 }),
    },
    {
      name: 'report exceptions bound',
      run: () => exceptionsPage(db, { scope: 'bound', sort: asc('pid'), page: 1, size: 100 }),
    },
    {
      name: 'report ledgers-checks',
      run: () => checkPage(db, { check: 'CHK-000001', fields: [], sort: asc('lid'), page: 1, size: 30 }),
    },
    {
      name: 'report webin, page 1',
      run: () => webInPage(db, { since: daysAgo(30), sort: desc('dated'), page: 1, size: 100 }),
    },
    { name: 'report deposit-balances by day', run: () => depositPage(db, { date: 'day', page: 1, size: 100 }) },
    { name: 'report deposit-balances by month', run: () => depositPage(db, { date: 'month', page: 1, size: 100 }) },
    {
      name: 'report client-balances receivables',
      run: () => clientBalancesPage(db, { balance: 'receivables', sort: desc('balance'), page: 1, size: 100 }),
    },
    {
      name: 'report client-balances payables',
      run: () => clientBalancesPage(db, { balance: 'payables', sort: desc('balance'), page: 1, size: 100 }),
    },
    {
      name: 'report past-policies-without-entries',
      run: () => pastWithoutEntriesPage(db, { sort: desc('incept'), page: 1, size: 100 }),
    },
    {
      name: 'report payments received, 30 days',
      run: () =>
        paymentsPage(db, { payment: 'received', from: daysAgo(30), to: today, sort: desc('paid'), page: 1, size: 100 }),
    },
    {
      name: 'report payments disbursed, 92 days by amount',
      run: () =>
        paymentsPage(db, { payment: 'disbursed', from: daysAgo(91), to: today, sort: asc('amt'), page: 1, size: 100 }),
    },
  )
  const only = option('only')

  const plans: string[] = []
  try {
    for (const item of cases.filter((entry) => !only || entry.name.includes(only))) {
      captured = []
      const started = performance.now()
      await item.run()
      const wall = performance.now() - started
      const statements = captured
      captured = []
      // Warm: the model call once more, so the pages and the plans are cached as on a busy server.
      await item.run()
      const warm = performance.now()
      await item.run()
      console.log(
        `\n## ${item.name} (model call: first ${wall.toFixed(1)} ms, warm ${(performance.now() - warm).toFixed(1)} ms)`,
      )
      for (const statement of statements) {
        if (/^\s*EXPLAIN/i.test(statement.text)) {
          console.log(`- ${oneLine(statement.text).slice(0, 100)}… (the planner's estimate: planning only)`)
          continue
        }
        const times: number[] = []
        let plan: string[] = []
        for (let run = 0; run < runs; run++) {
          const result = await query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, values: statement.values })
          plan = result.rows.map((row: Record<string, string>) => row['QUERY PLAN'])
          const execution = plan.find((line) => line.startsWith('Execution Time'))
          times.push(Number(execution?.match(/([\d.]+) ms/)?.[1] ?? NaN))
        }
        times.sort((a, b) => a - b)
        const buffers = plan.find((line) => line.includes('Buffers:'))?.trim() ?? ''
        const nodes = plan
          .filter((line) => line.includes('->') || !line.startsWith(' '))
          .filter((line) => !/^(Planning|Execution)/.test(line))
        console.log(`- ${oneLine(statement.text).slice(0, 160)}…`)
        console.log(
          `  execution ${times[0].toFixed(2)} ms fastest, ${times[Math.floor(times.length / 2)].toFixed(2)} ms median of ${runs}; ${buffers}`,
        )
        for (const line of nodes.slice(0, 6)) console.log(`  ${line.replace(/\s+\(cost=[^)]*\)/, '').slice(0, 150)}`)
        plans.push(
          `## ${item.name}\n${statement.text}\n-- values: ${JSON.stringify(statement.values)}\n${plan.join('\n')}\n`,
        )
      }
    }
    if (plansFile) fs.writeFileSync(plansFile, plans.join('\n'))
  } finally {
    await pool.end()
    if (embedded) await embedded.stop()
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
