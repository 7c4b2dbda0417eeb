/**
 * mga-desk's server: finds or starts PostgreSQL, applies migrations, seeds an empty database with
 * demo data, then serves the Remix app from WEB_CONCURRENCY processes (default: the number of cores)
 * sharing the port (node:cluster), and shuts down in order (HTTP, pools, PostgreSQL).
 *
 * The primary process owns the database side (embedded PostgreSQL, migrations, seed, the session
 * sweep); each worker only serves HTTP. With one process the primary serves HTTP itself.
 *
 * A restart is quick (issue 26: `/login` answers within 3 s): the server processes start at once and
 * load the app's build (about half a second of module loading each) while PostgreSQL starts and the
 * migrations run; each then waits for the primary's word (the database's address) and listens.
 */
import './production-env'
import cluster, { type Worker } from 'node:cluster'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import {
  checkListenAddress,
  FIRST_ADMIN_USERNAME,
  prepareDatabase,
  StartRefused,
  type PreparedDatabase,
} from './prepare-database'
import { getConfig, type Config } from '#app/config.server'
import { createDb, openPools } from '#app/db/client.server'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '#app/db/embedded.server'
import { runMigrations } from '#app/db/migrate.server'
import { DEMO_USERS } from '#app/db/seed/demo-users'
import { closeExpiredSessions } from '#app/models/session.server'
import { startBackgroundJobs, type BackgroundJobs } from '#app/db/background.server'
import { requestContext } from './request-context'
import { memoiseRouteMatching } from './route-matching'
import {
  appHeaders,
  baseHeaders,
  expressErrors,
  refuseBadAddress,
  refuseCrossSite,
  refuseUnservedRequests,
} from './security'

const dev = process.argv.includes('--dev')
const SERVER_RESTARTING =
  /the database system is (starting up|not yet accepting connections|shutting down|in recovery mode)|terminating connection due to (unexpected postmaster exit|administrator command)/
const started = Date.now()
const SWEEP_EVERY_MS = 5 * 60_000

/**
 * Bounds of an orderly stop: in-flight requests get HTTP_DRAIN_MS to finish, the pools POOL_CLOSE_MS
 * to close (a database that is gone answers nothing), a worker WORKER_KILL_MS before SIGKILL; past
 * STOP_BOUND_MS the process exits anyway (the embedded server's watchdog then stops PostgreSQL).
 * Container runtimes send SIGKILL 10 s after SIGTERM by default.
 */
const HTTP_DRAIN_MS = 6_000
const POOL_CLOSE_MS = 2_000
const WORKER_KILL_MS = 8_000
const STOP_BOUND_MS = 15_000

async function primary() {
  // Signals are handled from the first moment: a SIGTERM during the start (to the whole process group,
  // as systemd, a container runtime or a terminal's Ctrl-C send it) stops what has started so far.
  let shuttingDown = false
  let started = false
  let embedded: EmbeddedPostgres | undefined
  let server: Server | undefined
  let background: BackgroundJobs | undefined
  const shutdown = async (reason: string, code = 0) => {
    if (shuttingDown) return
    shuttingDown = true
    console.log(`\n${reason}: stopping…`)
    setTimeout(() => {
      console.error(`The stop took over ${STOP_BOUND_MS / 1000} s: exiting now.`)
      process.exit(code || 1)
    }, STOP_BOUND_MS).unref()
    if (server) await closeServer(server)
    await stopWorkers()
    await background?.stop()
    await closePools()
    if (embedded) await embedded.stop()
    console.log('Stopped.')
    process.exit(code)
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal))

  try {
    await start()
  } catch (error) {
    if (shuttingDown) return
    // A refused start says why in one line; anything else with its stack.
    console.error(describeStartError(error))
    await shutdown('The start failed', 1)
  }

  async function start() {
    const config = getConfig()
    checkListenAddress(config)
    const dataDir = path.resolve(config.DATA_DIR)
    fs.mkdirSync(dataDir, { recursive: true })

    if (!config.SESSION_SECRET) {
      if (config.APP_ENV === 'production') throw new Error('SESSION_SECRET is required when APP_ENV=production')
      process.env.SESSION_SECRET = readOrCreateSecret(dataDir)
    }

    // The server processes start now (they inherit SESSION_SECRET) and load the build while the
    // database starts; with one process, this one loads it meanwhile.
    const processes = dev ? 1 : (config.WEB_CONCURRENCY ?? os.availableParallelism())
    const workers = processes === 1 ? null : forkWorkers(processes)
    const build = processes === 1 ? loadBuild() : null
    build?.catch(() => {}) // awaited below; a start that fails first must not leave it unhandled

    if (config.DATABASE_URL) {
      // A server of its own: the app never manages it, its pools only reconnect when it is back.
      console.log(`Using the PostgreSQL server at ${redact(config.DATABASE_URL)} (DATABASE_URL).`)
    } else {
      embedded = await startEmbeddedPostgres({
        dataDir,
        port: config.PG_PORT,
        log: (line) => {
          // Refused and ended connections while it restarts are the app's to report (one line per outage).
          if (/FATAL|PANIC|ERROR|left running/.test(line) && !SERVER_RESTARTING.test(line))
            console.error(`[postgres] ${line}`)
        },
      })
      if (shuttingDown) return
      process.env.DATABASE_URL = embedded.url
      console.log(
        `Embedded PostgreSQL running on 127.0.0.1:${embedded.port}, data in ${path.join(dataDir, 'pg')} (restarted if it stops).`,
      )
    }

    const { db, pool } = createDb(process.env.DATABASE_URL as string, 2)
    await runMigrations(pool)
    const prepared = await prepareDatabase(db, config, (message) => console.log(message)).finally(() => pool.end())
    if (shuttingDown) return

    if (workers) {
      await workers.listen({ DATABASE_URL: process.env.DATABASE_URL as string })
    } else {
      server = await serve(config, await build)
    }
    if (shuttingDown) return
    started = true
    printReady(config, processes, prepared)

    // Sessions left timed out (or too long) are closed as Automatic Logout even if never seen again.
    const limits = { graceMinutes: config.SESSION_IDLE_GRACE_MINUTES, maxHours: config.SESSION_MAX_HOURS }
    background = startBackgroundJobs(process.env.DATABASE_URL as string, (db) => closeExpiredSessions(db, limits), {
      everyMs: SWEEP_EVERY_MS,
    })
  }

  /**
   * Forks the workers before the database is ready and keeps them up. A worker loads the build, says
   * it is waiting, and listens once it gets the database's address (`listen`, or at once for a worker
   * started again later). They inherit SESSION_SECRET from this process's environment.
   */
  function forkWorkers(count: number) {
    // The worker runs this file whoever imported it (tests/e2e/server.ts does), with tsx's loader.
    cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), args: process.argv.slice(2) })
    let serveEnv: Record<string, string> | undefined
    const waiting = new Set<Worker>()
    cluster.on('message', (worker, message) => {
      if (!isWaitingMessage(message)) return
      if (serveEnv) worker.send(serveMessage(serveEnv))
      else waiting.add(worker)
    })
    const listening = (worker: Worker) =>
      new Promise<void>((resolve, reject) => {
        worker.once('listening', () => resolve())
        worker.once('exit', (code) => reject(new Error(`a server process exited during start (code ${code})`)))
      })
    cluster.on('exit', (worker, code, signal) => {
      waiting.delete(worker)
      // During the start, a process that exits fails the start (below); during a stop, it is expected.
      if (shuttingDown || !started) return
      console.error(`[cluster] process ${worker.process.pid} exited (${signal ?? code}); starting another`)
      cluster.fork()
    })
    const forked = Array.from({ length: count }, () => listening(cluster.fork()))
    // Awaited in listen(); a start that fails before (PostgreSQL, a migration) stops them on its way out.
    for (const promise of forked) promise.catch(() => {})
    return {
      async listen(env: Record<string, string>) {
        serveEnv = env
        for (const worker of waiting) worker.send(serveMessage(env))
        waiting.clear()
        await Promise.all(forked)
      },
    }
  }
}

const WAITING = 'mga-desk:waiting'
const SERVE = 'mga-desk:serve'
function isWaitingMessage(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === WAITING
}
function serveMessage(env: Record<string, string>) {
  return { type: SERVE, env }
}
function serveEnvOf(message: unknown): Record<string, string> | undefined {
  if (typeof message !== 'object' || message === null) return undefined
  const { type, env } = message as { type?: unknown; env?: Record<string, string> }
  return type === SERVE ? env : undefined
}

function describeStartError(error: unknown): unknown {
  return error instanceof StartRefused ? error.message : error instanceof Error ? (error.stack ?? error.message) : error
}

/** Closes this process's pools, waiting at most POOL_CLOSE_MS (a pool waits for its checked-out clients). */
async function closePools() {
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    Promise.allSettled([...openPools()].map((pool) => pool.end())),
    new Promise((resolve) => (timer = setTimeout(resolve, POOL_CLOSE_MS))),
  ])
  clearTimeout(timer)
}

async function stopWorkers() {
  const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined)
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve()
          const force = setTimeout(() => worker.kill('SIGKILL'), WORKER_KILL_MS)
          worker.once('exit', () => {
            clearTimeout(force)
            resolve()
          })
          worker.process.kill('SIGTERM')
        }),
    ),
  )
}

/** A worker: serves HTTP on the shared port until told to stop. */
async function worker() {
  const serving: { server?: Server } = {}
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    if (serving.server) await closeServer(serving.server)
    await closePools()
    process.exit(0)
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop())
  process.on('disconnect', () => void stop())
  // Load the build while the primary readies the database, then wait for its address.
  const build = loadBuild()
  build?.catch(() => {}) // awaited below, once the primary answers
  const env = await new Promise<Record<string, string>>((resolve) => {
    process.on('message', (message) => {
      const env = serveEnvOf(message)
      if (env) resolve(env)
    })
    process.send?.({ type: WAITING })
  })
  Object.assign(process.env, env)
  if (stopping) return
  serving.server = await serve(getConfig(), await build)
}

/** The app's build, imported (null under `--dev`: Vite serves it). */
function loadBuild(): Promise<ServerBuild> | null {
  if (dev) return null
  // BUILD_DIR lets parallel test runs keep separate builds; `build` otherwise.
  const buildFile = path.resolve(process.env.BUILD_DIR || 'build', 'server/index.js')
  if (!fs.existsSync(buildFile))
    return Promise.reject(new Error('No build found: run `npm run build` (npm start does it for you).'))
  return import(pathToFileURL(buildFile).href) as Promise<ServerBuild>
}

/** The HTTP side: static files, the request id and client address, then Remix. */
async function serve(config: Config, loaded: ServerBuild | null): Promise<Server> {
  if (!dev) memoiseRouteMatching()
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.TRUST_PROXY)
  // The fastest deflate level: a page of 100-500 rows is 130-250 KB of HTML, and level 6 (the default)
  // spent 3-7 ms of the server's CPU on each (a tenth of a jobs page's); level 1 takes a third of that
  // for about 15% more bytes, which an office network does not notice (decision 0038).
  app.use(compression({ level: 1 }))
  app.use(baseHeaders, refuseBadAddress, refuseUnservedRequests)

  let build: ServerBuild | (() => Promise<ServerBuild>)
  if (dev) {
    const vite = await import('vite')
    const viteServer = await vite.createServer({ server: { middlewareMode: true } })
    app.use(viteServer.middlewares)
    build = () => viteServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
  } else {
    const buildDir = process.env.BUILD_DIR || 'build'
    if (!loaded) throw new Error('No build loaded')
    build = loaded
    app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }))
    app.use(onlyFiles(path.join(buildDir, 'client'), express.static(path.join(buildDir, 'client'), { maxAge: '1h' })))
  }
  app.use(onlyFiles('public', express.static('public', { maxAge: '1h' })))
  app.use(appHeaders, refuseCrossSite)

  app.use(requestContext(config.TRUST_PROXY, config.LOG_REQUESTS))

  app.all(
    '*',
    createRequestHandler({
      build,
      mode: dev ? 'development' : 'production',
      getLoadContext: (_req, res) => ({
        // The socket's address, or behind TRUST_PROXY proxies the right end of X-Forwarded-For.
        clientIp: String(res.locals.clientIp),
        requestId: String(res.locals.requestId),
        cspNonce: String(res.locals.cspNonce),
      }),
    }),
  )

  app.use(expressErrors)

  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(config.PORT, config.HOST, () => resolve(listening))
  })
  server.keepAliveTimeout = 65_000
  return server
}

/**
 * A static handler asked only for the files its folder held at start: otherwise every page request
 * paid a stat() of a missing file per static folder before reaching Remix.
 */
function onlyFiles(dir: string, handler: express.RequestHandler): express.RequestHandler {
  const files = new Set<string>()
  const visit = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`
      if (entry.isDirectory()) visit(child)
      else files.add(child)
    }
  }
  if (fs.existsSync(dir)) visit('')
  return (req, res, next) => (files.has(req.path) ? handler(req, res, next) : next())
}

/** Stops listening, lets in-flight requests finish (at most HTTP_DRAIN_MS), closes idle keep-alive connections. */
async function closeServer(server: Server) {
  const force = setTimeout(() => server.closeAllConnections(), HTTP_DRAIN_MS)
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeIdleConnections()
  await closed
  clearTimeout(force)
}

function printReady(config: Config, processes: number, prepared: PreparedDatabase) {
  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST
  const plural = processes === 1 ? '1 process' : `${processes} processes`
  console.log(
    `\nmga-desk is ready at http://${host}:${config.PORT} (${plural}, started in ${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  )
  if (config.DEMO_MODE) {
    console.log(
      `DEMO MODE (APP_ENV=${config.APP_ENV}, listening on ${config.HOST}): demo data and these published sign-ins; never use it for real data.`,
    )
    console.log('Demo sign-ins:')
    for (const user of DEMO_USERS) console.log(`  ${user.username.padEnd(12)} ${user.password.padEnd(20)} ${user.role}`)
  } else if (prepared.firstAdminPassword) {
    console.log('Production mode: a new, empty database got its first administrator. This password is shown once;')
    console.log('it must be changed at the first sign-in:')
    console.log(`  ${FIRST_ADMIN_USERNAME}  ${prepared.firstAdminPassword}`)
  } else {
    console.log('Production mode.')
  }
  console.log('')
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const secret = randomBytes(32).toString('base64url')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

function redact(url: string) {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')
}

;(cluster.isPrimary ? primary() : worker()).catch((error: unknown) => {
  console.error(describeStartError(error))
  process.exit(1)
})
