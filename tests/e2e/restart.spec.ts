import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { timeRestart } from '../support/restart-time.mjs'
import { PORT } from './base-url'

/**
 * Issue 26: a restart of the built app answers `/login` within 3 s (3.1–4 s before the server
 * processes loaded the build while PostgreSQL started, and Mantine went into the server bundle).
 * The server bundle is made afresh from this tree (`npm run build` does the same; the e2e run
 * builds only the Remix app) and started as `npm start` runs it once its build is up to date.
 * The best of three restarts counts: the machine's other work lands on the slow ones. It runs in its own project after
 * every other spec (playwright.config.ts); alone: `npx playwright test --project restart --no-deps`.
 */
test('a restart of the built app answers /login within 3 s', async () => {
  test.setTimeout(180_000)
  const buildDir = process.env.BUILD_DIR ?? 'build'
  const bundled = spawnSync(process.execPath, ['scripts/bundle-server.mjs'], { encoding: 'utf8' })
  expect(bundled.status, bundled.stderr).toBe(0)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mga-restart-'))
  const run = () =>
    timeRestart({
      port: PORT + 13,
      dataDir,
      entry: path.join(buildDir, 'server.mjs'),
      env: { BUILD_DIR: buildDir, APP_ENV: 'test', SKIP_SEED: 'true', WEB_CONCURRENCY: '2' },
    })
  try {
    await run() // the first start creates the database
    const times: number[] = []
    for (let round = 0; round < 3; round++) times.push((await run()).ms)
    test.info().annotations.push({ type: 'restarts (ms)', description: times.map((ms) => ms.toFixed(0)).join(', ') })
    expect(Math.min(...times)).toBeLessThanOrEqual(3000)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
