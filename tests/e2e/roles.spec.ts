import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'
import { ROLES_MESSAGES as M, ROLES_SIGN_OUT } from '#app/domain/roles'
import { BASE_URL } from './base-url'
import { signedInContext, unique } from './factories'
import { expect, login, test } from './fixtures'

/**
 * The Roles screen (spec 1 §2.7, issue 24): groups onto users and scopes onto groups by drag and
 * drop, by the keyboard and without JavaScript; the spec's messages; a user disabled here signed out
 * on their next request; a user without role-edit signed out of the screen. Each test makes its own
 * users and groups through /api/users and /api/authgroups as the demo administrator.
 */

const PASSWORD = 'Quiet-harbor-lantern-92'

async function makeUser(admin: APIRequestContext, username: string, groups: number[] = []) {
  const response = await admin.post('/api/users', {
    data: { username, password: 'Temporary-password-81', auth_groups: groups.map((id) => ({ id })) },
  })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { id: number }).id
}

async function makeGroup(admin: APIRequestContext, name: string) {
  const response = await admin.post('/api/authgroups', { data: { name } })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { id: number }).id
}

async function scopeId(admin: APIRequestContext, name: string) {
  const list = (await (await admin.get(`/api/scopes?search=${name}`)).json()) as { id: number; name: string }[]
  return list.find((scope) => scope.name === name)!.id
}

/** A user and a group of the test's own (made through the API as admin), and the page signed in as admin. */
async function userAndGroup(page: Page, tag: string) {
  const admin = await signedInContext('admin')
  const username = unique(`e2e.${tag}`).toLowerCase()
  const group = unique(`e2e-${tag}-g`).toLowerCase()
  await makeUser(admin, username)
  await makeGroup(admin, group)
  await login(page, 'admin')
  return { admin, username, group }
}

const userCard = (page: Page, username: string) => page.locator(`li[data-user="${username}"]`)
const groupCard = (page: Page, name: string) => page.locator(`li[data-group="${name}"]`)
const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: M.saved }).first()).toBeVisible()

test.describe('Roles with JavaScript', () => {
  test('assigns a group to a user and a scope to a group by drag and drop, refusing a duplicate', async ({ page }) => {
    const { admin, username, group } = await userAndGroup(page, 'dnd')
    await page.goto(`/manage/roles?users=${username}&groups=${group}&scopes=contact-view`)
    await expect(page.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible()

    await groupCard(page, group).locator('.roles-name').dragTo(userCard(page, username))
    await saved(page)
    await expect(page.getByRole('list', { name: `Groups of ${username}` })).toContainText(group)
    // The same group again is refused.
    await groupCard(page, group).locator('.roles-name').dragTo(userCard(page, username))
    await expect(page.getByRole('alert').filter({ hasText: M.groupAlreadyOnUser })).toBeVisible()

    await page.locator('li[data-scope="contact-view"] .roles-name').dragTo(groupCard(page, group))
    await expect(page.getByRole('list', { name: `Scopes of ${group}` })).toContainText('contact-view')
    await admin.dispose()
  })

  test('assigns and removes with the keyboard (a select and Add, Remove)', async ({ page }) => {
    const { admin, username, group } = await userAndGroup(page, 'kbd')
    await page.goto(`/manage/roles?users=${username}&groups=${group}`)

    const select = page.getByRole('combobox', { name: `Group to add to ${username}` })
    await select.focus()
    await select.selectOption({ label: group })
    await page.keyboard.press('Tab')
    await expect(userCard(page, username).getByRole('button', { name: 'Add' })).toBeFocused()
    await page.keyboard.press('Enter')
    await saved(page)
    const groups = page.getByRole('list', { name: `Groups of ${username}` })
    await expect(groups).toContainText(group)

    await page.getByRole('button', { name: `Remove ${group} from ${username}` }).focus()
    await page.keyboard.press('Enter')
    await expect(groups.getByRole('listitem')).toHaveCount(0)
    await admin.dispose()
  })

  test('a user disabled in Roles is signed out on their next request', async ({ page }) => {
    const admin = await signedInContext('admin')
    const group = unique('e2e-off-g').toLowerCase()
    const groupId = await makeGroup(admin, group)
    expect((await admin.put(`/api/authgroups/${groupId}/scopes/${await scopeId(admin, 'firm-view')}`)).status()).toBe(
      200,
    )
    const username = unique('e2e.off').toLowerCase()
    const id = await makeUser(admin, username, [groupId])
    // The user signs in and changes the password an administrator chose (one-time, decision 0028).
    const victim = await playwrightRequest.newContext({ baseURL: BASE_URL })
    expect(
      (
        await victim.post('/login', { form: { username, password: 'Temporary-password-81' }, maxRedirects: 0 })
      ).status(),
    ).toBe(302)
    const changed = await victim.put(`/api/users/${id}/password`, {
      data: { currentPassword: 'Temporary-password-81', newPassword: PASSWORD, confirmPassword: PASSWORD },
    })
    expect(changed.status(), await changed.text()).toBe(200)
    expect((await victim.get('/api/me')).status()).toBe(200)

    await login(page, 'admin')
    await page.goto(`/manage/roles?users=${username}`)
    await page.getByRole('link', { name: `Disable ${username}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm Disable' })
    await expect(dialog).toContainText(`Disable user ${username}?`)
    await dialog.getByRole('button', { name: 'Disable' }).click()
    await saved(page)
    await expect(page.getByRole('list', { name: 'Users' })).not.toContainText(username)

    // The disabled user's very next request: not signed in any more.
    expect((await victim.get('/api/me')).status()).toBe(401)
    const next = await victim.get('/', { maxRedirects: 0 })
    expect(next.headers().location ?? '').toMatch(/^\/login/)
    // Shown again with All, disabled and without groups.
    await page.getByLabel('All (show disabled)').first().check()
    await expect(userCard(page, username)).toContainText('disabled')
    await expect(page.getByRole('list', { name: `Groups of ${username}` }).getByRole('listitem')).toHaveCount(0)
    await victim.dispose()
    await admin.dispose()
  })

  test("the spec's messages, and a user without role-edit is signed out to Login", async ({ page }) => {
    await login(page, 'admin')
    await page.goto('/manage/roles?dialog=new-user')
    const dialog = page.getByRole('dialog', { name: 'New User' })
    await expect(dialog.getByLabel('Timeout minutes')).toHaveValue('15')
    await expect(dialog.getByLabel('Timeout hours')).toHaveValue('0')
    await expect(dialog.getByLabel('Multiple logins')).toBeChecked()
    await expect(dialog).toContainText('Suggested patterns: 192.168.*.*, *.*.*.*')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(M.saveFailed)
    await expect(dialog).toContainText(M.usernameRequired)
    await dialog.getByLabel('Username').fill('admin')
    await dialog.getByLabel('Password', { exact: true }).fill('one-password-1')
    await dialog.getByLabel('Password Confirmation').fill('another-password-1')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toContainText(M.mismatch)
    await dialog.getByLabel('Password', { exact: true }).fill('one-password-1')
    await dialog.getByLabel('Password Confirmation').fill('one-password-1')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toContainText(M.usernameTaken)

    // The manager area and the ADMIN menu list Roles.
    await page.goto('/manage')
    await expect(
      page.getByRole('navigation', { name: 'System Management' }).getByRole('link', { name: 'Roles' }),
    ).toBeVisible()

    await page.context().clearCookies()
    await login(page, 'claims')
    await page.goto('/manage/roles')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByText(ROLES_SIGN_OUT)).toBeVisible()
  })
})

test.describe('Roles without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('assigns and removes a group with the select, Add and Remove; the dialogs refuse with the spec words', async ({
    page,
  }) => {
    const { admin, username, group } = await userAndGroup(page, 'nojs')
    await page.goto(`/manage/roles?users=${username}&groups=${group}`)

    await page.getByRole('combobox', { name: `Group to add to ${username}` }).selectOption({ label: group })
    await userCard(page, username).getByRole('button', { name: 'Add' }).click()
    await expect(page.getByRole('status').filter({ hasText: M.saved })).toBeVisible()
    const groups = page.getByRole('list', { name: `Groups of ${username}` })
    await expect(groups).toContainText(group)
    // The search is a GET form: the address keeps it.
    expect(page.url()).toContain(`users=${encodeURIComponent(username)}`)

    await page.getByRole('button', { name: `Remove ${group} from ${username}` }).click()
    await expect(groups.getByRole('listitem')).toHaveCount(0)

    await page.getByRole('link', { name: 'New Group' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Group' })
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(M.saveFailed)
    await expect(dialog).toContainText(M.groupNameRequired)
    await dialog.getByLabel('Group name').fill(group.toUpperCase())
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('dialog', { name: 'New Group' })).toContainText(M.groupNameTaken)

    // Change password of another user: a reset, with the spec's success message.
    await page.goto(`/manage/roles?users=${username}`)
    await page.getByRole('link', { name: `Change password of ${username}` }).click()
    const password = page.getByRole('dialog', { name: `Change Password of ${username}` })
    await password.getByLabel('New password').fill(PASSWORD)
    await password.getByLabel('Password Confirmation').fill(PASSWORD)
    await password.getByRole('button', { name: 'Change Password' }).click()
    await expect(page.getByRole('status').filter({ hasText: M.passwordChanged })).toBeVisible()
    await admin.dispose()
  })
})

test('screenshot of the Roles screen', async ({ page }) => {
  await login(page, 'admin')
  await page.setViewportSize({ width: 1440, height: 1000 })
  await page.goto('/manage/roles')
  await page.screenshot({ path: '/work/shots/roles-screen.png' })
  await page.goto('/manage/roles?dialog=new-user')
  await page.screenshot({ path: '/work/shots/roles-new-user.png' })
})
