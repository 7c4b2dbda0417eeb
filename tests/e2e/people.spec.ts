import type { APIRequestContext, Page } from '@playwright/test'
import { expect, login, signedInPage, test } from './fixtures'

const SEARCH = '/search/people/peopleSearch'

/** A person made through the API (as the signed-in page's user), with a surname unique to the test. */
async function makePerson(page: Page, values: Record<string, unknown>) {
  const response = await page.request.post('/api/people', { data: values })
  expect(response.status()).toBe(201)
  const [person] = (await response.json()) as { plid: number; version: number; surname: string }[]
  return person
}

const unique = (stem: string) => `${stem}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** Signed in as the admin, a person of the test's own: a surname unique to it (from `stem`) and these values. */
async function adminWithPerson(page: Page, stem: string, values: Record<string, unknown> = {}) {
  await login(page, 'admin')
  const surname = unique(stem)
  return { surname, person: await makePerson(page, { surname, ...values }) }
}

test.describe('people search', () => {
  test('search by term, phones formatted, sort by a column, open the person in a popup', async ({ page }) => {
    const { surname, person } = await adminWithPerson(page, 'Searchzq', {
      given: 'Pat',
      direct: '2125550123',
      fid: 1040,
    })
    await makePerson(page, { surname, given: 'Abe' })
    await page.goto(SEARCH)
    await expect(
      page.getByRole('status').filter({ hasText: 'Enter a name, email, firm or contact to search for people.' }),
    ).toBeVisible()
    await page.getByRole('textbox', { name: 'Search' }).fill(surname)
    await page.getByRole('textbox', { name: 'Search' }).press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${surname}`))
    const table = page.getByRole('table', { name: 'People' })
    await expect(table.getByRole('row')).toHaveCount(3)
    await expect(table.getByRole('row', { name: /Pat/ })).toContainText('(212) 555-0123')
    await table.getByRole('link', { name: 'Given' }).click()
    await expect(page).toHaveURL(/sort=given/)
    await expect(table.getByRole('row').nth(1)).toContainText('Abe')
    await table.getByRole('link', { name: 'Given ▲' }).click()
    await expect(page).toHaveURL(/sort=given&desc=1/)
    await expect(table.getByRole('row').nth(1)).toContainText('Pat')
    const popupLink = table.getByRole('link', { name: `Open Pat ${surname} in a popup` })
    await expect(popupLink).toHaveAttribute('href', `/editPerson/${person.plid}`)
    const [popup] = await Promise.all([page.waitForEvent('popup'), popupLink.click()])
    await expect(popup).toHaveURL(new RegExp(`/editPerson/${person.plid}$`))
    await expect(popup.getByRole('textbox', { name: 'Surname' })).toHaveValue(surname)
  })

  test('empty results and the search type', async ({ page }) => {
    await login(page, 'underwriter', `${SEARCH}?q=zzqqnobodyzz`)
    await expect(page.getByRole('alert')).toHaveText('No people found for this search.')
    const surname = unique('Typezq')
    await makePerson(page, { surname })
    await page.goto(`${SEARCH}?q=${surname}&type=firm`)
    await expect(page.getByRole('alert')).toHaveText('No people found for this search.')
    await page.goto(`${SEARCH}?q=${surname}&type=all`)
    await expect(page.getByRole('table', { name: 'People' }).getByRole('row')).toHaveCount(2)
  })

  test('Create Person (people-edit) opens the new person', async ({ page }) => {
    await login(page, 'underwriter', SEARCH)
    await page.getByRole('button', { name: 'Create Person' }).click()
    await expect(page).toHaveURL(/\/editPerson\/\d+$/)
    await expect(page.getByRole('status').filter({ hasText: 'New person created.' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Surname' })).toHaveValue('New Person')
  })

  test('delete asks first, warns it is permanent, then says Person deleted', async ({ page }) => {
    const { surname } = await adminWithPerson(page, 'Deletezq', { given: 'Dee' })
    await page.goto(`${SEARCH}?q=${surname}`)
    await page.getByRole('link', { name: `Delete Dee ${surname}` }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete person' })
    await expect(dialog).toContainText('Deleting a person is permanent. There is no recovery.')
    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    // From the keyboard: the panel takes focus (in view), Escape cancels, focus is back on the link.
    const deleteLink = page.getByRole('link', { name: `Delete Dee ${surname}` })
    await deleteLink.focus()
    await page.keyboard.press('Enter')
    await expect(dialog).toBeFocused()
    await expect(dialog).toBeInViewport()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(deleteLink).toBeFocused()
    await deleteLink.click()
    await dialog.getByRole('button', { name: 'Delete permanently' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Person deleted' })).toBeVisible()
    await expect(page).not.toHaveURL(/deletePerson/)
    await expect(page.getByRole('alert').filter({ hasText: 'No people found for this search.' })).toBeVisible()
  })

  test('a delete that fails says so', async ({ page }) => {
    const { surname, person } = await adminWithPerson(page, 'Gonezq')
    await page.goto(`${SEARCH}?q=${surname}&deletePerson=${person.plid}`)
    expect((await page.request.delete(`/api/people/${person.plid}`)).status()).toBe(200)
    await page.getByRole('button', { name: 'Delete permanently' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to delete person' })).toBeVisible()
  })

  test('scope rules: readonly sees neither Create nor Delete; underwriter creates but cannot delete', async ({
    page,
  }) => {
    const { surname, person } = await adminWithPerson(page, 'Scopezq')
    await login(page, 'readonly', `${SEARCH}?q=${surname}&deletePerson=${person.plid}`)
    await expect(page.getByRole('table', { name: 'People' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create Person' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Delete / })).toHaveCount(0)
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await expect(page.getByRole('link', { name: /in a popup$/ })).toHaveCount(1)
    const refused = await page.request.post(SEARCH, { form: { intent: 'create' } })
    expect(refused.status()).toBe(403)
    await login(page, 'underwriter', `${SEARCH}?q=${surname}`)
    await expect(page.getByRole('button', { name: 'Create Person' })).toBeVisible()
    await expect(page.getByRole('link', { name: /^Delete / })).toHaveCount(0)
    expect((await page.request.post(SEARCH, { form: { intent: 'delete', plid: String(person.plid) } })).status()).toBe(
      403,
    )
    expect((await page.request.delete(`/api/people/${person.plid}`)).status()).toBe(403)
  })
})

test('Edit Person: Save is enabled only when the form is changed and valid, and says what stands in the way', async ({
  page,
}) => {
  await login(page, 'underwriter')
  const created = await page.request.post('/api/people', { data: [{ fid: 1041, given: 'Valid', surname: 'Rules' }] })
  const [{ plid }] = (await created.json()) as { plid: number }[]
  await page.goto(`/editPerson/${plid}`)
  const save = page.getByRole('button', { name: 'Save Person' })
  await expect(save).toBeDisabled()
  await page.getByRole('textbox', { name: 'Born' }).fill('13-45-2020')
  await expect(save).toBeDisabled()
  await expect(page.getByRole('status').filter({ hasText: 'Born: Only valid MM-DD-YYYY' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Born' }).fill('3-5-1980')
  await expect(save).toBeEnabled()
  await save.click()
  await expect(page.getByRole('status').filter({ hasText: 'Person was saved' })).toBeVisible()
})

test.describe('people search without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('Edit Person saves as a plain form (its Save Person button is not disabled by the server)', async ({ page }) => {
    await login(page, 'underwriter')
    const created = await page.request.post('/api/people', {
      data: [{ fid: 1041, given: 'Plain', surname: 'Formsave' }],
    })
    expect(created.status()).toBe(201)
    const [{ plid }] = (await created.json()) as { plid: number }[]
    await page.goto(`/editPerson/${plid}`)
    await expect(page.getByRole('button', { name: 'Save Person' })).toBeEnabled()
    await page.getByRole('textbox', { name: 'Surname' }).fill('Formsaved')
    await page.getByRole('button', { name: 'Save Person' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Person was saved' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Surname' })).toHaveValue('Formsaved')
  })

  test('search, page through the confirmation and delete with plain forms', async ({ page }) => {
    const { surname } = await adminWithPerson(page, 'Noscriptzq', { given: 'Nora' })
    await page.goto(SEARCH)
    await page.getByRole('textbox', { name: 'Search' }).fill(surname)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`q=${surname}`))
    await expect(page.getByRole('link', { name: `Open Nora ${surname} in a popup` })).toHaveAttribute(
      'target',
      '_blank',
    )
    await page.getByRole('link', { name: `Delete Nora ${surname}` }).click()
    await expect(page).toHaveURL(/deletePerson=\d+/)
    await expect(page.getByText('Deleting a person is permanent. There is no recovery.')).toBeVisible()
    await page.getByRole('button', { name: 'Delete permanently' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Person deleted' })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`q=${surname}`))
    await expect(page).not.toHaveURL(/deletePerson/)
    await expect(page.getByRole('table', { name: 'People' })).toHaveCount(0)
  })
})

test.describe('people API', () => {
  test('batch create and update; a stale version answers 409 with the current person; bad input 400', async ({
    page,
  }) => {
    await login(page, 'admin')
    const api: APIRequestContext = page.request
    const empty = await api.post('/api/people')
    expect(empty.status()).toBe(201)
    const [loose] = await empty.json()
    expect(loose).toMatchObject({ surname: 'New Person', fid: null })
    const created = await api.post('/api/people', { data: [{ fid: 1041 }, { surname: 'Batchzq', direct: 2125550199 }] })
    const [member, other] = await created.json()
    expect(member.fid).toBe(1041)
    expect(other.direct).toBe('2125550199')
    const given = unique('Miazq')
    const saved = await api.put('/api/people', {
      data: [
        { plid: member.plid, version: member.version, given },
        { plid: other.plid, version: other.version, email: 'b@example.com' },
      ],
    })
    expect(saved.status()).toBe(200)
    const stale = await api.put('/api/people', {
      data: [{ plid: member.plid, version: member.version, given: 'Lost' }],
    })
    expect(stale.status()).toBe(409)
    const conflict = await stale.json()
    expect(conflict.status).toBe('CONFLICT')
    expect(conflict.current).toMatchObject({ plid: member.plid, given })
    const single = await api.put(`/api/people/${member.plid}`, { data: { version: member.version, surname: 'Lost' } })
    expect(single.status()).toBe(409)
    const fetched = await (await api.get(`/api/people/${member.plid}`)).json()
    expect(fetched).toMatchObject({ given, surname: 'New Person', firms_sort: expect.any(String) })

    for (const [call, message] of [
      [api.post('/api/people', { data: { email: 'not-an-email' } }), 'Email must be valid'],
      [api.post('/api/people', { data: { fid: 'abc' } }), 'Must be a record id'],
      [api.put('/api/people', { data: [{ plid: member.plid }] }), 'version is required'],
      [api.put(`/api/people/${member.plid}`, { data: { version: 99, surname: '' } }), 'This field is required.'],
      [api.get('/api/people?fields=password'), 'fields must be among'],
      [api.get('/api/people?limit=5000'), 'limit is at most 1000'],
      [
        api.post('/api/people/search', { data: { searchType: 'everyone' } }),
        'searchType must be one of all, firm, contact',
      ],
    ] as const) {
      const response = await call
      expect(response.status(), message).toBe(400)
      expect((await response.json()).message).toContain(message)
    }
    expect((await api.post('/api/people', { data: { fid: 999999 } })).status()).toBe(404)

    const search = await api.post('/api/people/search', { data: { searchType: 'firm', term: given, perPage: 5 } })
    const body = await search.json()
    expect(body.result.length).toBeLessThanOrEqual(5)
    expect(body.result.some((row: { plid: number }) => row.plid === member.plid)).toBe(true)
    const listed = await (await api.get(`/api/people?fields=given,ssn&order=-given&search=${given}&limit=3`)).json()
    expect(Object.keys(listed[0]).sort()).toEqual(['given', 'plid', 'ssn'])
  })
})

test.describe('file_objects API', () => {
  async function upload(api: APIRequestContext, name: string, type: string, body = 'file body') {
    // The type the browser would declare for the name (the upload allowlist checks both).
    const mimeType = name.endsWith('.pdf') ? 'application/pdf' : 'text/plain'
    return api.post('/api/file_objects', {
      multipart: {
        fid: '1042',
        domfiles: { name, mimeType, buffer: Buffer.from(body) },
        file_description: `About ${name}`,
        file_type: type,
      },
    })
  }

  test('upload rules, type rules for PUT, Admin files invisible to non-admins', async ({ page, browser }) => {
    await login(page, 'admin')
    const admin = page.request
    const made = await upload(admin, 'form.pdf', '3')
    expect(made.status()).toBe(201)
    const [form] = (await made.json()).result
    const [plain] = (await (await upload(admin, 'plain.txt', 'Other')).json()).result
    const [secret] = (await (await upload(admin, 'secret.txt', '1')).json()).result
    expect(form).toMatchObject({ file_type: 3, file_type_description: 'Form', file_description: 'About form.pdf' })

    const noExtension = await upload(admin, 'README', '6')
    expect(noExtension.status()).toBe(400)
    expect((await noExtension.json()).message).toBe(
      'Files without an extension cannot be uploaded: README (About README)',
    )
    const tooBig = await upload(admin, 'big.txt', '6', 'x'.repeat(11 * 1024 * 1024))
    expect(tooBig.status()).toBe(413)
    expect((await tooBig.json()).message).toBe('Files must be 10 MB or smaller. Please choose a smaller file.')
    expect((await admin.post('/api/file_objects', { data: { fid: 1042 } })).status()).toBe(415)

    const other = await signedInPage(browser, 'underwriter')
    const underwriter = other.request
    // firm-edit without firmfile-override: no Form, no Admin, and Form files stay as they are.
    const toForm = await underwriter.put(`/api/file_objects/${plain.loidfid}`, {
      data: { file_description: 'Now a form', file_type: 3 },
    })
    expect(toForm.status()).toBe(403)
    expect((await toForm.json()).message).toBe('You may not give this file that type.')
    expect(
      (
        await underwriter.put(`/api/file_objects/${form.loidfid}`, {
          data: { file_description: 'Edited', file_type: 3 },
        })
      ).status(),
    ).toBe(403)
    const original = await underwriter.put(`/api/file_objects/${plain.loidfid}`, {
      data: { file_description: 'Signed copy', file_type: 17 },
    })
    expect(original.status()).toBe(200)
    expect(await original.json()).toMatchObject({ file_description: 'Signed copy', file_type_description: 'Original' })
    expect((await underwriter.get(`/api/file_objects/${secret.loidfid}`)).status()).toBe(404)
    expect(
      (
        await underwriter.put(`/api/file_objects/${secret.loidfid}`, { data: { file_description: 'x', file_type: 6 } })
      ).status(),
    ).toBe(404)
    expect((await underwriter.delete(`/api/file_objects/${secret.loidfid}`)).status()).toBe(404)
    const blank = await underwriter.put(`/api/file_objects/${plain.loidfid}`, {
      data: { file_description: '', file_type: 6 },
    })
    expect(blank.status()).toBe(400)
    expect((await blank.json()).message).toBe('file_description: Required')

    // The admin may do all of it; a stale version is a conflict.
    const adminEdit = await admin.put(`/api/file_objects/${form.loidfid}`, {
      data: { file_description: 'Application', file_type: 3, version: form.version },
    })
    expect(adminEdit.status()).toBe(200)
    expect(
      (
        await admin.put(`/api/file_objects/${form.loidfid}`, {
          data: { file_description: 'Old', file_type: 3, version: form.version },
        })
      ).status(),
    ).toBe(409)
    const forms = await (
      await underwriter.get('/api/file_objects/forms?fields=filename,file_description&orders=-loidfid')
    ).json()
    expect(forms).toContainEqual({ loidfid: form.loidfid, filename: 'form.pdf', file_description: 'Application' })
    expect((await underwriter.get('/api/file_objects/forms?orders=data')).status()).toBe(400)
    expect((await admin.delete(`/api/file_objects/${secret.loidfid}`)).status()).toBe(200)
    expect((await admin.get(`/api/file_objects/${secret.loidfid}`)).status()).toBe(404)
  })
})
