/**
 * `npm run sweep`: the bad-input sweep (tests/support/sweep.ts) against its own server on port 3395
 * (SWEEP_PORT) with a fresh demo database under data/sweep (SWEEP_DATA_DIR), built app from build/
 * (run `npx remix vite:build` first). SWEEP_REQUESTS (default 10000) and SWEEP_SEED choose the run.
 * Prints the figures and exits non-zero on any 5xx, hang or partial write.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { runSweep } from '../tests/support/sweep'

const port = Number(process.env.SWEEP_PORT ?? 3395)
const baseUrl = `http://127.0.0.1:${port}`
const dataDir = path.resolve(process.env.SWEEP_DATA_DIR ?? 'data/sweep')
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')

const server = spawn('npx', ['tsx', 'tests/e2e/server.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    DATABASE_URL: '',
    APP_ENV: 'test',
    SESSION_SECRET: 'sweep-secret-sweep-secret-sweep-secret',
    SMTP_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
})

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${baseUrl}/login`).then(
      (r) => r.status === 200,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the sweep's server did not answer on ${baseUrl}`)
}

async function stopServer() {
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
}

let code = 1
try {
  await waitForServer()
  const result = await runSweep({
    baseUrl,
    dataDir,
    buildDir,
    requests: Number(process.env.SWEEP_REQUESTS ?? 10_000),
    seed: Number(process.env.SWEEP_SEED ?? 20261125),
    log: (line) => console.log(line),
  })
  console.log(
    JSON.stringify(
      {
        ...result,
        serverErrors: result.serverErrors.slice(0, 30),
        partialWrites: result.partialWrites.slice(0, 30),
        hangs: result.hangs.slice(0, 30),
      },
      null,
      2,
    ),
  )
  console.log(
    `sweep: ${result.requests} requests over ${result.targets} route methods in ${result.seconds} s; ` +
      `5xx ${result.serverErrors.length}, hangs ${result.hangs.length}, partial writes ${result.partialWrites.length}`,
  )
  code = result.serverErrors.length + result.hangs.length + result.partialWrites.length === 0 ? 0 : 1
} finally {
  await stopServer()
}
process.exit(code)
