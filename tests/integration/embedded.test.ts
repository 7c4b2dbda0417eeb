import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '#app/db/embedded.server'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mga-embedded-'))
let restarted: EmbeddedPostgres | undefined

afterAll(async () => {
  await restarted?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

function postmasterPid(): number {
  return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])
}

describe('embedded PostgreSQL', () => {
  it('comes back after the app is killed with SIGKILL, stopping the orphaned server and keeping the data', async () => {
    const child = spawn('npx', ['tsx', 'tests/integration/fixtures/start-embedded.ts', dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('READY') && resolve())
      child.once('exit', (code) => reject(new Error(`child exited ${code}`)))
    })
    const orphan = postmasterPid()
    // Kill every process of the child's tree except PostgreSQL, which runs in its own group.
    const nodes = fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
          return cmd.includes('start-embedded.ts') && cmd.includes(dataDir)
        } catch {
          return false
        }
      })
    for (const pid of nodes) process.kill(Number(pid), 'SIGKILL')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(fs.existsSync(`/proc/${orphan}`), 'PostgreSQL outlives the killed app').toBe(true)

    restarted = await startEmbeddedPostgres({ dataDir })
    expect(fs.existsSync(`/proc/${orphan}`), 'the orphan was stopped').toBe(false)
    expect(postmasterPid()).not.toBe(orphan)
    const client = new pg.Client({ connectionString: restarted.url })
    await client.connect()
    const { rows } = await client.query<{ note: string }>('SELECT note FROM crash_probe')
    await client.end()
    expect(rows.map((row) => row.note)).toEqual(['written before kill -9'])
  }, 60_000)

  it('creates a UTF-8 cluster that listens on loopback only', async () => {
    const client = new pg.Client({ connectionString: restarted!.url })
    await client.connect()
    const encoding = await client.query<{ server_encoding: string }>('SHOW server_encoding')
    const listen = await client.query<{ listen_addresses: string }>('SHOW listen_addresses')
    await client.end()
    expect(encoding.rows[0].server_encoding).toBe('UTF8')
    expect(listen.rows[0].listen_addresses).toBe('127.0.0.1')
  })
})
