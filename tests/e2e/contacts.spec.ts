import type { APIRequestContext, Page } from '@playwright/test'
import { makeContact } from './factories'
import { expect, login, signedInPage, test } from './fixtures'

const LIST = '/search/contacts/contactsSearch'
const snack = (page: Page, text: string) => page.locator('.snackbar').filter({ hasText: text })

/** A contact of this test's own (so parallel tests never share one), with two people. */
const contactWithTwo = (request: APIRequestContext, sort: string, extra: Record<string, unknown> = {}) =>
  makeContact(request, {
    name1: `${sort} Claims Group`,
    sort,
    people: [
      { given: 'Ann', surname: 'Zed', direct: '3035550101' },
      { given: 'Bo', surname: 'Yule' },
    ],
    ...extra,
  })

test.describe('contacts', () => {
  test('list search, type truncation, open in a dialog and as a popup', async ({ page }) => {
    await login(page, 'underwriter')
    const long = await contactWithTwo(page.request, 'E2ELONG', {
      type: ['Adjuster', 'Panel', 'MGA', 'Carrier', 'Producer'],
    })
    await page.goto(LIST)
    const table = page.getByRole('table', { name: 'Contacts' })
    await expect(table.getByRole('columnheader')).toHaveText([
      'Sort Name',
      'Name',
      'Type',
      'Phone',
      'Fax',
      'Address',
      'Actions',
    ])
    await page.getByRole('textbox', { name: 'Search contacts' }).fill('whitaker')
    await page.getByRole('textbox', { name: 'Search contacts' }).press('Enter')
    await expect(page).toHaveURL(/q=whitaker/)
    await expect(table.getByRole('row')).toHaveCount(2)
    await expect(table.getByRole('row').nth(1)).toContainText('WHITAKER')
    await expect(table.getByRole('row').nth(1)).toContainText('(713) 555-')

    await page.goto(`${LIST}?q=E2ELONG`)
    // 'Adjuster, Panel, MGA, Carrier, Producer' is over 30 characters: 25 and an ellipsis.
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('Adjuster, Panel, MGA, Car…')

    await page.goto(`${LIST}?q=whitaker`)
    await page.getByRole('link', { name: 'Open WHITAKER in a dialog' }).click()
    await expect(page).toHaveURL(/contact=\d+/)
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Edit Contact: Whitaker Lyle & Brandt LLP - WHITAKER')
    await expect(dialog.getByRole('textbox', { name: 'Sort' })).toHaveValue('WHITAKER')
    await dialog.getByRole('link', { name: 'Close' }).first().click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page).not.toHaveURL(/contact=/)

    const popupLink = page.getByRole('link', { name: 'Open WHITAKER in a popup' })
    await expect(popupLink).toHaveAttribute('href', /^\/editContact\/\d+$/)
    const [popup] = await Promise.all([page.waitForEvent('popup'), popupLink.click()])
    await popup.waitForLoadState()
    await expect(popup.getByRole('heading', { level: 1 })).toHaveText(
      'Edit Contact: Whitaker Lyle & Brandt LLP - WHITAKER',
    )
    expect(long.cid).toBeGreaterThan(0)
  })

  test('add a contact with a person; the form is cleared', async ({ page }) => {
    await login(page, 'claims')
    await page.goto('/editContact/Add')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Contact')
    const form = page.getByRole('form', { name: 'Add Contact' })
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Adjusting Partners')
    await form.getByRole('textbox', { name: 'Sort' }).fill('E2EADDTOOLONG')
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email')
    // Save waits for a valid contact (spec 2 §5), and says what stands in the way.
    await expect(form.getByRole('button', { name: 'Add Contact' })).toBeDisabled()
    await expect(form.getByRole('status')).toHaveText(
      'To save: Sort: Sort must be no more than 10 characters; Email: Email must be valid; Type: Required',
    )
    await form.getByRole('textbox', { name: 'Sort' }).fill('E2EADD')
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('claims@e2eadd.example')
    await form.getByRole('textbox', { name: 'Phone' }).fill('7205550142')
    await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveValue('(720) 555-0142')
    await form.getByRole('checkbox', { name: 'Adjuster' }).check()
    await form.getByRole('checkbox', { name: 'Panel' }).check()
    await form.getByRole('button', { name: 'Add Person' }).click()
    const person = form.getByRole('group', { name: 'New person 1' })
    await person.getByRole('textbox', { name: 'Given' }).fill('Casey')
    await person.getByRole('textbox', { name: 'Direct' }).fill('7205550143')
    await person.getByRole('textbox', { name: 'Ext' }).fill('12x3')
    await expect(person.getByRole('textbox', { name: 'Ext' })).toHaveValue('123')
    await expect(form.getByRole('button', { name: 'Add Contact' })).toBeDisabled()
    await expect(form.getByRole('status')).toHaveText('To save: Person 1 Surname: Required')
    await person.getByRole('textbox', { name: 'Surname' }).fill('Rivera')
    await expect(form.getByRole('status')).toHaveCount(0)
    await form.getByRole('button', { name: 'Add Contact' }).click()
    await expect(snack(page, 'New contact "E2E Adjusting Partners - E2EADD" successfully added')).toBeVisible()
    await expect(
      page.getByRole('form', { name: 'Add Contact' }).getByRole('textbox', { name: 'Name', exact: true }),
    ).toHaveValue('')
    const found = await (await page.request.get('/api/contacts?search=E2EADD')).json()
    const cid = found.result[0].cid
    const saved = await (await page.request.get(`/api/contacts/${cid}`)).json()
    expect(saved).toMatchObject({ type: '~Adjuster~Panel', phone: '7205550142', email: 'claims@e2eadd.example' })
    expect(saved.people).toMatchObject([{ given: 'Casey', surname: 'Rivera', direct: '7205550143', ext: '123' }])
  })

  test('edit in the dialog, then a stale save gets the conflict message and the current values', async ({
    page,
    browser,
  }) => {
    await login(page, 'underwriter')
    const contact = await contactWithTwo(page.request, 'E2EEDIT')
    await page.goto(`${LIST}?q=E2EEDIT&contact=${contact.cid}`)
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('button', { name: 'Save Contact' })).toBeDisabled()
    await dialog.getByRole('textbox', { name: 'City', exact: true }).fill('Golden')
    await dialog.getByRole('group', { name: 'Ann Zed' }).getByRole('textbox', { name: 'Mobile' }).fill('3035559999')
    await dialog.getByRole('button', { name: 'Save Contact' }).click()
    await expect(snack(page, 'Contact "E2EEDIT Claims Group - E2EEDIT" successfully edited')).toBeVisible()
    await expect(page.getByRole('dialog').getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Golden')
    const saved = await (await page.request.get(`/api/contacts/${contact.cid}`)).json()
    expect(saved.people.find((p: { surname: string }) => p.surname === 'Zed').mobile).toBe('3035559999')

    // A second window opened before that save.
    const other = await signedInPage(browser, 'claims')
    await other.goto(`/editContact/${contact.cid}`)
    const stale = await page.request.put(`/api/contacts/${contact.cid}`, {
      data: { ...saved, city: 'Boulder', version: saved.version },
    })
    expect(stale.status()).toBe(200)
    await other.getByRole('textbox', { name: 'City', exact: true }).fill('Lakewood')
    await other.getByRole('button', { name: 'Save Contact' }).click()
    await expect(
      other.getByRole('alert').filter({ hasText: 'Someone else saved this record after you opened it.' }),
    ).toBeVisible()
    await expect(other.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Boulder')
    const api = await page.request.put(`/api/contacts/${contact.cid}`, { data: { ...saved, city: 'Aurora' } })
    expect(api.status()).toBe(409)
    expect((await api.json()).current.city).toBe('Boulder')
    await other.close()
  })

  test('unlink a person after the confirmation; delete refused for a referenced contact, allowed otherwise', async ({
    page,
  }) => {
    await login(page, 'admin')
    const contact = await contactWithTwo(page.request, 'E2EUNLINK')
    await page.goto(`/editContact/${contact.cid}`)
    await page.getByRole('link', { name: 'Unlink Ann Zed' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Unlink person' })
    await expect(confirm).toContainText('Unlink person Ann Zed from E2EUNLINK Claims Group?')
    await confirm.getByRole('button', { name: 'Unlink' }).click()
    await expect(snack(page, 'Person Ann Zed successfully unlinked from contact')).toBeVisible()
    await expect(page.getByRole('group', { name: 'Ann Zed' })).toHaveCount(0)
    await expect(page.getByRole('group', { name: 'Bo Yule' })).toBeVisible()
    const plid = contact.people.find((p) => p.surname === 'Zed')!.plid
    expect(
      (await (await page.request.get(`/api/contacts/${contact.cid}`)).json()).people.map(
        (p: { plid: number }) => p.plid,
      ),
    ).not.toContain(plid)
    // The form holds only the people still linked (it kept the unlinked one as a new row, and the next
    // save was refused as a conflict).
    await expect(page.getByRole('group', { name: /New person/ })).toHaveCount(0)
    await page.getByRole('textbox', { name: 'City', exact: true }).fill('Lakewood')
    await page.getByRole('button', { name: 'Save Contact' }).click()
    await expect(snack(page, 'Contact "E2EUNLINK Claims Group - E2EUNLINK" successfully edited')).toBeVisible()
    expect((await (await page.request.get(`/api/contacts/${contact.cid}`)).json()).city).toBe('Lakewood')

    // SUMMIT is the MGA of the demo programs.
    const summit = (await (await page.request.get('/api/contacts?search=SUMMIT')).json()).result[0]
    await page.goto(`${LIST}?q=SUMMIT&contact=${summit.cid}`)
    await page.getByRole('dialog').getByRole('link', { name: 'Delete' }).click()
    await page.getByRole('alertdialog', { name: 'Delete contact' }).getByRole('button', { name: 'Delete' }).click()
    await expect(
      snack(
        page,
        'Failed to delete contact. This is likely because the contact is linked to another record in the database.',
      ),
    ).toBeVisible()
    const api = await page.request.delete(`/api/contacts/${summit.cid}`)
    expect(api.status()).toBe(409)
    expect((await api.json()).message).toBe(
      'Failed to delete contact. This is likely because the contact is linked to another record in the database.',
    )

    await page.goto(`/editContact/${contact.cid}?confirmDelete=1`)
    await page.getByRole('alertdialog', { name: 'Delete contact' }).getByRole('button', { name: 'Delete' }).click()
    await expect(snack(page, 'Contact has been deleted.')).toBeVisible()
    expect((await page.request.get(`/api/contacts/${contact.cid}`)).status()).toBe(404)
  })

  test('read-only View Contact without contact-edit', async ({ page }) => {
    await login(page, 'readonly')
    await page.goto(LIST)
    await expect(page.getByRole('table', { name: 'Contacts' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add Contact' })).toHaveCount(0)
    await page.getByRole('link', { name: 'Open WHITAKER in a dialog' }).click()
    await expect(page.getByRole('dialog')).toContainText('View Contact: Whitaker Lyle & Brandt LLP - WHITAKER')
    const href = await page.getByRole('link', { name: 'Open WHITAKER in a popup' }).getAttribute('href')
    await page.goto(href!)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'View Contact: Whitaker Lyle & Brandt LLP - WHITAKER',
    )
    await expect(page.getByRole('textbox', { name: 'Sort' })).toHaveAttribute('readonly', '')
    await expect(page.getByRole('button', { name: /Save|Delete|Unlink|Add Person/ })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /Delete|Unlink/ })).toHaveCount(0)
    const post = await page.request.post(href!, { form: { intent: 'delete' }, maxRedirects: 0 })
    expect(post.status()).toBe(403)
    expect(
      (await page.request.post('/api/contacts', { data: { name1: 'x', sort: 'x', type: ['Panel'] } })).status(),
    ).toBe(403)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('add with a person row, then edit in the dialog; a save without changes says so', async ({ page }) => {
      await login(page, 'underwriter')
      await page.goto('/editContact/Add')
      const form = page.getByRole('form', { name: 'Add Contact' })
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E NoScript Panel')
      // The server refuses with the spec's messages, keeping what was typed.
      await form.getByRole('textbox', { name: 'Sort' }).fill('E2ENOJSTOOLONG')
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email')
      await form.getByRole('button', { name: 'Add Contact' }).click()
      await expect(page.getByText('Sort must be no more than 10 characters')).toBeVisible()
      await expect(page.getByText('Email must be valid')).toBeVisible()
      await expect(form.getByText('Required').first()).toBeVisible()
      await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('E2E NoScript Panel')
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill('')
      await form.getByRole('textbox', { name: 'Sort' }).fill('E2ENOJS')
      await form.getByRole('checkbox', { name: 'Panel' }).check()
      await form.getByRole('button', { name: 'Add Person' }).click()
      const person = page.getByRole('group', { name: 'New person 1' })
      await expect(
        page.getByRole('form', { name: 'Add Contact' }).getByRole('textbox', { name: 'Name', exact: true }),
      ).toHaveValue('E2E NoScript Panel')
      await person.getByRole('textbox', { name: 'Surname' }).fill('Okafor')
      await person.getByRole('textbox', { name: 'Ext' }).fill('12ab')
      await person.getByRole('textbox', { name: 'Direct' }).fill('(303) 555-0177')
      await page.getByRole('button', { name: 'Add Contact' }).click()
      await expect(page.getByRole('group', { name: 'New person 1' }).getByText('Numbers only')).toBeVisible()
      await page.getByRole('group', { name: 'New person 1' }).getByRole('textbox', { name: 'Ext' }).fill('77')
      await page.getByRole('button', { name: 'Add Contact' }).click()
      await expect(snack(page, 'New contact "E2E NoScript Panel - E2ENOJS" successfully added')).toBeVisible()

      await page.goto(`${LIST}?q=E2ENOJS`)
      await page.getByRole('link', { name: 'Open E2ENOJS in a dialog' }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('group', { name: 'Okafor' }).getByRole('textbox', { name: 'Direct' })).toHaveValue(
        '(303) 555-0177',
      )
      await dialog.getByRole('textbox', { name: 'City', exact: true }).fill('Littleton')
      await dialog.getByRole('button', { name: 'Save Contact' }).click()
      await expect(snack(page, 'Contact "E2E NoScript Panel - E2ENOJS" successfully edited')).toBeVisible()
      await expect(page.getByRole('dialog').getByRole('textbox', { name: 'City', exact: true })).toHaveValue(
        'Littleton',
      )
      await page.getByRole('dialog').getByRole('button', { name: 'Save Contact' }).click()
      await expect(snack(page, 'Nothing was changed, so nothing was saved.')).toBeVisible()
    })
  })
})
