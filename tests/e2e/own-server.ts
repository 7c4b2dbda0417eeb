import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { hashPassword } from '#app/domain/password-hash.server'
import { PORT } from './base-url'

/**
 * A second app process on the e2e server's database, for the tests that must read what the server
 * logs (an answer given "without an error in the log") or start it with other settings. It serves the
 * same build on its own port, signs in with the same secret, and its output is kept line by line.
 */
export interface OwnServer {
  url: string
  /** Everything it printed since `mark()` (or since it started). */
  output(): string
  mark(): void
  stop(): Promise<void>
}

/** The e2e database as the app's role sees it (tests/e2e/server.ts made it under DATA_DIR). */
export function e2eDatabaseUrl(): string {
  const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? 'data/e2e')
  const pid = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')
  const port = Number(pid[3])
  const password = fs.readFileSync(path.join(dataDir, 'pg-app-password'), 'utf8').trim()
  return `postgres://mga_app:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`
}

export async function startOwnServer(env: Record<string, string> = {}, offset = 7): Promise<OwnServer> {
  const port = PORT + offset
  const child: ChildProcess = spawn(path.resolve('node_modules/.bin/tsx'), ['server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve(process.env.E2E_DATA_DIR ?? 'data/e2e'),
      BUILD_DIR: process.env.BUILD_DIR ?? 'build',
      DATABASE_URL: e2eDatabaseUrl(),
      APP_ENV: 'test',
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  let from = 0
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The second server exited (${child.exitCode}):\n${text}`)
    if (text.includes('is ready at')) break
    if (Date.now() > deadline) throw new Error(`The second server did not start:\n${text}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    output: () => text.slice(from),
    mark: () => {
      from = text.length
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/**
 * A signed-in account in no group (no scope at all), made once in the e2e database: no API makes
 * users, and every demo role holds firm-view, so without it the walks never see a read refused.
 */
export async function ensureUserWithoutScopes(username: string, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() })
  await client.connect()
  try {
    await client.query(
      `INSERT INTO users (username, password_hash, timeout_minutes)
       SELECT $1::text, $2::text, 60 WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1::text))`,
      [username, await hashPassword(password)],
    )
  } finally {
    await client.end()
  }
}
