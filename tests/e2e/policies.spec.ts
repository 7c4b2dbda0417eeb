import type { Locator, Page } from '@playwright/test'
import { makePolicy, someFirm } from './factories'
import { expect, login, signedInPage, test } from './fixtures'
import { expectNoSeriousViolations, loadWithoutScripts } from './axe'

const POLICY_CONFLICT =
  'Someone else saved this policy after you opened it. Your changes were not saved; the form now shows the current values.'

const tabOf = (fid: number) => `/search/firms/firmsSearch?open=${fid}&firm=${fid}&tab=Policies&pview=All`
const snackbar = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

/** Signed in as the underwriter, a new policy on a firm opened in the editor: its id and its Edit Policy form. */
async function editorOfNewPolicy(page: Page) {
  await login(page, 'underwriter')
  const { fid } = await someFirm(page.request)
  const { pid } = await makePolicy(page.request, fid)
  await page.goto(`/editPolicy/${pid}`)
  return { pid, edit: page.getByRole('form', { name: 'Edit Policy' }) }
}

/** Creates a policy on the firm's Policies tab and answers its pid (the row with that inception). */
async function createPolicy(page: Page, fid: number, incept: { typed: string; iso: string }) {
  await page.goto(tabOf(fid))
  await page.getByRole('link', { name: 'Create Policy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Policy' })
  await dialog.getByLabel('Program').selectOption({ label: 'Summit FPL Direct' })
  await dialog.getByRole('textbox', { name: 'Incept', exact: true }).fill(incept.typed)
  await dialog.getByRole('textbox', { name: 'Limits', exact: true }).fill('1,000,000/1,000,000')
  await dialog.getByRole('textbox', { name: 'Deduc', exact: true }).fill('5,000')
  await dialog.getByRole('textbox', { name: 'Premium', exact: true }).fill('10000')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(snackbar(page, 'Policy was created.')).toBeVisible()
  const row = page
    .getByRole('table', { name: 'Policies' })
    .getByRole('row')
    .filter({ hasText: incept.iso })
    .filter({ hasText: '$10,000.00' })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Past')
  const label = await row.getByRole('link', { name: /^View policy / }).getAttribute('aria-label')
  return Number(label!.split(' ').pop())
}

async function calculateTaxes(page: Page, fid: number, pid: number) {
  await page.goto(`${tabOf(fid)}&pcalc=taxes&cpid=${pid}&cstep=1`)
  const dialog = page.getByRole('dialog', { name: `Taxes for policy ${pid}` })
  await dialog.getByLabel('State').selectOption('TX')
  await dialog.getByRole('button', { name: 'Next', exact: true }).click()
  await expect(dialog.getByText('Step 2 of 2')).toBeVisible()
  const taxes = dialog.getByRole('table', { name: 'Taxes' })
  // 10,000 × 4.85 % and 10,000 × 0.04 % (the TX stamping fee since 2024).
  await expect(taxes.getByRole('row').filter({ hasText: 'Texas Comptroller' })).toContainText('4.85%')
  await expect(taxes.getByRole('row').filter({ hasText: 'Texas Comptroller' })).toContainText('$485.00')
  await expect(taxes.getByRole('row').filter({ hasText: 'SLTX' })).toContainText('$4.00')
  await dialog.getByRole('button', { name: 'Apply to policy' }).click()
  await expect(snackbar(page, 'Taxes were applied to the policy.')).toBeVisible()
  const row = page
    .getByRole('table', { name: 'Policies' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `View policy ${pid}`, exact: true }) })
  await expect(row).toContainText('$489.00')
  await expect(row).toContainText('$10,489.00')
}

/** Step 1 of the commission dialog: the policy data a Summit Lloyds FPL rule needs, saved, then Next. */
async function saveCommissionPolicy(page: Page, dialog: Locator, placement: 'New' | 'Renewal') {
  await dialog.getByRole('textbox', { name: 'Quoted', exact: true }).fill('02-01-2025')
  await dialog.getByRole('textbox', { name: 'Type', exact: true }).fill('FPL')
  await dialog.getByRole('textbox', { name: 'Carrier', exact: true }).fill('Lloyds')
  await dialog.getByRole('textbox', { name: 'Placement', exact: true }).fill(placement)
  await dialog.getByRole('textbox', { name: 'Producer', exact: true }).fill('mkent')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(snackbar(page, 'Policy changes have been saved')).toBeVisible()
  await dialog.getByRole('button', { name: 'Next', exact: true }).click()
}

async function calculateCommissions(page: Page, fid: number, pid: number) {
  await page.goto(`${tabOf(fid)}&pcalc=commissions&cpid=${pid}&cstep=1`)
  const dialog = page.getByRole('dialog', { name: `Commissions for policy ${pid}` })
  // Quoted and the producer are required: Next stays disabled until they are saved.
  await expect(dialog.getByText('Field is required').first()).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Next', exact: true })).toBeDisabled()
  await saveCommissionPolicy(page, dialog, 'New')
  // One rule applies (Summit, Lloyds, FPL from 2024 by incept): step 2 is skipped.
  await expect(dialog.getByText('Step 3 of 4')).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'MGA %', exact: true })).toHaveValue('27.5')
  await expect(dialog.getByRole('textbox', { name: 'Producer %', exact: true })).toHaveValue('15')
  await dialog.getByRole('textbox', { name: 'Sub Producer %', exact: true }).fill('2.5')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(snackbar(page, 'Commissions have been saved.')).toBeVisible()
  await expect(dialog.getByText('Step 4 of 4')).toBeVisible()
  // The completion step shows what the policy now holds.
  await expect(dialog.getByText(`Policy ${pid} holds these commissions:`)).toBeVisible()
  await expect(dialog.getByText('27.5%', { exact: true })).toBeVisible()
  await expect(dialog.getByText('2.5%', { exact: true })).toBeVisible()
}

test.describe('policies with JavaScript', () => {
  test('from the keyboard: Calc, Taxes, Escape, and focus is back on Calc', async ({ page }) => {
    await login(page, 'admin')
    await page.goto(tabOf(1001))
    const calc = page.getByRole('table', { name: 'Policies' }).locator('summary', { hasText: 'Calc' }).first()
    await calc.focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await expect(
      page.getByRole('table', { name: 'Policies' }).getByRole('link', { name: 'Taxes' }).first(),
    ).toBeFocused()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: /^Taxes for policy/ })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(calc).toBeFocused()
  })

  test('create a policy, calculate taxes and commissions, edit and book it, add a group option, save text to the group', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await login(page, 'admin')
    const fid = 1002
    const pid = await createPolicy(page, fid, { typed: '3-5-2025', iso: '2025-03-05' })
    await expect(
      page.getByRole('table', { name: 'Policies' }).getByRole('row').filter({ hasText: '2025-03-05' }),
    ).toContainText('2026-03-05')
    await calculateTaxes(page, fid, pid)
    await calculateCommissions(page, fid, pid)

    await page.goto(`/editPolicy/${pid}`)
    const edit = page.getByRole('form', { name: 'Edit Policy' })
    await expect(edit.getByTestId('policy-total')).toHaveText('Total $10,489.00')
    // A date is checked as it is typed (spec 1 §5: 400 ms), and a loose one rewritten in the field's form (1000 ms).
    const bound = edit.getByRole('textbox', { name: 'Bound', exact: true })
    await bound.fill('13-45-2027')
    await expect(edit.getByText('Must be M-D-YYYY', { exact: true })).toBeVisible()
    await expect(bound).toHaveAttribute('aria-invalid', 'true')
    await bound.fill('01-09-2027')
    await expect(edit.getByText('Must be M-D-YYYY', { exact: true })).toHaveCount(0)
    await expect(bound).toHaveValue('1-9-2027')
    await bound.fill('')
    await edit.getByRole('textbox', { name: 'Premium', exact: true }).fill('12000')
    await expect(edit.getByTestId('policy-total')).toHaveText('Total $12,489.00')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(snackbar(page, 'Policy changes have been saved')).toBeVisible()
    await expect(
      page.getByRole('form', { name: 'Edit Policy' }).getByRole('textbox', { name: 'Premium', exact: true }),
    ).toHaveValue('12000.00')
    // Book with an unsaved change: the Book Policy dialog asks first.
    await page
      .getByRole('form', { name: 'Edit Policy' })
      .getByRole('textbox', { name: 'Zip', exact: true })
      .fill('75201')
    await page.getByRole('form', { name: 'Edit Policy' }).getByRole('button', { name: 'Book' }).click()
    const book = page.getByRole('dialog', { name: 'Book Policy' })
    await book.getByRole('button', { name: 'Save and book' }).click()
    await expect(snackbar(page, 'Policy was booked.')).toBeVisible()
    await expect(page.getByRole('form', { name: 'Edit Policy' }).getByLabel('Status')).toHaveValue('Book')
    await expect(
      page.getByRole('form', { name: 'Edit Policy' }).getByRole('textbox', { name: 'Zip', exact: true }),
    ).toHaveValue('75201')

    await page.getByText('Options', { exact: true }).click()
    const add = page.getByRole('form', { name: 'Add to group' })
    await add.getByRole('textbox', { name: 'Limit', exact: true }).fill('2,000,000/2,000,000')
    await add.getByRole('textbox', { name: 'Deductible', exact: true }).fill('10,000')
    await add.getByRole('textbox', { name: 'Premium', exact: true }).fill('15000')
    await add.getByRole('button', { name: 'Add copy to group' }).click()
    await expect(snackbar(page, 'Policy was added to the group.')).toBeVisible()
    await expect(page.getByLabel('2 group policies')).toBeVisible()

    await page.getByText('Text Fields', { exact: true }).click()
    const texts = page.getByRole('form', { name: 'Text Fields' })
    await texts.getByRole('textbox', { name: 'Forms', exact: true }).fill('FPL-100 (01/21) group form')
    await texts.getByRole('button', { name: 'Save text to group' }).click()
    await expect(snackbar(page, 'Text fields have been saved to group')).toBeVisible()
    const optionHref = await page.locator('table[aria-label="Group options"] a').first().getAttribute('href')
    await page.goto(optionHref!)
    await page.getByText('Text Fields', { exact: true }).click()
    await expect(
      page.getByRole('form', { name: 'Text Fields' }).getByRole('textbox', { name: 'Forms', exact: true }),
    ).toHaveValue('FPL-100 (01/21) group form')
  })

  test('two staff on one policy: the later save gets the conflict message and overwrites nothing', async ({
    browser,
  }) => {
    const first = await signedInPage(browser, 'underwriter')
    const second = await signedInPage(browser, 'admin')
    const { fid } = await someFirm(first.request)
    const { pid } = await makePolicy(first.request, fid)
    const premium = (page: Page) =>
      page.getByRole('form', { name: 'Edit Policy' }).getByRole('textbox', { name: 'Premium', exact: true })
    await first.goto(`/editPolicy/${pid}`)
    await premium(first).fill('11111')

    await second.goto(`/editPolicy/${pid}`)
    await premium(second).fill('22222')
    await second.getByRole('form', { name: 'Edit Policy' }).getByRole('button', { name: 'Save' }).click()
    await expect(snackbar(second, 'Policy changes have been saved')).toBeVisible()

    await first.getByRole('form', { name: 'Edit Policy' }).getByRole('button', { name: 'Save' }).click()
    await expect(first.getByRole('alert').filter({ hasText: POLICY_CONFLICT })).toBeVisible()
    // The form shows the policy as it is now; nothing of the later save was written.
    await expect(premium(first)).toHaveValue('22222.00')
    expect(((await (await first.request.get(`/api/policies/${pid}`)).json()) as { premium: string }).premium).toBe(
      '22222.00',
    )
  })

  test('a refused field is marked at the field, with what was typed kept', async ({ page }) => {
    const { edit } = await editorOfNewPolicy(page)
    await edit.getByRole('textbox', { name: 'Quoted', exact: true }).fill('13-45-2025')
    await edit.getByRole('textbox', { name: 'Zip', exact: true }).fill('80202')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Please correct the fields marked below.' })).toBeVisible()
    await expect(edit.getByRole('textbox', { name: 'Quoted', exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(edit.getByText('Must be M-D-YYYY')).toBeVisible()
    await expect(edit.getByRole('textbox', { name: 'Zip', exact: true })).toHaveValue('80202')
  })

  test('the More mode filters by status and the views narrow the list', async ({ page }) => {
    await login(page, 'admin')
    await page.goto(`${tabOf(1001)}&pmore=1`)
    const more = page.locator('form:has(select[name="pstatus"])')
    await more.locator('select[name="pstatus"]').selectOption(['Refuse'])
    await more.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/pstatus=Refuse/)
    const rows = page.getByRole('table', { name: 'Policies' }).getByRole('row')
    await expect(rows.nth(1)).toContainText('Refuse')
    // The filters are a GET form bound by Conform: the URL's choices come back as its values.
    const filters = page.getByRole('search', { name: 'Policy filters' })
    await expect(filters.getByRole('listbox', { name: 'Status' })).toHaveValues(['Refuse'])
    await page.getByRole('navigation', { name: 'Policy view' }).getByRole('link', { name: 'Quotes' }).click()
    await expect(page).toHaveURL(/pview=Quotes/)
  })
})

test.describe('policies without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('create, taxes, commissions, edit and book, all as plain forms', async ({ page }) => {
    test.setTimeout(90_000)
    await login(page, 'admin')
    const fid = 1003
    const pid = await createPolicy(page, fid, { typed: '03-07-2025', iso: '2025-03-07' })
    await calculateTaxes(page, fid, pid)
    await calculateCommissions(page, fid, pid)
    // Next with a change typed and not saved: the change stays in the form, with the reason, and is not saved.
    await page.goto(`${tabOf(fid)}&pcalc=commissions&cpid=${pid}&cstep=1`)
    const step1 = page.getByRole('dialog', { name: `Commissions for policy ${pid}` })
    await step1.getByRole('textbox', { name: 'Producer', exact: true }).fill('jdoe')
    await step1.getByRole('button', { name: 'Next', exact: true }).click()
    await expect(step1.getByText('Save the changes first: Next goes on with the saved policy data.')).toBeVisible()
    await expect(step1.getByText('Step 1 of 4')).toBeVisible()
    await expect(step1.getByRole('textbox', { name: 'Producer', exact: true })).toHaveValue('jdoe')
    const policy = (await (await page.request.get(`/api/policies/${pid}`)).json()) as {
      prodname: string
      version: number
    }
    expect(policy.prodname).toBe('mkent')
    // A typed step 4 says what is so: with the rates cleared elsewhere, that none are saved.
    const cleared = await page.request.put(`/api/policies/${pid}/commissions`, {
      data: { version: policy.version, mgacom: '', procom: '', subcom: '', spncom: '' },
    })
    expect(cleared.status()).toBe(200)
    await page.goto(`${tabOf(fid)}&pcalc=commissions&cpid=${pid}&cstep=4`)
    await expect(
      page
        .getByRole('dialog', { name: `Commissions for policy ${pid}` })
        .getByText(`No commissions are saved on policy ${pid}.`),
    ).toBeVisible()
    await page.goto(`/editPolicy/${pid}`)
    const edit = page.getByRole('form', { name: 'Edit Policy' })
    await expect(edit.getByTestId('policy-total')).toHaveText('Total $10,489.00')
    await edit.getByRole('textbox', { name: 'Premium', exact: true }).fill('11000')
    // Show fees opens in place: what was typed stays.
    await edit.getByText('Show fees').click()
    await expect(edit.getByRole('textbox', { name: 'MGA 1st', exact: true })).toBeVisible()
    await expect(edit.getByRole('textbox', { name: 'Premium', exact: true })).toHaveValue('11000')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(snackbar(page, 'Policy changes have been saved')).toBeVisible()
    await expect(page.getByRole('form', { name: 'Edit Policy' }).getByTestId('policy-total')).toHaveText(
      'Total $11,489.00',
    )
    await page.getByRole('form', { name: 'Edit Policy' }).getByRole('button', { name: 'Book' }).click()
    await expect(snackbar(page, 'Policy was booked.')).toBeVisible()
    // A bad date is refused with the spec's message.
    await page
      .getByRole('form', { name: 'Edit Policy' })
      .getByRole('textbox', { name: 'Retro', exact: true })
      .fill('2025/13/40')
    await page.getByRole('form', { name: 'Edit Policy' }).getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Must be M-D-YYYY')).toBeVisible()
  })
})

test.describe('policy API', () => {
  test('taxes, a stale PUT, the firm list and the commission proposal', async ({ page }) => {
    await login(page, 'admin')
    const created = await page.request.post('/api/policies', {
      data: { fid: 1004, prid: 1, incept: '2025-04-01', premium: '10000.00', limits: '1M', deduc: '5,000' },
    })
    expect(created.status()).toBe(200)
    const policy = (await created.json()) as { pid: number; version: number; status: string; expiry: string }
    expect([policy.status, policy.expiry]).toEqual(['Past', '2026-04-01'])

    const taxes = await page.request.get(`/api/policies/${policy.pid}/taxes?state=TX`)
    expect(await taxes.json()).toEqual([
      expect.objectContaining({ entity: 'Texas Comptroller', rate: '4.85%', amount: '485.00' }),
      expect.objectContaining({ entity: 'SLTX', rate: '0.04%', amount: '4.00' }),
    ])
    const bad = await page.request.get(`/api/policies/${policy.pid}/taxes?state=Texas`)
    expect(bad.status()).toBe(400)

    const saved = await page.request.put(`/api/policies/${policy.pid}`, {
      data: { version: policy.version, incept: '2020-06-01', expiry: '2021-06-01', premium: 900 },
    })
    expect(saved.status()).toBe(200)
    const stale = await page.request.put(`/api/policies/${policy.pid}`, {
      data: { version: policy.version, premium: '1.00' },
    })
    expect(stale.status()).toBe(409)
    expect(((await stale.json()) as { current: { premium: string } }).current.premium).toBe('900.00')
    const early = await page.request.get(`/api/policies/${policy.pid}/taxes?state=TX`)
    expect(early.status()).toBe(400)
    expect(((await early.json()) as { message: string }).message).toBe(
      "There are no applicable taxes for this policy's inception date.",
    )

    const list = (await (await page.request.get('/api/policies?fid=1004&status=Past')).json()) as {
      result: { pid: number; status: string }[]
    }
    expect(list.result.map((row) => row.pid)).toContain(policy.pid)
    expect(list.result.every((row) => row.status === 'Past')).toBe(true)

    const proposal = await page.request.get(`/api/policies/${policy.pid}/commissions`)
    expect(proposal.status()).toBe(200)
    expect(await proposal.json()).toHaveProperty('rates')
  })
})

for (const javaScriptEnabled of [true, false]) {
  test.describe(`commission step 2 with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('a renewal chooses among the conditions: Next without a choice is marked at the field; the chosen rule gives the rate', async ({
      page,
      browser,
    }) => {
      test.setTimeout(60_000)
      await login(page, 'admin')
      const fid = javaScriptEnabled ? 1005 : 1006
      const pid = await createPolicy(page, fid, { typed: '3-9-2025', iso: '2025-03-09' })
      await page.goto(`${tabOf(fid)}&pcalc=commissions&cpid=${pid}&cstep=1`)
      const dialog = page.getByRole('dialog', { name: `Commissions for policy ${pid}` })
      // A renewal of Summit's Lloyds FPL: the general rule and one for premiums of $25,000 or more.
      await saveCommissionPolicy(page, dialog, 'Renewal')
      await expect(dialog.getByText('Step 2 of 4')).toBeVisible()

      const conditions = dialog.getByRole('radiogroup', { name: 'Which condition applies to this policy?' })
      await expect(conditions.getByRole('radio')).toHaveCount(2)
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await expect(conditions).toHaveAttribute('aria-invalid', 'true')
      await expect(conditions).toHaveAccessibleDescription('Field is required')
      await expect(dialog.getByText('Step 2 of 4')).toBeVisible()
      if (javaScriptEnabled) await expectNoSeriousViolations(page, 'commission step 2 refused')
      else {
        // axe needs JavaScript: the same answer, its scripts removed, in a page that runs axe.
        const context = await browser.newContext({
          javaScriptEnabled: true,
          storageState: await page.context().storageState(),
        })
        const axePage = await context.newPage()
        await loadWithoutScripts(axePage, page.url())
        await expectNoSeriousViolations(axePage, 'commission step 2 refused, without JavaScript')
        await context.close()
      }

      await conditions.getByRole('radio', { name: 'Premium of $25,000 or more (30%)' }).check()
      await dialog.getByRole('button', { name: 'Next', exact: true }).click()
      await expect(dialog.getByText('Step 3 of 4')).toBeVisible()
      await expect(dialog.getByRole('textbox', { name: 'MGA %', exact: true })).toHaveValue('30')
      // Back returns to the conditions with the choice kept (it went to step 1 and dropped it).
      await dialog.getByRole('link', { name: 'Back' }).click()
      await expect(dialog.getByText('Step 2 of 4')).toBeVisible()
      await expect(conditions.getByRole('radio', { name: 'Premium of $25,000 or more (30%)' })).toBeChecked()
      // With JavaScript the step changes in place: focus stays in the dialog (it was left on the body).
      if (javaScriptEnabled)
        expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    })
  })
}

test('the tax dialog after a lost race: the message, then the current version, so Apply succeeds', async ({
  page,
  browser,
}) => {
  await login(page, 'admin')
  const fid = 1007
  const pid = await createPolicy(page, fid, { typed: '4-2-2025', iso: '2025-04-02' })
  const other = await (await browser.newContext({ storageState: await page.context().storageState() })).newPage()
  const url = `${tabOf(fid)}&pcalc=taxes&cpid=${pid}&cstep=2&state=TX`
  await page.goto(url)
  await other.goto(url.replace('state=TX', 'state=KS'))
  await other.getByRole('button', { name: 'Apply to policy' }).click()
  await expect(other.getByRole('status').filter({ hasText: 'Taxes were applied to the policy.' })).toBeVisible()
  const dialog = page.getByRole('dialog', { name: `Taxes for policy ${pid}` })
  // A state not in the list (a hand-made address) is no choice: step 1 asks for one.
  await other.goto(url.replace('state=TX', 'state=ZZ'))
  await expect(
    other.getByRole('dialog', { name: `Taxes for policy ${pid}` }).getByText('Pick a state from the list'),
  ).toBeVisible()
  // Amounts are money: thousands separated where they reach them, cents always.
  await expect(
    dialog.getByRole('table', { name: 'Taxes' }).getByRole('row').filter({ hasText: 'Texas Comptroller' }),
  ).toContainText('$485.00')
  const version = dialog.locator('input[name=version]')
  const stale = await version.getAttribute('value')
  await dialog.getByRole('button', { name: 'Apply to policy' }).click()
  await expect(page.getByText('Someone else saved this policy after you opened it.', { exact: false })).toBeVisible()
  // The page reloads its data after the lost race: the dialog holds the current version.
  await expect(
    page.getByRole('dialog', { name: `Taxes for policy ${pid}` }).locator('input[name=version]'),
  ).not.toHaveValue(stale!)
  await page
    .getByRole('dialog', { name: `Taxes for policy ${pid}` })
    .getByRole('button', { name: 'Apply to policy' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Taxes were applied to the policy.' })).toBeVisible()
  await other.context().close()
})

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the Book Policy dialog with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('Cancel and the X go back to the form with what was typed, and save nothing', async ({ page }) => {
      const { pid, edit } = await editorOfNewPolicy(page)
      const zip = edit.getByRole('textbox', { name: 'Zip', exact: true })
      const premium = edit.getByRole('textbox', { name: 'Premium', exact: true })
      await zip.fill('73301')
      await premium.fill('1777')
      const book = page.getByRole('dialog', { name: 'Book Policy' })
      for (const close of ['Cancel', 'Close'] as const) {
        await edit.getByRole('button', { name: 'Book', exact: true }).click()
        await expect(book).toBeVisible()
        // Behind the dialog the form shows what was typed, not the saved policy.
        await expect(zip).toHaveValue('73301')
        await book.getByRole('button', { name: close }).click()
        await expect(book).toBeHidden()
        await expect(zip).toHaveValue('73301')
        await expect(premium).toHaveValue('1777')
      }
      const saved = (await (await page.request.get(`/api/policies/${pid}`)).json()) as {
        zip: string | null
        premium: string
        status: string
      }
      expect(saved).toMatchObject({ premium: '1000.00', status: 'Past' })
      expect(saved.zip).not.toBe('73301')
      // Then Save keeps them.
      await edit.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(snackbar(page, 'Policy changes have been saved')).toBeVisible()
      await expect(
        page.getByRole('form', { name: 'Edit Policy' }).getByRole('textbox', { name: 'Zip', exact: true }),
      ).toHaveValue('73301')
    })
  })
}
