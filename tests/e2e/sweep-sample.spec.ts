import path from 'node:path'
import { runSweep } from '../support/sweep'
import { BASE_URL } from './base-url'
import { expect, test } from './fixtures'

/**
 * A 300-request sample of the bad-input sweep (`npm run sweep` sends 10,000) against the e2e server,
 * so CI keeps it honest: no 5xx, no hang, no partial write. A seed of its own each day varies the sample.
 */
test('a sample of the bad-input sweep: 300 requests, no 5xx, no hang, no partial write', async () => {
  test.setTimeout(180_000)
  const seed = Number(new Date().toISOString().slice(0, 10).replaceAll('-', ''))
  const result = await runSweep({
    baseUrl: BASE_URL,
    dataDir: path.resolve(process.env.E2E_DATA_DIR ?? 'data/e2e'),
    buildDir: path.resolve(process.env.BUILD_DIR || 'build'),
    requests: 300,
    seed,
    timeoutMs: 15_000,
  })
  console.log(`sweep sample (seed ${seed}): ${result.requests} requests, statuses ${JSON.stringify(result.byStatus)}`)
  expect(result.requests).toBe(300)
  expect({ serverErrors: result.serverErrors, hangs: result.hangs, partialWrites: result.partialWrites }).toEqual({ serverErrors: [], hangs: [], partialWrites: [] })
})
