import { describe, expect, it } from 'vitest'

/**
 * Every route module loads: a page action built by intentAction checks its table against
 * app/auth/action-intents.ts when the module loads (an intent served but not listed, or listed but
 * not served, throws), so loading them all proves every migrated table.
 */
describe('route modules', () => {
  it('load, and each page action serves exactly the intents action-intents lists', async () => {
    const modules = import.meta.glob('../routes/**/*.{ts,tsx}')
    const failures: string[] = []
    for (const [file, load] of Object.entries(modules)) {
      if (file.endsWith('.test.ts')) continue
      await load().catch((error: unknown) => failures.push(`${file}: ${String(error)}`))
    }
    expect(failures).toEqual([])
  }, 60_000)
})
