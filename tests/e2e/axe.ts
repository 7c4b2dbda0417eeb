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
        const why = (node.failureSummary ?? '').replace(/^Fix (any|all) of the following:\s*/, '').replace(/\s+/g, ' ').trim()
        return `    at ${node.target.join(' ')}\n      ${why}\n      ${node.html.replace(/\s+/g, ' ').slice(0, 160)}`
      })
      const more = violation.nodes.length > SHOWN_PER_RULE ? [`    … and ${violation.nodes.length - SHOWN_PER_RULE} more`] : []
      return [`  ${violation.id} (${violation.impact}, ${violation.nodes.length}): ${violation.help} ${violation.helpUrl}`, ...nodes, ...more].join('\n')
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
  return page.evaluate((runOptions) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, runOptions), options)
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
 * axe runs inside the page, which a page with JavaScript disabled refuses. So the page's HTML as it
 * stands is loaded at its own address in a scratch page (same browser, same window size) with the
 * scripts removed; styles and images load from the server as usual.
 */
async function staticCopy(page: Page): Promise<Page> {
  const [html, address] = [await page.content(), page.url()]
  const browser = page.context().browser()
  if (!browser) throw new Error('The page has no browser to open a scratch page in')
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() })
  const copy = await context.newPage()
  await copy.route(
    (url) => url.href === address,
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: withoutScripts(html) }),
  )
  await copy.goto(address)
  return copy
}

/**
 * Fails when axe finds a serious or critical violation on the page, listing each rule id, the
 * elements (selectors, what is wrong, HTML) and axe's help. `label` names the screen in the failure
 * message. Pass `javaScriptEnabled: false` for a page opened with JavaScript disabled.
 */
export async function expectNoSeriousViolations(page: Page, label: string, { javaScriptEnabled = true } = {}) {
  const target = javaScriptEnabled ? page : await staticCopy(page)
  try {
    const violations = await seriousViolations(target)
    expect(violations.length, `${label}: serious or critical axe violations\n${describeViolations(violations)}\n`).toBe(0)
  } finally {
    if (target !== page) await target.context().close()
  }
}
