import path from 'node:path'
import { runSweep } from '../support/sweep'
import { BASE_URL } from './base-url'
import { expect, test } from './fixtures'

/**
 * A sample of the bad-input sweep (`npm run sweep`, tests/support/sweep.ts): 300 generated requests,
 * every action intent and API method of the build in turn, as anonymous and each demo role, with bad
 * types, huge strings, NULs, unknown fields, invalid UTF-8, bad escapes, oversized and malformed
 * bodies and bad ids. Partial writes are counted by row triggers on every table, so this runs in the
 * `after-all` project (playwright.config.ts), once the other specs, which write, are done.
 */
test('300 bad requests: no 5xx, no hang, no partial write', async () => {
  test.setTimeout(120_000)
  const result = await runSweep({
    baseUrl: BASE_URL,
    dataDir: path.resolve(process.env.E2E_DATA_DIR ?? 'data/e2e'),
    buildDir: path.resolve(process.env.BUILD_DIR || 'build'),
    requests: 300,
    seed: Number(process.env.SWEEP_SEED ?? 20261125),
    timeoutMs: 15_000,
  })
  expect(result.requests).toBe(300)
  expect(result.serverErrors).toEqual([])
  expect(result.hangs).toEqual([])
  expect(result.partialWrites).toEqual([])
})
