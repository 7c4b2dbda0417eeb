/**
 * Budget check (brief: server p95 < 100 ms for search pages at demo scale; client JS < 150 KB gzip
 * for a typical page). Starts the built app on a fresh embedded database (or uses BENCH_URL), signs
 * in as admin, requests each page repeatedly, and measures the gzip size of the JavaScript each page
 * loads in Chromium (CHROMIUM_PATH, default /usr/bin/chromium) until the network is idle: the module
 * scripts and preloads of its HTML and the code split off with React.lazy that its server render uses.
 * Without a browser (`--no-browser`) only the scripts named in the HTML are counted.
 *
 *   npm run build && npm run bench [-- --scale N] [--runs 50]
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from '@playwright/test'
import { DEMO_USERS } from '#app/db/seed/demo-users'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? Number(args[at + 1]) : fallback
}
const RUNS = option('runs', 50)
const SCALE = option('scale', 1)
const SERVER_P95_BUDGET_MS = 100
const CLIENT_JS_BUDGET_KB = 150

/** Pages measured; search pages join as they are built. */
const PAGES = [
  '/',
  '/?news=all&appts=all&hours=active',
  '/api/notes?type=news&limit=4000',
  '/api/notes?type=appt&withFirmSort=true&withFuturecstamp=true',
  '/manage',
  '/api/me',
  '/api/lists',
  '/api/states',
  '/search/firms/firmsSearch?mode=uni&q=law',
  '/search/firms/firmsSearch?mode=columns&city=a&col=sort&col=phone&col=state',
  '/search/firms/firmsSearch?open=1001&firm=1001&tab=Info',
  '/search/firms/firmsSearch?open=1001&firm=1001&tab=Members',
  '/viewFirmNoNote/1001/Files',
  '/api/firms/unisearch/search?search=law',
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
  // A Notes tab panel (inline edit) and the Note/Email editor.
  '/search/firms/firmsSearch?open=1001&firm=1001&tab=Notes&nmode=All&nedit=100016',
  '/editNoteEmail/100016',
  // Form pages (their constraints come without Zod).
  '/editFirm/1001',
  '/editPerson/20001',
  '/editContact/516',
  '/preferences',
  // Claims: the search (3 criteria, 10 columns), a claim's printable view, its editor, a firm's Claims tab.
  '/search/claims/claimsSearch?run=1&status=Open&type=FPL&res_def=10000&col=fid&col=clm_num&col=claimant&col=status&col=claim&col=res_def&col=defense&col=cur_def&col=carrier&col=insdef',
  '/viewClaim/7001',
  '/editClaim/7001',
  '/search/firms/firmsSearch?open=1001&firm=1001&tab=Claims',
]

async function main() {
  let server: ChildProcess | undefined
  let base = process.env.BENCH_URL
  if (!base) {
    const port = 3390
    base = `http://127.0.0.1:${port}`
    // Its own process group, so the whole server (tsx and node) stops with it.
    server = spawn(path.resolve('node_modules/.bin/tsx'), ['server/index.ts'], {
      detached: true,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: `data/bench-${SCALE}`, SEED_SCALE: String(SCALE), DATABASE_URL: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    await waitFor(`${base}/login`)
  }
  try {
    const admin = DEMO_USERS.find((user) => user.username === 'admin')!
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: admin.username, password: admin.password }),
      redirect: 'manual',
    })
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]
    if (!cookie) throw new Error(`sign-in failed: ${login.status}`)

    const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
    const browser = args.includes('--no-browser') || !fs.existsSync(chromiumPath) ? null : await chromium.launch({ executablePath: chromiumPath })
    if (!browser) console.log('\n(no browser: JS counts only the scripts named in each HTML)')
    let failed = false
    console.log(`\n${'page'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'JS KB gz'.padStart(9)}`)
    for (const page of [...PAGES, '/login']) {
      const headers: Record<string, string> = page === '/login' ? {} : { Cookie: cookie }
      for (let i = 0; i < 5; i++) await (await fetch(`${base}${page}`, { headers })).arrayBuffer()
      const times: number[] = []
      let html = ''
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now()
        const response = await fetch(`${base}${page}`, { headers })
        html = await response.text()
        times.push(performance.now() - t0)
        if (response.status >= 400) throw new Error(`${page} answered ${response.status}`)
      }
      times.sort((a, b) => a - b)
      const p50 = times[Math.floor(times.length * 0.5)]
      const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]
      const js = page.startsWith('/api/') ? null : browser ? await browserJsKb(browser, base, page, page === '/login' ? '' : cookie) : await pageJsKb(base, html)
      const over = p95 > SERVER_P95_BUDGET_MS || (js !== null && js > CLIENT_JS_BUDGET_KB)
      failed ||= over
      console.log(
        `${page.padEnd(40)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${(js === null ? '-' : js.toFixed(1)).padStart(9)}${over ? '  OVER BUDGET' : ''}`,
      )
    }
    console.log(`\nbudgets: server p95 < ${SERVER_P95_BUDGET_MS} ms, client JS < ${CLIENT_JS_BUDGET_KB} KB gzip`)
    process.exitCode = failed ? 1 : 0
    await browser?.close()
  } finally {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM')
  }
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
    const [name, ...value] = cookie.split('=')
    await context.addCookies([{ name, value: value.join('='), url: base }])
  }
  const tab = await context.newPage()
  const sizes = new Map<string, Promise<number>>()
  tab.on('response', (response) => {
    if (response.ok() && /\.m?js(\?|$)/.test(response.url())) sizes.set(response.url(), response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0))
  })
  await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' })
  const bytes = (await Promise.all(sizes.values())).reduce((sum, size) => sum + size, 0)
  await context.close()
  return bytes / 1024
}

async function waitFor(url: string) {
  const deadline = Date.now() + 180_000
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
