/**
 * The Chromium the end-to-end tests and the bench drive: `CHROMIUM_PATH`, else Debian's Chromium — its headless
 * shell (`chromium-headless-shell`, the same Chromium build without the desktop window, as Playwright itself runs
 * headless; half the CPU per page on a 2-core machine: docs/decisions/0020) when installed, else `/usr/bin/chromium` —,
 * else Playwright's own browser if it was installed (`npx playwright install chromium`). Run directly
 * (`tsx tests/support/chromium.ts`) it exits 1 with one line when none is found.
 */
import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import { chromium } from '@playwright/test'

export const NO_CHROMIUM =
  'No Chromium found: set CHROMIUM_PATH to a Chromium or Chrome binary, install one (Debian: apt-get install chromium chromium-headless-shell), or run `npx playwright install chromium`.'

/** Debian's Chromium packages, in order of preference: `chromium-headless-shell`, then `chromium`. */
export const DEBIAN_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium']

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROMIUM_PATH) return fs.existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined
  for (const debian of DEBIAN_CHROMIUMS) if (fs.existsSync(debian)) return debian
  try {
    const own = chromium.executablePath()
    return own && fs.existsSync(own) ? own : undefined
  } catch {
    return undefined
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const found = findChromium()
  if (!found) {
    console.error(
      process.env.CHROMIUM_PATH
        ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist. ${NO_CHROMIUM}`
        : NO_CHROMIUM,
    )
    process.exit(1)
  }
}
