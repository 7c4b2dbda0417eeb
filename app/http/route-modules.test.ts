import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(__dirname, '../..')
const routeModules = import.meta.glob('../routes/**/*.{ts,tsx}')
const fileOf = (key: string) => path.join('app', key.replace(/^\.\.\//, ''))

describe('route modules', () => {
  /**
   * A page action built by intentAction checks its table against app/auth/action-intents.ts when the
   * module loads (an intent served but not listed, or listed but not served, throws), so loading them
   * all proves every table.
   */
  it('load, and each page action serves exactly the intents action-intents lists', async () => {
    const failures: string[] = []
    for (const [key, load] of Object.entries(routeModules)) {
      if (key.endsWith('.test.ts')) continue
      await load().catch((error: unknown) => failures.push(`${key}: ${String(error)}`))
    }
    expect(failures).toEqual([])
    // Every route module through Vite's transform: about 35 s on 2 cores alone, over 60 s beside other suites.
  }, 150_000)

  it('are each one call of a route factory (pageRoute or apiRoute), with no loader or action of their own', () => {
    const problems: string[] = []
    for (const key of Object.keys(routeModules)) {
      const file = fileOf(key)
      if (file.endsWith('.test.ts')) continue
      const code = readFileSync(path.join(ROOT, file), 'utf8')
      const calls = code.match(/\b(pageRoute|apiRoute)\(/g) ?? []
      if (calls.length !== 1) problems.push(`${file}: ${calls.length} factory calls`)
      if (/export (async )?function (loader|action)\b/.test(code))
        problems.push(`${file}: a loader or action of its own`)
    }
    expect(problems).toEqual([])
  })
})
