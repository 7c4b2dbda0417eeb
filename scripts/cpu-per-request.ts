/**
 * CPU per request of a page (issue 26): steadier than requests/s on a busy shared machine, because
 * it counts the CPU the server and PostgreSQL spend on the page, not the time other work took from it.
 *
 *   npm run build && npx tsx scripts/cpu-per-request.ts --data-dir DIR [--port 3496] [--requests 400]
 *     [--connections 4] [--rounds 3] [--data] [--cpu-prof DIR] URL…
 *
 * Starts the built server (one process, WEB_CONCURRENCY=1) on the embedded database under --data-dir,
 * signs in as admin, warms every URL, then for each URL and round: reads the CPU time (user + system,
 * /proc/<pid>/stat) of every process under the server (Node, and PostgreSQL's postmaster with its
 * backends, counting reaped children too), sends `--requests` requests over `--connections`, and reads
 * it again. Prints ms of Node and ms of PostgreSQL per request: the median of the rounds, and the
 * spread. `--data` measures each URL's `.data` twin instead (its loaders and encoding, no render).
 * With BENCH_URL set it measures an already running server (give its pid with --pid).
 */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { DEMO_USERS } from '#app/db/seed/demo-users'
import { spawnServer } from '../tests/support/server-process.mjs'
import { dataTwin, parsePage } from './bench-budgets'

const args = process.argv.slice(2)
const valued = new Set(['data-dir', 'port', 'requests', 'connections', 'rounds', 'pid', 'scale', 'cpu-prof'])
const option = (name: string) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args[at + 1] : undefined
}
const urls: string[] = []
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!
  if (arg.startsWith('--')) {
    if (valued.has(arg.slice(2))) i++
    continue
  }
  urls.push(arg)
}
const REQUESTS = Number(option('requests') ?? 400)
const CONNECTIONS = Number(option('connections') ?? 4)
const ROUNDS = Number(option('rounds') ?? 3)
const DATA = args.includes('--data')
const TICK_MS = 1000 / 100 // USER_HZ is 100 on Linux

interface Cpu {
  node: number
  postgres: number
}

function stat(pid: number): { ppid: number; comm: string; ticks: number; children: number } | null {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const close = raw.lastIndexOf(')')
    const comm = raw.slice(raw.indexOf('(') + 1, close)
    const fields = raw.slice(close + 2).split(' ')
    // fields[0] is state (field 3); utime 14, stime 15, cutime 16, cstime 17 → indexes 11..14
    return {
      ppid: Number(fields[1]),
      comm,
      ticks: Number(fields[11]) + Number(fields[12]),
      children: Number(fields[13]) + Number(fields[14]),
    }
  } catch {
    return null
  }
}

/** CPU ms of the process tree under `root`, split into PostgreSQL and the rest (Node). */
function treeCpu(root: number): Cpu {
  const all = new Map<number, NonNullable<ReturnType<typeof stat>>>()
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const s = stat(Number(name))
    if (s) all.set(Number(name), s)
  }
  const byParent = new Map<number, number[]>()
  for (const [pid, s] of all) byParent.set(s.ppid, [...(byParent.get(s.ppid) ?? []), pid])
  const cpu: Cpu = { node: 0, postgres: 0 }
  const visit = (pid: number, inPostgres: boolean) => {
    const s = all.get(pid)
    if (!s) return
    const isPostgres = inPostgres || s.comm === 'postgres'
    // A postmaster's reaped backends are counted in its children's time; Node's children are walked.
    const ms = (s.ticks + (isPostgres ? s.children : 0)) * TICK_MS
    if (isPostgres) cpu.postgres += ms
    else cpu.node += ms
    for (const child of byParent.get(pid) ?? []) visit(child, isPostgres)
  }
  visit(root, false)
  return cpu
}

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer`)
}

async function signIn(base: string): Promise<string> {
  const admin = DEMO_USERS.find((user) => user.username === 'admin')!
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams({ username: admin.username, password: admin.password }),
    redirect: 'manual',
  })
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (!cookie) throw new Error(`sign-in failed: ${response.status}`)
  return cookie
}

async function fire(url: string, cookie: string, count: number, connections: number): Promise<number> {
  let next = 0
  let failed = 0
  const worker = async () => {
    while (next < count) {
      next++
      const response = await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual' })
      await response.arrayBuffer()
      if (response.status >= 300) failed++
    }
  }
  await Promise.all(Array.from({ length: connections }, worker))
  return failed
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function main() {
  if (urls.length === 0) throw new Error('give at least one URL (path)')
  let server: ChildProcess | undefined
  let base = process.env.BENCH_URL
  let root = Number(option('pid') ?? 0)
  if (!base) {
    const dataDir = option('data-dir')
    if (!dataDir) throw new Error('--data-dir is required (a copy of the bench data)')
    const port = Number(option('port') ?? 3496)
    base = `http://127.0.0.1:${port}`
    const entry = path.resolve(process.env.BUILD_DIR || 'build', 'server.mjs')
    if (!fs.existsSync(entry)) throw new Error(`No server bundle at ${entry}: run \`npm run build\` first.`)
    // --cpu-prof DIR: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
    const profile = option('cpu-prof')
    server = spawnServer({
      entry,
      nodeFlags: profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profile)] : [],
      port,
      dataDir,
      env: { SEED_SCALE: option('scale') ?? '100', WEB_CONCURRENCY: '1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    root = server.pid!
    const exited = new Promise<never>((_, reject) =>
      server!.once('exit', (code) => reject(new Error(`the server exited (${code}) before answering`))),
    )
    await Promise.race([waitFor(`${base}/login`), exited])
  }
  if (!root) throw new Error('with BENCH_URL, give the server pid with --pid')
  try {
    const cookie = await signIn(base)
    const targets = urls.map((url) => (DATA ? (dataTwin(parsePage(url)) ?? url) : url))
    for (const target of targets) await fire(`${base}${target}`, cookie, 30, 2)
    console.log(
      `CPU ms per request (${DATA ? '.data twins' : 'pages'}; ${REQUESTS} requests × ${ROUNDS} rounds, ${CONNECTIONS} connections, 1 process)`,
    )
    console.log('| page | node ms | postgres ms | total ms | spread of total |')
    console.log('|---|---:|---:|---:|---:|')
    for (const target of targets) {
      const node: number[] = []
      const postgres: number[] = []
      const total: number[] = []
      for (let round = 0; round < ROUNDS; round++) {
        const before = treeCpu(root)
        const failed = await fire(`${base}${target}`, cookie, REQUESTS, CONNECTIONS)
        const after = treeCpu(root)
        if (failed > 0) console.warn(`${target}: ${failed} answers not 2xx`)
        node.push((after.node - before.node) / REQUESTS)
        postgres.push((after.postgres - before.postgres) / REQUESTS)
        total.push((after.node - before.node + after.postgres - before.postgres) / REQUESTS)
      }
      const spread = `${Math.min(...total).toFixed(2)}–${Math.max(...total).toFixed(2)}`
      console.log(
        `| \`${target}\` | ${median(node).toFixed(2)} | ${median(postgres).toFixed(2)} | ${median(total).toFixed(2)} | ${spread} |`,
      )
    }
  } finally {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM')
  }
}

await main()
