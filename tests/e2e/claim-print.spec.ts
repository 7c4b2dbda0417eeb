import { makeClaim, someFirm } from './factories'
import { expect, login, test } from './fixtures'

/**
 * View claim printed by Chromium (spec 3 §2.2, issue 12): one claim on Letter pages, no app chrome,
 * nothing cut off. The PDF's pages are counted; what prints is read with the print stylesheet applied
 * (Chromium prints exactly what the print media shows), and its screenshots are kept to look at.
 */

const LETTER = { width: 816, height: 1056 } // 8.5 x 11 in at 96 px per inch
const CHROME = ['LOGOUT', 'JOBS', 'SEARCH', 'Show side bar', 'Printed summary of claim']

test('a claim with long facts prints on Letter pages without the app chrome and without cut-off text', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000)
  await login(page, 'claims')
  const { fid } = await someFirm(page.request)
  const { clid, version } = await makeClaim(page.request, fid)
  const facts =
    'The insured missed a filing deadline in the underlying matter; the client alleges the delay cost the settlement. '.repeat(
      12,
    )
  const put = await page.request.put(`/api/claims/${clid}`, {
    data: {
      version,
      claimant: 'Printwell Holdings LLC',
      facts,
      note: 'Reserve reviewed with counsel.',
      res_def: '25000',
      defense: '4000.5',
    },
  })
  expect(put.status()).toBe(200)
  for (const amt of ['1200.00', '2800.50'])
    expect(
      (
        await page.request.post(`/api/claims/${clid}/ledger`, { data: { type: 'defense', amt, dated: '2025-02-03' } })
      ).status(),
    ).toBe(201)

  await page.setViewportSize(LETTER)
  await page.goto(`/viewClaim/${clid}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Claim ${clid}`)
  await page.emulateMedia({ media: 'print' })

  const pdf = await page.pdf({ format: 'Letter' })
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length
  expect(pages, 'Letter pages').toBeGreaterThanOrEqual(1)
  expect(pages, 'one claim fits a few Letter pages').toBeLessThanOrEqual(3)

  // What prints: the claim, every section, no chrome.
  const printed = await page.evaluate(() => document.body.innerText)
  for (const text of [
    'Claim ' + clid,
    'Printwell Holdings LLC',
    'Reserve reviewed with counsel.',
    '$25,000.00',
    '$2,800.50',
  ])
    expect(printed).toContain(text)
  for (const text of CHROME) expect(printed, `chrome text '${text}' printed`).not.toContain(text)
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()

  // Nothing cut off: laid out at Letter's printable width (8.5 in less two 0.5 in margins), nothing reaches past it.
  const printable = 7.5 * 96
  await page.setViewportSize({ width: printable, height: LETTER.height })
  const overflow = await page.evaluate(
    (limit) =>
      [...document.querySelectorAll<HTMLElement>('main *')]
        .filter((element) => element.getBoundingClientRect().right > limit + 1)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
        .slice(0, 5),
    printable,
  )
  expect(overflow, 'elements wider than the printable width').toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(printable)

  await testInfo.attach('claim.pdf', { body: pdf, contentType: 'application/pdf' })
  await page.screenshot({ path: testInfo.outputPath('claim-print.png'), fullPage: true })
})
