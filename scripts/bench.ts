/**
 * The bench (issue 11): every page under concurrency and one request at a time, against the floor.
 *
 * Starts the built app on the embedded database of its own data folder (`data/bench-<scale>`,
 * seeded at that scale on first use; or uses BENCH_URL), signs in as admin, then for every page:
 *   - 10 connections for a few seconds (autocannon): requests/s, p50, p95;
 *   - one request at a time: p95;
 *   - the HTML bytes of one answer and the JavaScript (gzip) the page loads in Chromium;
 *   - with --data-twins, its loaders alone: the same URL's `.data` answer (Remix's data request: the
 *     session check, the page's queries and the encoding of their results, no rendering), so a page
 *     shows how much of its cost is its data and how much the render;
 *   - its throughput as a ratio of the floor page's (`/manage`: a signed-in page whose loaders run
 *     only the session check), measured in the same run, before and after the pages.
 * The sign-in page is measured too: the floor's own target is 80% of it.
 *
 *   npm run build && npm run bench [-- --scale 100] [--connections 10] [--seconds 5] [--runs 30]
 *     [--processes N] [--only substring] [--no-browser] [--markdown file] [--cpu-prof dir]
 *     [--data-twins]
 *
 * Data: `data/bench-<scale>`, or `$BENCH_DATA_DIR/bench-<scale>` (kept between runs), or --data-dir.
 *
 * Budgets: every page at least 60% of the floor's requests/s, single-request p95 under 50 ms, client
 * JS under 150 KB gzip. Exits 1 when one is over (at scale 1 only the JS and p95 budgets count).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from '@playwright/test'
import { DEMO_USERS } from '#app/db/seed/demo-users'
import { findChromium } from '../tests/support/chromium'

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
const ONLY = text('only')
const MARKDOWN = text('markdown')
// BENCH_DATA_DIR keeps seeded data between runs and worktrees (a scale-100 seed takes minutes).
const DATA_DIR = text('data-dir') ?? path.join(process.env.BENCH_DATA_DIR || 'data', `bench-${SCALE}`)
const PROFILE = text('cpu-prof')
const DATA_TWINS = args.includes('--data-twins')

const FLOOR = '/manage'
const SIGN_IN = '/login'
const FLOOR_RATIO_BUDGET = 0.6
const SINGLE_P95_BUDGET_MS = 50
const CLIENT_JS_BUDGET_KB = 150

/** Pages measured; add each new page as it is built. */
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
  // MGA Rates (issue 24): the Year view, a Date view and the API's period call.
  '/manage/commissions',
  '/manage/commissions?view=date&date=2024-06-01',
  '/api/commissions?period=2024-01-01,2024-12-31',
  // State Rates (issue 24): the Year view (every state's panel) and its list call.
  '/manage/taxes',
  '/api/taxes?period=2024-01-01,2024-12-31',
]

interface Row {
  page: string
  rps: number
  p50: number
  p95: number
  failed: number
  htmlBytes: number
  jsKb: number | null
  singleP95: number
  /** With --data-twins: requests/s of the page's `.data` answer (its loaders, no render). */
  dataRps?: number
}

async function main() {
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
    server = spawn(process.execPath, [...nodeFlags, entry], {
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR,
        SEED_SCALE: String(SCALE),
        DATABASE_URL: '',
        LOG_REQUESTS: '',
        ...(PROCESSES ? { WEB_CONCURRENCY: PROCESSES } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    await waitFor(`${base}/login`)
  }
  try {
    const cookie = await signIn(base)
    const chromiumPath = args.includes('--no-browser') ? undefined : findChromium()
    const browser = chromiumPath ? await chromium.launch({ executablePath: chromiumPath }) : null
    if (!browser) console.log('\n(no browser: JS counts only the scripts named in each HTML)')

    const pages = PAGES.filter((page) => !ONLY || page.includes(ONLY))
    const measure = (page: string) => measurePage(base, page, page === SIGN_IN ? '' : cookie, browser)
    console.log(
      `\nscale ${SCALE}, ${CONNECTIONS} connections × ${SECONDS} s per page, ${RUNS} single requests${PROCESSES ? `, ${PROCESSES} processes` : ''}\n`,
    )
    // Warm the server first (its JIT, PostgreSQL's caches and plans): a cold floor measured fewer
    // requests/s than the same floor after the pages, and flattered every ratio.
    await warmUp(base, [FLOOR, ...pages], cookie)
    const floorBefore = await measure(FLOOR)
    printRow(floorBefore, null)
    const rows: Row[] = []
    for (const page of [...pages, SIGN_IN]) {
      const row = await measure(page)
      rows.push(row)
      printRow(row, floorBefore.rps)
    }
    const floorAfter = await measure(FLOOR)
    printRow(floorAfter, floorBefore.rps)
    await browser?.close()

    // The floor is the mean of its two runs, so a machine that got busier or quieter shows in both.
    const floor: Row = {
      ...floorBefore,
      rps: (floorBefore.rps + floorAfter.rps) / 2,
      singleP95: Math.max(floorBefore.singleP95, floorAfter.singleP95),
      dataRps:
        floorBefore.dataRps === undefined || floorAfter.dataRps === undefined
          ? undefined
          : (floorBefore.dataRps + floorAfter.dataRps) / 2,
    }
    const table = markdownTable(floor, rows)
    console.log(`\n${table}`)
    const signInRow = rows.find((row) => row.page === SIGN_IN)
    if (signInRow)
      console.log(
        `floor: ${floor.rps.toFixed(0)} req/s = ${pct(floor.rps / signInRow.rps)} of the sign-in page's ${signInRow.rps.toFixed(0)} (target 80%)`,
      )
    if (MARKDOWN) fs.writeFileSync(MARKDOWN, `${table}\n`)

    const over = rows.filter((row) => overBudget(row, floor.rps).length > 0)
    for (const row of over) console.log(`OVER BUDGET ${row.page}: ${overBudget(row, floor.rps).join(', ')}`)
    console.log(
      `budgets: ≥ ${pct(FLOOR_RATIO_BUDGET)} of the floor's req/s${SCALE >= 100 ? '' : ' (checked at --scale 100)'}, single-request p95 < ${SINGLE_P95_BUDGET_MS} ms, client JS < ${CLIENT_JS_BUDGET_KB} KB gzip`,
    )
    process.exitCode = over.length > 0 ? 1 : 0
  } finally {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM')
  }
}

async function warmUp(base: string, pages: string[], cookie: string) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
  for (const page of pages) {
    for (let i = 0; i < 10; i++) await (await fetch(`${base}${page}`, { headers, redirect: 'manual' })).arrayBuffer()
  }
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

async function measurePage(base: string, page: string, cookie: string, browser: Browser | null): Promise<Row> {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
  // Warm up (code paths, plans, caches), and check the page answers.
  let html = ''
  for (let i = 0; i < 5; i++) {
    const response = await fetch(`${base}${page}`, { headers, redirect: 'manual' })
    html = await response.text()
    if (response.status >= 300) throw new Error(`${page} answered ${response.status}`)
  }
  const htmlBytes = Buffer.byteLength(html)

  const times: number[] = []
  const run = autocannon({ url: `${base}${page}`, connections: CONNECTIONS, duration: SECONDS, headers })
  run.on('response', (_client, _status, _bytes, ms) => times.push(ms))
  const result = await run
  times.sort((a, b) => a - b)

  // One request at a time on a quiet server: the burst's last answers, collections and PostgreSQL's
  // writes behind it settle first (a pause, no request is discarded).
  await new Promise((resolve) => setTimeout(resolve, 500))
  const single: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    await (await fetch(`${base}${page}`, { headers, redirect: 'manual' })).arrayBuffer()
    single.push(performance.now() - t0)
  }
  single.sort((a, b) => a - b)

  const twin = DATA_TWINS ? dataTwin(page) : null
  const dataRps = twin
    ? (await autocannon({ url: `${base}${twin}`, connections: CONNECTIONS, duration: SECONDS, headers })).requests
        .average
    : undefined
  const jsKb = page.startsWith('/api/')
    ? null
    : browser
      ? await browserJsKb(browser, base, page, cookie)
      : await pageJsKb(base, html)
  return {
    page,
    rps: result.requests.average,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    failed: result.non2xx + result.errors + result.timeouts,
    htmlBytes,
    jsKb,
    singleP95: percentile(single, 0.95),
    dataRps,
  }
}

/** The `.data` URL of a page (Remix single fetch: `/` is `/_root.data`); none for API calls and the sign-in page. */
function dataTwin(page: string): string | null {
  if (page.startsWith('/api/') || page === SIGN_IN) return null
  const url = new URL(page, 'http://bench')
  const pathname = url.pathname === '/' ? '/_root' : url.pathname.replace(/\/$/, '')
  return `${pathname}.data${url.search}`
}

function overBudget(row: Row, floorRps: number): string[] {
  const reasons: string[] = []
  if (SCALE >= 100 && row.page !== SIGN_IN && row.rps < floorRps * FLOOR_RATIO_BUDGET)
    reasons.push(`${pct(row.rps / floorRps)} of the floor`)
  if (row.singleP95 > SINGLE_P95_BUDGET_MS) reasons.push(`single p95 ${row.singleP95.toFixed(0)} ms`)
  if (row.jsKb !== null && row.jsKb > CLIENT_JS_BUDGET_KB) reasons.push(`JS ${row.jsKb.toFixed(0)} KB`)
  if (row.failed > 0) reasons.push(`${row.failed} failed requests`)
  return reasons
}

function printRow(row: Row, floorRps: number | null) {
  const ratio = floorRps ? pct(row.rps / floorRps) : 'floor'
  const data =
    row.dataRps === undefined
      ? ''
      : ` data ${row.dataRps.toFixed(1)}/s${floorRps ? ` ${pct(row.dataRps / floorRps)}` : ''}`
  console.log(
    `${row.page.padEnd(72)} ${row.rps.toFixed(1).padStart(7)}/s p50 ${row.p50.toFixed(0).padStart(5)} p95 ${row.p95.toFixed(0).padStart(5)} single p95 ${row.singleP95.toFixed(1).padStart(6)} ms ${ratio.padStart(5)}${data}`,
  )
}

function markdownTable(floor: Row, rows: Row[]): string {
  const twins = rows.some((row) => row.dataRps !== undefined)
  const lines = [
    `| page | req/s | p50 ms | p95 ms | single p95 ms | HTML KB | JS KB gz | vs floor |${twins ? ' data only: req/s | vs floor |' : ''}`,
    `|---|---:|---:|---:|---:|---:|---:|---:|${twins ? '---:|---:|' : ''}`,
  ]
  for (const row of [floor, ...rows]) {
    const ratio = row === floor ? 'floor' : pct(row.rps / floor.rps)
    const js = row.jsKb === null ? '' : row.jsKb.toFixed(0)
    const data = !twins
      ? ''
      : row.dataRps === undefined
        ? '  |  |'
        : ` ${row.dataRps.toFixed(1)} | ${pct(row.dataRps / floor.rps)} |`
    lines.push(
      `| \`${row.page}\` | ${row.rps.toFixed(1)} | ${row.p50.toFixed(0)} | ${row.p95.toFixed(0)} | ${row.singleP95.toFixed(1)} | ${(row.htmlBytes / 1024).toFixed(1)} | ${js} | ${ratio} |${data}`,
    )
  }
  return lines.join('\n')
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]
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

/** The JavaScript (gzip, KB) a fresh browser loads for the page until the network is idle. */
async function browserJsKb(browser: Browser, base: string, page: string, cookie: string): Promise<number> {
  const context = await browser.newContext()
  if (cookie) {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=')
        return { name, value: value.join('='), url: base }
      }),
    )
  }
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
  await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' })
  const bytes = (await Promise.all(sizes.values())).reduce((sum, size) => sum + size, 0)
  await context.close()
  return bytes / 1024
}

async function waitFor(url: string) {
  // A first start at a large scale seeds first: allow it the time.
  const deadline = Date.now() + 60 * 60_000
  while (Date.now() < deadline) {
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
