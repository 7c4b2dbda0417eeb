import type { Page } from '@playwright/test'
import { makeClaim, someFirm } from './factories'
import { expect, login, test } from './fixtures'

/** The claim editor's ledger: add, edit and delete entries with JavaScript (fetchers) and without (plain posts), each logged. */

async function addEntry(page: Page, amount: string, note: string) {
  const add = page.getByRole('form', { name: 'Add a ledger entry' })
  await add.getByLabel('Date').fill('2025-03-04')
  await add.getByLabel('Type').selectOption('defense')
  await add.getByLabel('Amount').fill(amount)
  await add.getByLabel('Note').fill(note)
  await add.getByRole('button', { name: 'Add entry' }).click()
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`claim ledger with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('add, edit and delete an entry; each change is in the claim log', async ({ page }) => {
      test.setTimeout(90_000)
      await login(page, 'claims')
      const { fid } = await someFirm(page.request)
      const { clid } = await makeClaim(page.request, fid)
      await page.goto(`/editClaim/${clid}`)
      // With JavaScript, a typed but unsaved claim field must survive the ledger's posts.
      if (javaScriptEnabled) await page.getByRole('textbox', { name: 'Claimant' }).fill('Typed, not saved')

      await addEntry(page, '250.25', 'first payment')
      const ledger = page.getByRole('table', { name: 'Ledger' })
      await expect(ledger).toContainText('$250.25')
      await expect(page.getByRole('status').filter({ hasText: 'Ledger entry was saved.' }).first()).toBeVisible()

      const [entry] = (await (await page.request.get(`/api/claims/${clid}/ledger`)).json()) as { id: number }[]
      await page.getByRole('link', { name: `Edit ledger entry ${entry!.id}` }).click()
      const edit = page.getByRole('form', { name: `Edit ledger entry ${entry!.id}` })
      await edit.getByLabel('Amount').fill('300.00')
      await edit.getByRole('button', { name: 'Save entry' }).click()
      await expect(ledger).toContainText('$300.00')
      await expect(page.getByRole('form', { name: `Edit ledger entry ${entry!.id}` })).toHaveCount(0)

      await page.getByRole('button', { name: `Delete ledger entry ${entry!.id}` }).click()
      await expect(ledger).toContainText('No ledger entries.')
      if (javaScriptEnabled)
        await expect(page.getByRole('textbox', { name: 'Claimant' })).toHaveValue('Typed, not saved')

      const logs = (await (await page.request.get(`/api/claims/${clid}/logs`)).json()) as {
        entity: string
        action: string
        username: string
        changes: { field: string; after: unknown }[]
      }[]
      const ledgerLogs = logs.filter((log) => log.entity === 'claim_ledger')
      expect(ledgerLogs.map((log) => log.action)).toEqual(['delete', 'update', 'create'])
      expect(ledgerLogs.every((log) => log.username === 'claims')).toBe(true)
      expect(ledgerLogs[1]!.changes).toContainEqual(expect.objectContaining({ field: 'amt', after: '300.00' }))
    })

    test('a refused amount is marked at its field, with what was typed kept', async ({ page }) => {
      await login(page, 'claims')
      const { fid } = await someFirm(page.request)
      const { clid } = await makeClaim(page.request, fid)
      await page.goto(`/editClaim/${clid}`)
      await addEntry(page, 'lots', 'not a number')
      const add = page.getByRole('form', { name: 'Add a ledger entry' })
      const amount = add.getByRole('textbox', { name: 'Amount' })
      await expect(amount).toHaveAttribute('aria-invalid', 'true')
      await expect(amount).toHaveAccessibleDescription('Enter an amount like 1234.56')
      await expect(add.getByRole('alert')).toHaveText('Enter an amount like 1234.56')
      await expect(add.getByRole('textbox', { name: 'Note' })).toHaveValue('not a number')
      expect(await (await page.request.get(`/api/claims/${clid}/ledger`)).json()).toEqual([])
    })
  })
}

test('a stale ledger edit is refused with the current entry kept', async ({ page }) => {
  await login(page, 'claims')
  const { fid } = await someFirm(page.request)
  const { clid } = await makeClaim(page.request, fid)
  const created = (await (
    await page.request.post(`/api/claims/${clid}/ledger`, {
      data: { type: 'damages', amt: '10.00', dated: '2025-01-02' },
    })
  ).json()) as { id: number; version: number }
  await page.goto(`/editClaim/${clid}?ledger=${created.id}`)
  // Someone else saves the entry first.
  expect(
    (
      await page.request.put(`/api/claims/${clid}/ledger/${created.id}`, {
        data: { version: created.version, type: 'damages', amt: '20.00', dated: '2025-01-02' },
      })
    ).status(),
  ).toBe(200)
  const edit = page.getByRole('form', { name: `Edit ledger entry ${created.id}` })
  await edit.getByLabel('Amount').fill('99.00')
  await edit.getByRole('button', { name: 'Save entry' }).click()
  await expect(edit.getByRole('alert')).toContainText('Your change was not saved')
  const [now] = (await (await page.request.get(`/api/claims/${clid}/ledger`)).json()) as { amt: string }[]
  expect(now!.amt).toBe('20.00')
})
