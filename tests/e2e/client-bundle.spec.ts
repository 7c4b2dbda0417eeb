import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

/**
 * The browser's JavaScript, as built for these tests (`npm run test:e2e` builds first): Zod stays on
 * the server (decision 0005). A value imported from `app/schemas` into a component pulls all of Zod
 * (about 26 KB gzip) into that page's chunk; the forms take their constraints from
 * `app/domain/form-constraints/` and their lists from `app/domain` instead.
 */
test('no client chunk carries Zod', () => {
  const assets = join(process.cwd(), 'build', 'client', 'assets')
  const chunks = readdirSync(assets).filter((name) => name.endsWith('.js'))
  expect(chunks.length).toBeGreaterThan(10)
  const withZod = chunks.filter((name) => /\bZodError\b|\$ZodType\b/.test(readFileSync(join(assets, name), 'utf8')))
  expect(withZod).toEqual([])
})
