import { defineConfig, devices } from '@playwright/test'

import { BASE_URL, PORT, SMTP_PORT } from './tests/e2e/base-url'
import { findChromium, NO_CHROMIUM } from './tests/support/chromium'

// CHROMIUM_PATH, Debian's Chromium (its headless shell, else /usr/bin/chromium), else Playwright's own browser; else stop.
const executablePath = findChromium()
if (!executablePath) {
  console.error(NO_CHROMIUM)
  process.exit(1)
}

/**
 * End-to-end tests drive Debian's Chromium (or CHROMIUM_PATH, or Playwright's own browser) against the built app on a
 * fresh embedded PostgreSQL with the demo data.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // A real SMTP server for the whole run; the app sends there (SMTP_URL below), specs read tests/e2e/mail.ts.
  globalSetup: './tests/e2e/mail-sink.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Generous waits: a 2-core CI machine runs two browsers, the server and PostgreSQL at once; a passing test
  // never waits for them, a failing one only fails later.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    // A trace costs about a third of the run's time on a 2-core machine; E2E_TRACE=1 records one for each failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // The app honours reduced motion (theme.respectReducedMotion): no dialog or menu transition to wait for.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /restart\.spec\.ts$/ },
    // A restart is timed alone, after every other spec: with two browsers, the server and PostgreSQL busy beside it,
    // a 2-core machine measured 3.2 s for what takes 1.3–1.4 s on its own (the CI run of stop 31).
    { name: 'restart', testMatch: /restart\.spec\.ts$/, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'tsx tests/e2e/server.ts',
    // SIGTERM lets the server stop in order, PostgreSQL included (it runs in its own process group).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    url: `${BASE_URL}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e',
      BUILD_DIR: process.env.BUILD_DIR ?? 'build',
      DATABASE_URL: '',
      APP_ENV: 'test',
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    },
  },
})
