import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import {
  APP_ROLE,
  bootstrapAppRole,
  startEmbeddedPostgres,
  WATCHDOG_NAME,
  type EmbeddedPostgres,
} from '#app/db/embedded.server'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mga-embedded-'))
let restarted: EmbeddedPostgres | undefined

afterAll(async () => {
  await restarted?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

function postmasterPid(): number {
  return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])
}

/** Starts the fixture (the embedded server, a row written) in a child process; answers its processes' killer. */
async function startChild(dir: string) {
  const child = spawn('npx', ['tsx', 'tests/integration/fixtures/start-embedded.ts', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('READY') && resolve())
    child.once('exit', (code) => reject(new Error(`child exited ${code}`)))
  })
  /** SIGKILL to every process whose command line has all of `marks` (PostgreSQL's own never matches both). */
  return (...marks: string[]) => {
    for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
      try {
        const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
        if (marks.every((mark) => cmd.includes(mark))) process.kill(Number(pid), 'SIGKILL')
      } catch {
        /* gone */
      }
    }
  }
}

describe('embedded PostgreSQL', () => {
  it('is stopped by its watchdog when the app is killed with SIGKILL, and starts again with the data', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mga-embedded-watchdog-'))
    try {
      const kill = await startChild(dir)
      const postmaster = Number(fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])
      kill('start-embedded.ts', dir)
      const deadline = Date.now() + 20_000
      while (fs.existsSync(`/proc/${postmaster}`) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
      expect(fs.existsSync(`/proc/${postmaster}`), 'no PostgreSQL is left running').toBe(false)
      const again = await startEmbeddedPostgres({ dataDir: dir })
      const client = new pg.Client({ connectionString: again.url })
      await client.connect()
      const { rows } = await client.query<{ note: string }>('SELECT note FROM crash_probe')
      await client.end()
      await again.stop()
      expect(rows.map((row) => row.note)).toEqual(['written before kill -9'])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('comes back after the app and its watchdog are killed with SIGKILL, stopping the orphaned server and keeping the data', async () => {
    const kill = await startChild(dataDir)
    const orphan = postmasterPid()
    // Kill every process of the child's tree except PostgreSQL, which runs in its own group: the
    // watchdog too, so the postmaster is left orphaned.
    kill('start-embedded.ts', dataDir)
    kill(WATCHDOG_NAME, dataDir)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(fs.existsSync(`/proc/${orphan}`), 'PostgreSQL outlives the killed app').toBe(true)

    restarted = await startEmbeddedPostgres({ dataDir })
    // Stopped: its process entry goes once init has reaped it (a moment after it exits, on a busy machine).
    const reaped = Date.now() + 5_000
    while (fs.existsSync(`/proc/${orphan}`) && Date.now() < reaped) await new Promise((r) => setTimeout(r, 50))
    expect(fs.existsSync(`/proc/${orphan}`), 'the orphan was stopped').toBe(false)
    expect(postmasterPid()).not.toBe(orphan)
    const client = new pg.Client({ connectionString: restarted.url })
    await client.connect()
    const { rows } = await client.query<{ note: string }>('SELECT note FROM crash_probe')
    await client.end()
    expect(rows.map((row) => row.note)).toEqual(['written before kill -9'])
  }, 120_000)

  it('creates a UTF-8 cluster that listens on loopback only', async () => {
    const client = new pg.Client({ connectionString: restarted!.url })
    await client.connect()
    const encoding = await client.query<{ server_encoding: string }>('SHOW server_encoding')
    const listen = await client.query<{ listen_addresses: string }>('SHOW listen_addresses')
    await client.end()
    expect(encoding.rows[0].server_encoding).toBe('UTF8')
    expect(listen.rows[0].listen_addresses).toBe('127.0.0.1')
  })

  it("serves the app as mga_app, moving a data folder's superuser-owned objects to it once, idempotently", async () => {
    // A data folder from before least privilege: the app's objects belong to the superuser.
    const superuser = new pg.Client({ connectionString: restarted!.superuserUrl })
    await superuser.connect()
    await superuser.query(`
      CREATE SCHEMA legacy;
      CREATE TYPE legacy_state AS ENUM ('open', 'closed');
      CREATE TABLE legacy.rows (id serial PRIMARY KEY, state legacy_state NOT NULL DEFAULT 'open');
      CREATE VIEW legacy_open AS SELECT id FROM legacy.rows WHERE state = 'open';
      CREATE FUNCTION legacy_count() RETURNS bigint LANGUAGE sql AS 'SELECT count(*) FROM legacy.rows';
      INSERT INTO legacy.rows DEFAULT VALUES;`)
    const password = fs.readFileSync(path.join(dataDir, 'pg-app-password'), 'utf8').trim()
    await bootstrapAppRole(restarted!.superuserUrl, password)
    await bootstrapAppRole(restarted!.superuserUrl, password)
    const owners = await superuser.query<{ owner: string }>(`
      SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname IN ('legacy', 'public')
      UNION ALL SELECT pg_get_userbyid(relowner) FROM pg_class WHERE relname IN ('rows', 'rows_id_seq', 'legacy_open', 'crash_probe')
      UNION ALL SELECT pg_get_userbyid(typowner) FROM pg_type WHERE typname = 'legacy_state'
      UNION ALL SELECT pg_get_userbyid(proowner) FROM pg_proc WHERE proname = 'legacy_count'
      UNION ALL SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'postgres'`)
    await superuser.end()
    expect(owners.rows.map((row) => row.owner)).toEqual(Array(9).fill(APP_ROLE))

    const app = new pg.Client({ connectionString: restarted!.url })
    await app.connect()
    const who = await app.query<{ user: string; super: string }>(
      `SELECT current_user AS user, current_setting('is_superuser') AS super`,
    )
    await app.query('INSERT INTO legacy.rows DEFAULT VALUES')
    const count = await app.query<{ n: string | number }>('SELECT legacy_count() AS n')
    await app.query('ALTER TABLE legacy.rows ADD COLUMN note text')
    await app.end()
    expect(who.rows[0]).toEqual({ user: APP_ROLE, super: 'off' })
    expect(Number(count.rows[0].n)).toBe(2)
  })
})
