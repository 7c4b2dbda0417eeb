/**
 * The bench (issues 11 and 26): every page under concurrency, one request at a time, its data alone,
 * and in a slow browser, against budgets in what a user feels (decision 0024).
 *
 * Starts the built app on the embedded database of its own data folder (`data/bench-<scale>`,
 * seeded at that scale on first use; or uses BENCH_URL), signs in as admin, then for every page:
 *   - 10 connections for a few seconds (autocannon): requests/s, p50, p95;
 *   - one request at a time: p95;
 *   - its data alone (on by default, `--no-data-twins` skips it): the same URL's `.data` answer
 *     (Remix's data request: the session check, the page's queries and the encoding of their results,
 *     no rendering), so a page shows how much of its cost is its data and how much the render;
 *   - the HTML bytes of one answer and the JavaScript (gzip) the page loads in Chromium (cache cold);
 *   - the thin client: the page loaded again in that browser (cache warm) with its CPU slowed
 *     `--cpu-slowdown` times (6; CDP `Emulation.setCPUThrottlingRate`): largest contentful paint,
 *     total blocking time and when the main thread went idle (the end of the last long task), read by
 *     PerformanceObservers in the page; after the same pause as the single requests, `--thin-runs`
 *     loads (3), each figure their median (one load on a 2-core machine right after a burst measured
 *     the burst's aftermath as much as the page: decision 0039); `--trace DIR` also writes a Chrome
 *     trace of the first load there and prints the same numbers read from it;
 *   - its requests/s as a ratio of the floor page's (`/manage`: a signed-in page whose loaders run
 *     only the session check), measured in the same run, before and after the pages.
 * The sign-in page is measured too: the floor's own target is 80% of it.
 *
 *   npm run build && npm run bench -- --scale 100 --processes 2 [--port 3390] [--connections 10]
 *     [--seconds 5] [--runs 30] [--only text]… [--no-browser] [--no-data-twins] [--cpu-slowdown 6] [--thin-runs 3]
 *     [--trace dir] [--markdown file] [--cpu-prof dir] [--data-dir dir]
 *
 * Data: `data/bench-<scale>`, or `$BENCH_DATA_DIR/bench-<scale>` (kept between runs), or --data-dir.
 *
 * Budgets (scripts/bench-budgets.ts; at --scale 100, 2 processes, 10 connections): single-request p95
 * ≤ 50 ms, p95 under 10 connections ≤ 250 ms, the `.data` twin ≥ 60% of the floor, the page ≥ 25% of
 * it, JS ≤ 150 KB gzip, and with the CPU slowed 6×: LCP ≤ 1.0 s, total blocking time ≤ 200 ms, idle
 * ≤ 1.5 s. The table has a column per budget and names what each page missed; the bench exits 1 when
 * any page missed one. Below scale 100 the ratios and the concurrency p95 are information only.
 */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContext } from '@playwright/test'
import { DEMO_USERS } from '#app/db/seed/demo-users'
import { findChromium } from '../tests/support/chromium'
import { spawnServer } from '../tests/support/server-process.mjs'
import {
  budgetsFor,
  dataTwin,
  idleAt,
  missedBudgets,
  optionValues,
  parsePage,
  percentile,
  selectPages,
  totalBlockingTime,
  traceMetrics,
  type BudgetName,
  type PageEntry,
  type ThinClient,
} from './bench-budgets'

interface AutocannonResult {
  requests: { average: number }
  non2xx: number
  errors: number
  timeouts: number
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  headers: Record<string, string>
  method?: string
  body?: string
}) => AutocannonInstance
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? Number(args[at + 1]) : fallback
}
const text = (name: string) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args[at + 1] : undefined
}
const SCALE = option('scale', 1)
const CONNECTIONS = option('connections', 10)
const SECONDS = option('seconds', 5)
const RUNS = option('runs', 30)
const PROCESSES = text('processes')
const ONLY = optionValues(args, 'only')
const MARKDOWN = text('markdown')
// BENCH_DATA_DIR keeps seeded data between runs and worktrees (a scale-100 seed takes minutes).
const DATA_DIR = text('data-dir') ?? path.join(process.env.BENCH_DATA_DIR || 'data', `bench-${SCALE}`)
const PROFILE = text('cpu-prof')
const TRACE_DIR = text('trace')
// Queries slower than this are logged by the server (SLOW_QUERY_MS, with their plan) and counted per
// page while its single requests run (one at a time: no wait for a pooled connection in the time).
const SLOW_QUERY_MS = option('slow-query-ms', SCALE >= 1000 ? 50 : 20)
const SLOW_LOG = text('slow-log')
const DATA_TWINS = !args.includes('--no-data-twins')
const CPU_SLOWDOWN = option('cpu-slowdown', 6)
const THIN_RUNS = Math.max(1, option('thin-runs', 3))
const BUDGETS_NOW = budgetsFor(SCALE)

const FLOOR = '/manage'
const SIGN_IN = '/login'

/**
 * Pages measured; add each new page as it is built (append to the list). An entry is a path with its
 * query (`/search/…?q=x`), or `POST /api/path {"json":"body"}` for an API answered by POST (reports).
 */
const PAGES = [
  // Home, by its options, and its API calls.
  '/',
  '/?news=all&appts=all&hours=active',
  '/api/notes?type=news&limit=4000',
  '/api/notes?type=appt&withFirmSort=true&withFuturecstamp=true',
  '/api/me',
  '/api/lists',
  '/api/states',
  // Firms search: unisearch, column search, the firm viewer's tabs.
  '/search/firms/firmsSearch?mode=uni&q=law',
  '/search/firms/firmsSearch?mode=columns&city=a&col=sort&col=phone&col=state',
  '/search/firms/firmsSearch?open=1001&firm=1001&tab=Info',
  '/search/firms/firmsSearch?open=1001&firm=1001&tab=Members',
  '/viewFirmNoNote/1001/Files',
  '/search/firms/viewFirm?open=1001&firm=1001&tab=Members',
  // Policies (issue 13): the firm's Policies tab, the policy editor, both calculators, the taxes call.
  '/search/firms/firmsSearch?open=1001&firm=1001&tab=Policies&pview=All',
  '/editPolicy/30001',
  '/ViewPolicy/30001',
  '/search/firms/firmsSearch?open=1001&firm=1001&tab=Policies&pcalc=taxes&cpid=30001&cstep=2&state=CO',
  '/search/firms/firmsSearch?open=1001&firm=1001&tab=Policies&pcalc=commissions&cpid=30001&cstep=1',
  '/api/policies/30001/taxes?state=CO',
  '/api/firms/unisearch/search?search=law',
  // Firm categories (decision 0025): the open notes grouped in their partial index, a page of 100.
  '/api/firms?category=active',
  '/api/firms?category=neglected',
  '/api/firms/1001/people?perPage=20',
  '/search/contacts/contactsSearch',
  '/search/contacts/contactsSearch?q=panel&contact=516',
  '/api/contacts?search=a',
  '/search/people/peopleSearch?q=smith',
  // The jobs list (the firms search page without a firm search), by kind and sort, and another user's.
  '/search/firms/firmsSearch',
  '/search/firms/firmsSearch?jobs=ticklers&jsort=re',
  '/search/firms/firmsSearch?juser=underwriter&jq=renewal',
  '/api/notes/jobs?job=all&username=mkent',
  '/api/notes/jobs/count',
  // The firm's Notes tab in the main view and the popup, a firm opened from a note, and one note.
  '/search/firms/firmsSearch?open=1001&firm=1001&tab=Notes',
  '/viewFirmNoNote/1001/Notes?nmode=Active&nsort=re&ndesc=0',
  '/viewFirmNote/100001',
  '/api/notes/100001',
  // A Notes tab panel (inline edit) and the Note/Email editor (read-only: the bench must not take it).
  '/search/firms/firmsSearch?open=1001&firm=1001&tab=Notes&nmode=All&nedit=100016',
  '/editNoteEmail/100016?read=1',
  // Form pages.
  '/editFirm/1001',
  '/editPerson/20001',
  '/editContact/516',
  '/preferences',
  '/hours',
  // Roles (issue 24): the three columns with every user, group and scope.
  '/manage/roles',
  // Two-step sign-in enrolment (its QR code is drawn on every visit).
  '/mfa',
  // Claims: the search (3 criteria, 10 columns), a claim's printable view, its editor, a firm's Claims tab.
  '/search/claims/claimsSearch?run=1&status=Open&type=FPL&res_def=10000&col=fid&col=clm_num&col=claimant&col=status&col=claim&col=res_def&col=defense&col=cur_def&col=carrier&col=insdef',
  '/viewClaim/7001',
  '/editClaim/7001',
  '/search/firms/firmsSearch?open=1001&firm=1001&tab=Claims',
  // Loss Run (issue 25): a firm at scale 100 with five Lloyds FPL claims, every column; and its API call.
  '/reports/LossRun?run=1&fid=12381&carrier=Lloyds&type=FPL&premium=on&reserves=on&monitor=on',
  '/api/reports/loss-run?fid=12381&carrier=Lloyds&type=FPL',
  // Renewal (issue 25): the busiest month of Lloyds FPL renewals (about 1,000 of 1,700 policies), every firm type.
  '/reports/Renewal?run=1&prevCarrier=Lloyds&types=FPL&firmTypes=Law+Firm&firmTypes=Accounting+Firm&firmTypes=Insurance+Agency&firmTypes=Title+Agency&firmTypes=Real+Estate&month=10&year=2026',
  '/api/reports/renewals?prevCarrier=Lloyds&types=FPL&firmTypes=Law+Firm,Accounting+Firm,Insurance+Agency,Title+Agency,Real+Estate&month=10&year=2026',
  // MGA Rates (issue 24): the Year view, a Date view and the API's period call.
  '/manage/commissions',
  '/manage/commissions?view=date&date=2024-06-01',
  '/api/commissions?period=2024-01-01,2024-12-31',
  // State Rates (issue 24): the Year view (every state's panel) and its list call.
  '/manage/taxes',
  '/api/taxes?period=2024-01-01,2024-12-31',
  // Bordereaux (issue 25, decision 0034): the largest contract's claims and policies (all months; one
  // month of a year), w/text and w/forms, its API call, and a month's download (1,900 policies as CSV, streamed).
  '/reports/bordereau?type=claims&contract=4&run=1&large=on',
  '/reports/bordereau?type=policies&contract=4&month=all&run=1&large=on',
  '/reports/bordereau?type=policies&contract=4&month=3&year=2025&run=1&size=100',
  'POST /api/reports/bordereau {"contract":4,"queryType":"policies","month":"all","perPage":100}',
  '/api/reports/bordereau/download?type=policies&contract=4&month=3&year=2025&format=csv',
  // Bind Authority (issue 25): the report's first and a deep page, and its API call (a page of 100).
  '/reports/bindauthority?run=1',
  '/reports/bindauthority?run=1&page=200',
  'POST /api/reports/bindauthority',
  // Aggregate reports (issue 25 item 3, decision 0035): the form, claims by county, every firm sorted by
  // its premium (the grouping over the most rollup rows), GLR by zone, and the API call.
  '/reports/reportsSearch',
  '/reports/reportsSearch?run=1&q=claims&agg=sum&state=other&sort=total&desc=1',
  '/reports/reportsSearch?run=1&q=policies&agg=sum&state=firm&col=insured&sort=premium&desc=1&page=20',
  '/reports/reportsSearch?run=1&q=claims&agg=glr&state=zone',
  'POST /api/reports {"queryType":"policies","aggType":"avg","whereColumns":{"state":"all","carrier":["Lloyds"]}}',
  // The report calls without a screen (issue 25 item 7, decision 0037): each one's default page, and the
  // deep or sorted pages that walk the most.
  '/api/reports',
  '/api/reports/aging',
  '/api/reports/aging?aging=90%2B&orders=amt&directions=desc',
  '/api/reports/status',
  '/api/reports/status?report=lost&orders=pid&page=50',
  '/api/reports/newly-firms',
  '/api/reports/exceptions?scope=nonum',
  '/api/reports/past-policies-without-entries',
  '/api/reports/ledgers-checks?check=INV-1',
  '/api/reports/payments?payment=disbursed&orders=amt',
  '/api/reports/deposit-balances?date=month',
  '/api/reports/client-balances?balance=receivables',
  '/api/reports/webin',
  '/api/reports/summary?report=aging',
]

interface Row {
  page: PageEntry
  rps: number
  p50: number
  p95: number
  failed: number
  htmlBytes: number
  jsKb: number | null
  singleP95: number
  /** Requests/s of the page's `.data` answer (its loaders, no render); null without a twin. */
  dataRps: number | null
  /** The thin client's numbers; null for API calls, POSTs and without a browser. */
  thin: ThinClient | null
  /** Queries over SLOW_QUERY_MS during the single requests: how many, the slowest (ms); null when not watched. */
  slow: { count: number; maxMs: number } | null
}

/** The page whose single requests are running, and its slow queries so far (read from the server's log). */
let slowWindow: { count: number; maxMs: number } | null = null
let watchingSlowQueries = false
function watchSlowQueries(stream: NodeJS.ReadableStream) {
  watchingSlowQueries = true
  const log = SLOW_LOG ? fs.createWriteStream(SLOW_LOG) : null
  let buffer = ''
  let inPlan = false
  stream.on('data', (chunk: Buffer) => {
    buffer += chunk.toString()
    const lines = buffer.split('\n')
    buffer = lines.pop() ?? ''
    for (const line of lines) {
      const slow = /^\[db\] slow query ([\d.]+) ms/.exec(line)
      if (slow && slowWindow) {
        slowWindow.count++
        slowWindow.maxMs = Math.max(slowWindow.maxMs, Number(slow[1]))
      }
      // A slow query's line and its plan (the lines after it: indented, or a node with its cost) go
      // to --slow-log or nowhere; everything else the server says to the terminal.
      inPlan = Boolean(slow) || (inPlan && (/^\s/.test(line) || line.includes('(cost=')))
      if (inPlan) log?.write(`${line}\n`)
      else process.stderr.write(`${line}\n`)
    }
  })
}

async function main() {
  const entries = selectPages(PAGES, ONLY).map(parsePage)
  let server: ChildProcess | undefined
  let base = process.env.BENCH_URL
  if (!base) {
    const port = option('port', 3390)
    base = `http://127.0.0.1:${port}`
    // Its own process group, so the whole server (tsx, node and its workers) stops with it.
    // --cpu-prof DIR: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
    const nodeFlags = PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE)] : []
    // The server as `npm start` runs it: its bundle (npm run build), with plain Node.
    const entry = path.resolve(process.env.BUILD_DIR || 'build', 'server.mjs')
    if (!fs.existsSync(entry)) throw new Error(`No server bundle at ${entry}: run \`npm run build\` first.`)
    const taken = await fetch(`${base}/login`).then(
      () => true,
      () => false,
    )
    if (taken) throw new Error(`Something already answers at ${base}: stop it or pass another --port.`)
    server = spawnServer({
      entry,
      nodeFlags,
      port,
      dataDir: DATA_DIR,
      env: {
        SEED_SCALE: String(SCALE),
        ...(PROCESSES ? { WEB_CONCURRENCY: PROCESSES } : {}),
        SLOW_QUERY_MS: String(SLOW_QUERY_MS),
      },
      stdio: ['ignore', 'inherit', 'pipe'],
    })
    if (server.stderr) watchSlowQueries(server.stderr)
    // Stopped by a signal, the bench stops its server (its own process group) on the way out.
    const child = server
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => {
        if (child.pid) process.kill(-child.pid, 'SIGTERM')
        process.exit(130)
      })
    await waitFor(`${base}/login`, child)
  }
  try {
    const cookie = await signIn(base)
    const chromiumPath = args.includes('--no-browser') ? undefined : findChromium()
    const browser = chromiumPath ? await chromium.launch({ executablePath: chromiumPath }) : null
    if (!browser) console.log('\n(no browser: JS counts only the scripts named in each HTML; no thin-client step)')
    if (TRACE_DIR) fs.mkdirSync(TRACE_DIR, { recursive: true })

    const floorEntry = parsePage(FLOOR)
    const signInEntry = parsePage(SIGN_IN)
    const measure = (page: PageEntry) => measurePage(base, page, page.path === SIGN_IN ? '' : cookie, browser)
    console.log(
      `\nscale ${SCALE}, ${CONNECTIONS} connections × ${SECONDS} s per page, ${RUNS} single requests${PROCESSES ? `, ${PROCESSES} processes` : ''}${browser ? `, CPU slowed ${CPU_SLOWDOWN}× in the browser (median of ${THIN_RUNS} loads)` : ''}${DATA_TWINS ? ', data twins' : ''}\n`,
    )
    // Warm the server first (its JIT, PostgreSQL's caches and plans): a cold floor measured fewer
    // requests/s than the same floor after the pages, and flattered every ratio.
    await warmUp(base, [floorEntry, ...entries], cookie)
    const floorBefore = await measure(floorEntry)
    printRow(floorBefore, null)
    const rows: Row[] = []
    for (const page of [...entries, signInEntry]) {
      const row = await measure(page)
      rows.push(row)
      printRow(row, floorBefore.rps)
    }
    const floorAfter = await measure(floorEntry)
    printRow(floorAfter, floorBefore.rps)
    await browser?.close()

    // The floor is the mean of its two runs, so a machine that got busier or quieter shows in both.
    const floor: Row = {
      ...floorBefore,
      rps: (floorBefore.rps + floorAfter.rps) / 2,
      p95: Math.max(floorBefore.p95, floorAfter.p95),
      singleP95: Math.max(floorBefore.singleP95, floorAfter.singleP95),
      failed: floorBefore.failed + floorAfter.failed,
      dataRps:
        floorBefore.dataRps === null || floorAfter.dataRps === null
          ? null
          : (floorBefore.dataRps + floorAfter.dataRps) / 2,
    }
    const missed = (row: Row) => missedBudgets(row, floor.rps, BUDGETS_NOW, row !== floor && row.page.path !== SIGN_IN)
    const table = markdownTable(floor, rows, missed)
    console.log(`\n${table}`)
    const signInRow = rows.find((row) => row.page.path === SIGN_IN)
    if (signInRow)
      console.log(
        `floor: ${floor.rps.toFixed(0)} req/s = ${pct(floor.rps / signInRow.rps)} of the sign-in page's ${signInRow.rps.toFixed(0)} (target 80%)`,
      )
    if (MARKDOWN) fs.writeFileSync(MARKDOWN, `${table}\n`)

    const over = [floor, ...rows].filter((row) => missed(row).length > 0)
    for (const row of over) console.log(`OVER BUDGET ${row.page.label}: ${missed(row).join(', ')}`)
    console.log(`budgets at scale ${SCALE}: ${describeBudgets()}`)
    console.log(over.length > 0 ? `${over.length} page(s) over budget` : 'every page within its budgets')
    process.exitCode = over.length > 0 ? 1 : 0
  } finally {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM')
  }
}

function describeBudgets(): string {
  const b = BUDGETS_NOW
  const parts = [
    b.singleP95Ms !== undefined && `single-request p95 ≤ ${b.singleP95Ms} ms`,
    b.p95Ms !== undefined && `p95 under ${CONNECTIONS} connections ≤ ${b.p95Ms} ms`,
    b.dataFloorRatio !== undefined && `data ≥ ${pct(b.dataFloorRatio)} of the floor`,
    b.pageFloorRatio !== undefined && `page ≥ ${pct(b.pageFloorRatio)} of the floor`,
    b.jsKb !== undefined && `JS ≤ ${b.jsKb} KB gzip`,
    b.lcpMs !== undefined && `LCP ≤ ${b.lcpMs / 1000} s`,
    b.tbtMs !== undefined && `TBT ≤ ${b.tbtMs} ms`,
    b.idleMs !== undefined && `idle ≤ ${b.idleMs / 1000} s (CPU ${CPU_SLOWDOWN}×)`,
  ]
  return parts.filter(Boolean).join(', ')
}

function requestInit(page: PageEntry, base: string, cookie: string): RequestInit {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
  if (page.method === 'POST') {
    headers.Origin = base
    headers['Content-Type'] = 'application/json'
  }
  return { method: page.method, headers, body: page.body, redirect: 'manual' }
}

function load(base: string, page: PageEntry, cookie: string) {
  const init = requestInit(page, base, cookie)
  return autocannon({
    url: `${base}${page.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: init.headers as Record<string, string>,
    method: page.method,
    body: page.body,
  })
}

async function warmUp(base: string, pages: PageEntry[], cookie: string) {
  for (const page of pages) {
    for (let i = 0; i < 10; i++)
      await (await fetch(`${base}${page.path}`, requestInit(page, base, cookie))).arrayBuffer()
  }
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
  await autocannon({ url: `${base}${FLOOR}`, connections: CONNECTIONS, duration: 3, headers })
}

async function signIn(base: string): Promise<string> {
  const admin = DEMO_USERS.find((user) => user.username === 'admin')!
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: admin.username, password: admin.password }),
    redirect: 'manual',
  })
  const cookies = login.headers.getSetCookie().map((line) => line.split(';')[0])
  if (cookies.length === 0) throw new Error(`sign-in failed: ${login.status}`)
  return cookies.join('; ')
}

async function measurePage(base: string, page: PageEntry, cookie: string, browser: Browser | null): Promise<Row> {
  // Warm up (code paths, plans, caches), and check the page answers.
  let html = ''
  for (let i = 0; i < 5; i++) {
    const response = await fetch(`${base}${page.path}`, requestInit(page, base, cookie))
    html = await response.text()
    if (response.status >= 300) throw new Error(`${page.label} answered ${response.status}`)
  }
  const htmlBytes = Buffer.byteLength(html)

  const times: number[] = []
  const run = load(base, page, cookie)
  run.on('response', (_client, _status, _bytes, ms) => times.push(ms))
  const result = await run
  times.sort((a, b) => a - b)

  // One request at a time on a quiet server: the burst's last answers, collections and PostgreSQL's
  // writes behind it settle first (a pause, no request is discarded).
  await new Promise((resolve) => setTimeout(resolve, 500))
  const single: number[] = []
  const slow = watchingSlowQueries ? { count: 0, maxMs: 0 } : null
  slowWindow = slow
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    await (await fetch(`${base}${page.path}`, requestInit(page, base, cookie))).arrayBuffer()
    single.push(performance.now() - t0)
  }
  // The server's log arrives a moment after the answers.
  if (slow) await new Promise((resolve) => setTimeout(resolve, 200))
  slowWindow = null
  single.sort((a, b) => a - b)

  const twin = DATA_TWINS ? dataTwin(page, SIGN_IN) : null
  const twinResult = twin ? await load(base, { ...page, path: twin }, cookie) : null
  const dataRps = twinResult ? twinResult.requests.average : null
  const isDocument = page.method === 'GET' && !page.path.startsWith('/api/')
  let jsKb: number | null = null
  let thin: ThinClient | null = null
  // The browser loads the page on a quiet server too (the twin's burst settles first, as above).
  if (isDocument && browser) await new Promise((resolve) => setTimeout(resolve, 500))
  if (isDocument && browser) ({ jsKb, thin } = await inBrowser(browser, base, page, cookie))
  else if (isDocument) jsKb = await pageJsKb(base, html)
  return {
    page,
    rps: result.requests.average,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    // A twin that answers an error would measure the error page: its failures count as the page's.
    failed:
      result.non2xx +
      result.errors +
      result.timeouts +
      (twinResult ? twinResult.non2xx + twinResult.errors + twinResult.timeouts : 0),
    htmlBytes,
    jsKb,
    singleP95: percentile(single, 0.95),
    dataRps,
    thin,
    slow,
  }
}

function printRow(row: Row, floorRps: number | null) {
  const ratio = floorRps ? pct(row.rps / floorRps) : 'floor'
  const data =
    row.dataRps === null ? '' : ` data ${row.dataRps.toFixed(1)}/s${floorRps ? ` ${pct(row.dataRps / floorRps)}` : ''}`
  const thin = row.thin
    ? ` LCP ${(row.thin.lcpMs / 1000).toFixed(2)} s TBT ${row.thin.tbtMs.toFixed(0)} ms idle ${(row.thin.idleMs / 1000).toFixed(2)} s`
    : ''
  const js = row.jsKb === null ? '' : ` JS ${row.jsKb.toFixed(0)} KB`
  console.log(
    `${row.page.label.padEnd(72)} ${row.rps.toFixed(1).padStart(7)}/s p50 ${row.p50.toFixed(0).padStart(5)} p95 ${row.p95.toFixed(0).padStart(5)} single p95 ${row.singleP95.toFixed(1).padStart(6)} ms ${ratio.padStart(5)}${data}${js}${thin}`,
  )
}

function markdownTable(floor: Row, rows: Row[], missed: (row: Row) => BudgetName[]): string {
  const b = BUDGETS_NOW
  const limit = (value: number | undefined, show: (value: number) => string) =>
    value === undefined ? '' : ` (${show(value)})`
  const lines = [
    `| page | req/s | p50 ms | p95 ms${limit(b.p95Ms, (v) => `≤ ${v}`)} | single p95 ms${limit(b.singleP95Ms, (v) => `≤ ${v}`)} | vs floor${limit(b.pageFloorRatio, (v) => `≥ ${pct(v)}`)} | data req/s | data vs floor${limit(b.dataFloorRatio, (v) => `≥ ${pct(v)}`)} | HTML KB | JS KB gz${limit(b.jsKb, (v) => `≤ ${v}`)} | LCP s${limit(b.lcpMs, (v) => `≤ ${v / 1000}`)} | TBT ms${limit(b.tbtMs, (v) => `≤ ${v}`)} | idle s${limit(b.idleMs, (v) => `≤ ${v / 1000}`)} | queries > ${SLOW_QUERY_MS} ms | missed |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|`,
  ]
  for (const row of [floor, ...rows]) {
    const miss = missed(row)
    const mark = (name: BudgetName, value: string) => (value && miss.includes(name) ? `**${value}** ✗` : value)
    const ratio = row === floor ? 'floor' : pct(row.rps / floor.rps)
    const cells = [
      `\`${row.page.label}\``,
      row.rps.toFixed(1),
      row.p50.toFixed(0),
      mark('p95', row.p95.toFixed(0)),
      mark('single p95', row.singleP95.toFixed(1)),
      mark('page', ratio),
      row.dataRps === null ? '' : row.dataRps.toFixed(1),
      row.dataRps === null ? '' : mark('data', pct(row.dataRps / floor.rps)),
      (row.htmlBytes / 1024).toFixed(1),
      row.jsKb === null ? '' : mark('JS', row.jsKb.toFixed(0)),
      row.thin ? mark('LCP', (row.thin.lcpMs / 1000).toFixed(2)) : '',
      row.thin ? mark('TBT', row.thin.tbtMs.toFixed(0)) : '',
      row.thin ? mark('idle', (row.thin.idleMs / 1000).toFixed(2)) : '',
      row.slow === null ? '' : row.slow.count === 0 ? '0' : `${row.slow.count} (max ${row.slow.maxMs.toFixed(0)})`,
      miss.join(', '),
    ]
    lines.push(`| ${cells.join(' | ')} |`)
  }
  return lines.join('\n')
}

function pct(ratio: number): string {
  return `${Math.round(ratio * 100)}%`
}

async function pageJsKb(base: string, html: string): Promise<number> {
  const sources = new Set<string>()
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) sources.add(match[1])
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) sources.add(match[1])
  let bytes = 0
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, base))).arrayBuffer())
    bytes += gzipSync(body, { level: 9 }).length
  }
  return bytes / 1024
}

/**
 * In the page, before its own scripts: the largest contentful paint (last candidate), the first
 * contentful paint and every long task, as PerformanceObservers see them.
 */
const OBSERVERS = `(() => {
  const seen = { lcp: 0, fcp: 0, tasks: [] };
  window.__bench = seen;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.lcp = entry.renderTime || entry.loadTime || entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})()`

/** A quiet second with no new long task ends the wait (at most 15 s). */
const QUIET_MS = 1000

/**
 * The page in a fresh browser context: first with the cache cold at full speed, counting the
 * JavaScript (gzip, KB) it loads until the network is idle; then again, cache warm, with the CPU
 * slowed CPU_SLOWDOWN times, until the main thread has been quiet for a second: the thin client.
 */
async function inBrowser(
  browser: Browser,
  base: string,
  page: PageEntry,
  cookie: string,
): Promise<{ jsKb: number; thin: ThinClient }> {
  const context = await browser.newContext()
  try {
    if (cookie) {
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=')
          return { name, value: value.join('='), url: base }
        }),
      )
    }
    const jsKb = await coldJsKb(context, base, page)
    const runs: ThinClient[] = []
    for (let run = 0; run < THIN_RUNS; run++) runs.push(await thinClient(browser, context, base, page, run === 0))
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    const thin = {
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      idleMs: median(runs.map((r) => r.idleMs)),
    }
    if (THIN_RUNS > 1)
      console.log(
        `  ${page.label.slice(0, 60)}: thin client runs LCP ${runs.map((r) => (r.lcpMs / 1000).toFixed(2)).join(', ')} s, TBT ${runs.map((r) => r.tbtMs.toFixed(0)).join(', ')} ms, idle ${runs.map((r) => (r.idleMs / 1000).toFixed(2)).join(', ')} s`,
      )
    return { jsKb, thin }
  } finally {
    await context.close()
  }
}

async function coldJsKb(context: BrowserContext, base: string, page: PageEntry): Promise<number> {
  const tab = await context.newPage()
  const sizes = new Map<string, Promise<number>>()
  tab.on('response', (response) => {
    if (response.ok() && /\.m?js(\?|$)/.test(response.url()))
      sizes.set(
        response.url(),
        response.body().then(
          (body) => gzipSync(body, { level: 9 }).length,
          () => 0,
        ),
      )
  })
  await tab.goto(`${base}${page.path}`, { waitUntil: 'networkidle' })
  const bytes = (await Promise.all(sizes.values())).reduce((sum, size) => sum + size, 0)
  await tab.close()
  return bytes / 1024
}

async function thinClient(
  browser: Browser,
  context: BrowserContext,
  base: string,
  page: PageEntry,
  traced: boolean,
): Promise<ThinClient> {
  const tab = await context.newPage()
  await tab.addInitScript(OBSERVERS)
  const cdp = await context.newCDPSession(tab)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  const url = `${base}${page.path}`
  const tracePath = TRACE_DIR && traced ? path.join(TRACE_DIR, `${slug(page.label)}.json`) : undefined
  if (tracePath)
    await browser.startTracing(tab, {
      path: tracePath,
      categories: [
        'loading',
        'devtools.timeline',
        'blink.user_timing',
        'toplevel',
        'disabled-by-default-devtools.timeline',
      ],
    })
  await tab.goto(url, { waitUntil: 'load' })
  const deadline = Date.now() + 15_000
  let seen = { lcp: 0, fcp: 0, tasks: [] as { start: number; duration: number }[], now: 0, loaded: 0 }
  while (Date.now() < deadline) {
    await tab.waitForTimeout(250)
    seen = await tab.evaluate(() => {
      const bench = (window as unknown as { __bench: { lcp: number; fcp: number; tasks: [] } }).__bench
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      return { ...bench, now: performance.now(), loaded: navigation?.loadEventEnd ?? 0 }
    })
    if (seen.now - idleAt(seen.tasks, seen.loaded) >= QUIET_MS) break
  }
  if (tracePath) await browser.stopTracing()
  await tab.close()
  const thin = { lcpMs: seen.lcp, tbtMs: totalBlockingTime(seen.tasks, seen.fcp), idleMs: idleAt(seen.tasks, 0) }
  if (tracePath) {
    const trace = JSON.parse(fs.readFileSync(tracePath, 'utf8')) as { traceEvents: Parameters<typeof traceMetrics>[0] }
    const fromTrace = traceMetrics(trace.traceEvents, url)
    console.log(
      fromTrace
        ? `  trace ${path.basename(tracePath)}: LCP ${fromTrace.lcpMs.toFixed(0)} ms (observer ${thin.lcpMs.toFixed(0)}), TBT ${fromTrace.tbtMs.toFixed(0)} ms (${thin.tbtMs.toFixed(0)}), idle ${fromTrace.idleMs.toFixed(0)} ms (${thin.idleMs.toFixed(0)}), long tasks ${fromTrace.tasks.length} (${seen.tasks.length})`
        : `  trace ${path.basename(tracePath)}: no navigation of ${url} found`,
    )
  }
  return thin
}

function slug(label: string): string {
  return label.replace(/[^A-Za-z0-9]+/g, '_').slice(0, 100)
}

/**
 * Waits for the server to answer. A server that exits first (a failed start, a port in use) ends the
 * bench: waiting on could measure another bench's server on the same port.
 */
async function waitFor(url: string, child: ChildProcess) {
  // A first start at a large scale seeds first: allow it the time.
  const deadline = Date.now() + 60 * 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server stopped before it answered (${child.exitCode ?? child.signalCode}): ${url}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`server did not start: ${url}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
