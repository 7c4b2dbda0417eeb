import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test'
import pg from 'pg'
import { demoUser } from './fixtures'
import { someFirm } from './factories'
import { e2eDatabaseUrl, startOwnServer, type OwnServer } from './own-server'

/**
 * Database faults (issue 27), each on an app server of its own so the shared e2e server is never cut:
 * PostgreSQL ending the app's connections under concurrent writes, and the embedded postmaster killed.
 */
test.describe.configure({ mode: 'serial' })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const APP_NAME = 'mga-db-faults-test'

/** Listens on a port as soon as it is free (trying for `withinMs`), closing every connection at once. */
async function holdPort(port: number, withinMs: number): Promise<net.Server> {
  const deadline = Date.now() + withinMs
  for (;;) {
    const server = net.createServer((socket) => socket.destroy())
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => resolve(true))
    })
    if (listening) return server
    if (Date.now() > deadline) throw new Error(`port ${port} was not let go within ${withinMs} ms`)
    await sleep(2)
  }
}

async function signedIn(url: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: url })
  const { username, password } = demoUser('admin')
  const login = await api.post('/api/auth/login', { data: { username, password } })
  expect(login.status(), await login.text()).toBe(200)
  return api
}

test('PostgreSQL ending the connections under concurrent writes cuts only the requests that held them; every acknowledged write is kept', async () => {
  test.setTimeout(90_000)
  // Two server processes (the ones that died before), named in pg_stat_activity so only theirs are ended.
  const server = await startOwnServer(
    { DATABASE_URL: `${e2eDatabaseUrl()}?application_name=${APP_NAME}`, WEB_CONCURRENCY: '2' },
    11,
  )
  const admin = new pg.Client({ connectionString: e2eDatabaseUrl() })
  await admin.connect()
  try {
    const api = await signedIn(server.url)
    const { fid } = await someFirm(api)
    server.mark()

    const acknowledged: number[] = []
    const refused: string[] = []
    let writing = true
    const writer = async () => {
      while (writing) {
        const response = await api.post('/api/notes', { data: { fid } }).catch((error: Error) => error)
        if (response instanceof Error) refused.push(`network: ${response.message}`)
        else if (response.status() === 201) acknowledged.push(((await response.json()) as { nid: number }).nid)
        else refused.push(`${response.status()} ${response.headers()['retry-after'] ?? '-'} ${await response.text()}`)
      }
    }
    const writers = Array.from({ length: 8 }, writer)
    // Before each cut, and after the last, writes go on: a few acknowledged since the previous cut (however
    // slow the machine), so each round cuts requests in flight and the app is seen to recover from it.
    const writesGoOn = async (round: number) => {
      const before = acknowledged.length
      const deadline = Date.now() + 20_000
      while (acknowledged.length < before + 3 && Date.now() < deadline) await sleep(50)
      expect(
        acknowledged.length - before,
        round === 0 ? 'writes went on before the first cut' : `writes went on after cut ${round}`,
      ).toBeGreaterThanOrEqual(3)
    }
    let ended = 0
    for (let round = 0; round < 4; round++) {
      await writesGoOn(round)
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'mga_app' AND application_name = $1`,
        [APP_NAME],
      )
      ended += rowCount ?? 0
    }
    await writesGoOn(4)
    writing = false
    await Promise.all(writers)

    expect(ended, 'connections were ended').toBeGreaterThan(0)
    // A cut request is the one 503 answer with Retry-After; nothing else failed.
    for (const refusal of refused) expect(refusal).toMatch(/^503 5 \{"status":"SERVICE_UNAVAILABLE"/)
    const { rows } = await admin.query<{ nid: number }>('SELECT nid FROM notes WHERE nid = ANY($1::int[])', [
      acknowledged,
    ])
    expect(rows.length, 'every acknowledged note is in the database').toBe(acknowledged.length)

    // The processes lived through it and still serve.
    expect(server.output()).not.toMatch(/exited|Unhandled|uncaught/i)
    expect(server.output()).not.toContain('[error]')
    expect((await api.get('/readyz')).status()).toBe(200)
    expect((await api.post('/api/notes', { data: { fid } })).status()).toBe(201)
    await api.dispose()
  } finally {
    await admin.end()
    await server.stop()
  }
})

test('the embedded PostgreSQL killed with SIGKILL is started again: /readyz, pages and the API answer 503 while it is down, then 200, without restarting the app', async () => {
  test.setTimeout(120_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mga-db-faults-'))
  let server: OwnServer | undefined
  let squatter: net.Server | undefined
  try {
    server = await startOwnServer({ DATABASE_URL: '', DATA_DIR: dataDir, SKIP_SEED: 'true', WEB_CONCURRENCY: '2' }, 12)
    const api = await playwrightRequest.newContext({ baseURL: server.url })
    expect((await api.get('/readyz')).status()).toBe(200)
    expect((await api.get('/healthz')).status()).toBe(200)
    server.mark()

    const pidFile = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')
    const [postmaster, port] = [Number(pidFile[0]), Number(pidFile[3])]
    process.kill(postmaster, 'SIGKILL')
    // Hold its port (closing every connection at once) so it stays down while the answers are checked:
    // the supervisor's first restart comes after 250 ms, and the dead server's processes let the port
    // go within a few milliseconds.
    squatter = await holdPort(port, 200)

    await expect.poll(async () => (await api.get('/readyz')).status(), { timeout: 15_000 }).toBe(503)
    const ready = await api.get('/readyz')
    expect(ready.status()).toBe(503)
    expect(ready.headers()['retry-after']).toBe('5')
    expect(ready.headers()['cache-control']).toBe('no-store')
    expect((await ready.json()) as unknown).toEqual({
      status: 'SERVICE_UNAVAILABLE',
      message: 'Not ready: the database is not reachable or its migrations are not applied.',
    })
    // Liveness does not depend on the database.
    expect((await api.get('/healthz')).status()).toBe(200)
    // A page that needs the database (the sign-in form's action), with JavaScript off: the error dialog, 503.
    const page = await api.post('/login', {
      form: { username: 'admin', password: 'admin-demo-1' },
      headers: { Origin: server.url },
      maxRedirects: 0,
    })
    expect(page.status()).toBe(503)
    expect(page.headers()['retry-after']).toBe('5')
    const html = await page.text()
    expect(html).toContain('Sorry, there was a problem')
    expect(html).toContain('The database is not available at the moment.')
    // The API: 503 with its code and Retry-After.
    const call = await api.post('/api/auth/login', { data: { username: 'admin', password: 'admin-demo-1' } })
    expect(call.status()).toBe(503)
    expect(call.headers()['retry-after']).toBe('5')
    expect(((await call.json()) as { status: string }).status).toBe('SERVICE_UNAVAILABLE')

    await new Promise((resolve) => squatter!.close(resolve))
    squatter = undefined
    await expect.poll(async () => (await api.get('/readyz')).status(), { timeout: 45_000 }).toBe(200)
    const restarted = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])
    expect(restarted).not.toBe(postmaster)

    const log = server.output()
    expect(log).toContain('[postgres] PostgreSQL exited')
    expect(log).toContain('[postgres] PostgreSQL is running again')
    expect(log).toContain('[db] the database cannot be reached')
    expect(log).toContain('[db] the database is back')
    // No stack per request, no process replaced.
    expect(log).not.toMatch(/\n\s+at |\[error\]|\[cluster\]/)
    await api.dispose()

    // An orderly stop stops PostgreSQL too, within its bound.
    const t0 = Date.now()
    await server.stop()
    server = undefined
    expect(Date.now() - t0).toBeLessThan(15_000)
    expect(fs.existsSync(`/proc/${restarted}`), 'PostgreSQL stopped with the app').toBe(false)
  } finally {
    squatter?.close()
    await server?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
