import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults, Result, RunOptions } from 'axe-core'
import { expect, type Page } from '@playwright/test'

/** The WCAG 2.1 A and AA rules: the level issue 9 asks every screen to meet. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
/** Violations at these impacts fail a screen; moderate and minor ones are reported by axe but not enforced. */
export const FAILING_IMPACTS: readonly string[] = ['serious', 'critical']

/** Elements listed per rule in a failure message; the rest are counted. */
const SHOWN_PER_RULE = 8

/**
 * Each rule with its impact, axe's help and link, then its elements: the selector, what is wrong
 * (axe's failure summary, e.g. the measured contrast) and the start of the element's HTML.
 */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.slice(0, SHOWN_PER_RULE).map((node) => {
        const why = (node.failureSummary ?? '')
          .replace(/^Fix (any|all) of the following:\s*/, '')
          .replace(/\s+/g, ' ')
          .trim()
        return `    at ${node.target.join(' ')}\n      ${why}\n      ${node.html.replace(/\s+/g, ' ').slice(0, 160)}`
      })
      const more =
        violation.nodes.length > SHOWN_PER_RULE ? [`    … and ${violation.nodes.length - SHOWN_PER_RULE} more`] : []
      return [
        `  ${violation.id} (${violation.impact}, ${violation.nodes.length}): ${violation.help} ${violation.helpUrl}`,
        ...nodes,
        ...more,
      ].join('\n')
    })
    .join('\n')
}

/** axe-core's own build, read once per worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * axe run in the page itself: its source evaluated once per document (evaluation is not subject to the page's CSP),
 * then `axe.run` over the whole document with the WCAG tags, keeping only the violations' details. The pages have no
 * frames, so `@axe-core/playwright`'s per-frame runs and its extra page for `finishRun` (3–10 times the cost of the
 * analysis on this machine) are not needed.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(AXE_SOURCE)
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] }
  return page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        runOptions,
      ),
    options,
  )
}

/** The serious and critical WCAG 2.1 AA violations axe finds on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Result[]> {
  const results = await runAxe(page)
  return results.violations.filter((violation) => FAILING_IMPACTS.includes(violation.impact ?? ''))
}

/**
 * What a browser without JavaScript shows, as HTML a scripted page can load: the scripts removed and
 * the <noscript> content shown (a browser with JavaScript treats it as text).
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
    .replace(/<\/?noscript>/gi, '')
}

/**
 * Loads what a browser without JavaScript shows at `path` into `page` (whose own JavaScript axe needs): the server's
 * HTML for the signed-in user, fetched with the page's cookies and redirects followed, served at its own address
 * with the scripts removed; styles and images load from the server as usual. Answers the address it ended at.
 */
export async function loadWithoutScripts(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path)
  const [address, html, status] = [response.url(), await response.text(), response.status()]
  await page.route(
    (url) => url.href === address,
    (route) => route.fulfill({ status, contentType: 'text/html; charset=utf-8', body: withoutScripts(html) }),
  )
  await page.goto(address)
  await page.unrouteAll()
  return address
}

/**
 * Fails when axe finds a serious or critical violation on the page, listing each rule id, the elements (selectors, what
 * is wrong, HTML) and axe's help. `label` names the screen in the failure message.
 */
export async function expectNoSeriousViolations(page: Page, label: string) {
  const violations = await seriousViolations(page)
  expect(violations.length, `${label}: serious or critical axe violations\n${describeViolations(violations)}\n`).toBe(0)
}
