import { and, eq, isNull, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { authGroups, authGroupScopes, authGroupUsers, changeLog, scopes, users, userSessions } from '#app/db/schema'
import { hashPassword } from '#app/domain/password-hash.server'
import { ROLES_MESSAGES, ROLES_SIGN_OUT } from '#app/domain/roles'
import * as roles from '#app/routes/_app.manage.roles'
import * as rights from '#app/routes/_app.rights.Roles'
import * as home from '#app/routes/_app._index'
import * as manageLayout from '#app/routes/_app.manage'
import * as usersApi from '#app/routes/api.users'
import * as userApi from '#app/routes/api.users.$id'
import * as groupUserApi from '#app/routes/api.authgroups.$groupId.users.$userId'
import * as groupApi from '#app/routes/api.authgroups.$id'
import * as resetApi from '#app/routes/api.users.$id.password_reset'
import { cookieFor, get, post } from './route-calls'
import { api } from './route-calls'
import { testDb } from './db'

/**
 * The Roles screen (/manage/roles, /rights/Roles) and /api/users, /api/authgroups through their route
 * modules on the real database: the sign-out without role-edit, the spec's validation messages, the
 * refusals of spec 1 §4, a disabled user's session ended at once, and multi-row changes as one
 * transaction. The acting editor is an account of this file (group `roles-editors` with role-edit),
 * so the demo administrator is never the one who loses a right.
 */

const PATH = '/manage/roles'
const M = ROLES_MESSAGES
let editor: string
let editorId: number
let editorsGroup: number

async function makeUser(username: string, groupIds: number[] = []) {
  const [row] = await testDb()
    .insert(users)
    .values({ username, passwordHash: await hashPassword('Some-long-passw0rd-x') })
    .returning({ id: users.id })
  for (const groupId of groupIds) await testDb().insert(authGroupUsers).values({ groupId, userId: row.id })
  return row.id
}

async function makeGroup(name: string, scopeNames: string[] = [], active = true) {
  const [row] = await testDb().insert(authGroups).values({ name, active }).returning({ id: authGroups.id })
  for (const name of scopeNames) {
    const [scope] = await testDb().select({ id: scopes.id }).from(scopes).where(eq(scopes.name, name))
    await testDb().insert(authGroupScopes).values({ groupId: row.id, scopeId: scope.id })
  }
  return row.id
}

const groupsOf = async (userId: number) =>
  (await testDb().select().from(authGroupUsers).where(eq(authGroupUsers.userId, userId))).map((row) => row.groupId)
const scopesOfGroup = async (groupId: number) =>
  (await testDb().select().from(authGroupScopes).where(eq(authGroupScopes.groupId, groupId))).map((row) => row.scopeId)
const send = (form: Record<string, string>) => post(roles, editor, PATH, {}, form)

beforeAll(async () => {
  editorsGroup = await makeGroup('roles-editors', ['role-edit'])
  editorId = await makeUser('roles.editor', [editorsGroup])
  editor = await cookieFor('roles.editor')
})

describe('Roles: who may open it', () => {
  it('signs out a user without role-edit and sends them to Login, at both addresses', async () => {
    for (const [module, path] of [
      [roles, PATH],
      [rights, '/rights/Roles'],
    ] as const) {
      const claims = await cookieFor('claims')
      const answer = await get(module, claims, path)
      expect(answer).toMatchObject({ status: 302, location: '/login', signsOut: true })
      expect(answer.flash).toEqual({ message: ROLES_SIGN_OUT, kind: 'error' })
      // The session is over: the next request is a sign-in.
      expect((await get(home, claims, '/')).location).toMatch(/^\/login/)
    }
    // The manager area's layout, loaded beside the page, signs out the same way (not its own refusal to /).
    const layout = await get(manageLayout, await cookieFor('claims'), PATH)
    expect(layout).toMatchObject({ status: 302, location: '/login', signsOut: true })
    expect((await get(manageLayout, await cookieFor('claims'), '/manage/taxes')).location).toBe('/')
  })

  it('shows the three columns to a role editor, with the searches and the All toggle', async () => {
    const off = await makeUser('roles.disabled.one')
    await testDb().update(users).set({ enabled: false }).where(eq(users.id, off))
    const page = await get(roles, editor, `${PATH}?users=roles.&groups=roles-`)
    const data = page.body as { users: { username: string }[]; groups: { name: string }[]; scopes: unknown[] }
    expect(data.users.map((u) => u.username)).toEqual(['roles.editor'])
    expect(data.groups.map((g) => g.name)).toEqual(['roles-editors'])
    expect(data.scopes.length).toBeGreaterThan(20)
    const all = await get(roles, editor, `${PATH}?users=roles.&allUsers=1`)
    expect((all.body as { users: { username: string }[] }).users.map((u) => u.username)).toContain('roles.disabled.one')
  })
})

describe('Roles: users', () => {
  it("refuses a new user with the spec's messages, then saves with the defaults and a reset password", async () => {
    const base = { intent: 'user-create', timeoutHours: '0', timeoutMinutes: '15' }
    const blank = await send({ ...base, username: '', password: 'x', confirmPassword: 'x' })
    expect(blank.status).toBe(400)
    expect(blank.body).toMatchObject({ error: M.saveFailed, result: { error: { username: [M.usernameRequired] } } })
    const noConfirmation = await send({ ...base, username: 'roles.new', password: 'a-password-1' })
    expect(noConfirmation.body).toMatchObject({ result: { error: { confirmPassword: [M.confirmationRequired] } } })
    const mismatch = await send({ ...base, username: 'roles.new', password: 'a-password-1', confirmPassword: 'other' })
    expect(mismatch.body).toMatchObject({ result: { error: { confirmPassword: [M.mismatch] } } })
    const taken = await send({ ...base, username: 'ROLES.editor', password: 'p-1', confirmPassword: 'p-1' })
    expect(taken).toMatchObject({ status: 400, body: { error: M.usernameTaken } })
    expect(taken.body).toMatchObject({ result: { error: { username: [M.usernameTaken] } } })

    const saved = await send({
      ...base,
      username: 'roles.new',
      password: 'a-password-1',
      confirmPassword: 'a-password-1',
      timeoutHours: '1',
      timeoutMinutes: '30',
      ipRestrictions: '192.168.*.*\n*.*.*.*',
      multipleLogins: 'on',
    })
    expect(saved).toMatchObject({ status: 302, location: PATH, flash: { message: M.saved, kind: 'success' } })
    const [row] = await testDb().select().from(users).where(eq(users.username, 'roles.new'))
    expect(row).toMatchObject({
      timeoutMinutes: 90,
      ipRestrictions: ['192.168.*.*', '*.*.*.*'],
      multipleLogins: true,
      mustChangePassword: true,
    })
    const logged = await testDb()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'user'), eq(changeLog.entityId, String(row.id))))
    expect(logged.map((entry) => [entry.action, entry.userId])).toContainEqual(['create', editorId])
  })

  it('copies a user with their groups, and edits one (timeout at least 1 minute)', async () => {
    const group = await makeGroup('roles-copy-g')
    const source = await makeUser('roles.source', [group])
    const copy = await post(
      roles,
      editor,
      `${PATH}?dialog=copy-user&id=${source}`,
      {},
      {
        intent: 'user-create',
        copyFrom: String(source),
        username: 'roles.copy',
        password: 'p-1',
        confirmPassword: 'p-1',
        timeoutHours: '0',
        timeoutMinutes: '15',
      },
    )
    expect(copy).toMatchObject({ status: 302, location: PATH })
    const [made] = await testDb().select().from(users).where(eq(users.username, 'roles.copy'))
    expect(await groupsOf(made.id)).toEqual([group])

    const zero = await send({
      intent: 'user-update',
      id: String(made.id),
      username: 'roles.copy',
      timeoutHours: '0',
      timeoutMinutes: '0',
    })
    expect(zero.body).toMatchObject({ result: { error: { timeoutMinutes: [M.timeoutMinimum] } } })
    const edited = await send({
      intent: 'user-update',
      id: String(made.id),
      username: 'roles.copy2',
      timeoutHours: '2',
      timeoutMinutes: '0',
    })
    expect(edited.status).toBe(302)
    const [after] = await testDb().select().from(users).where(eq(users.id, made.id))
    expect(after).toMatchObject({ username: 'roles.copy2', timeoutMinutes: 120, multipleLogins: false })
  })

  it('disabling a user removes their groups and ends their open session at once', async () => {
    const group = await makeGroup('roles-victim-g', ['firm-view'])
    const victim = await makeUser('roles.victim', [group])
    const session = await cookieFor('roles.victim')
    expect((await get(home, session, '/')).status).not.toBe(302)
    const disabled = await send({ intent: 'user-disable', id: String(victim) })
    expect(disabled).toMatchObject({ status: 302, flash: { message: M.saved } })
    expect(await groupsOf(victim)).toEqual([])
    const open = await testDb()
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.userId, victim), isNull(userSessions.logout)))
    expect(open).toEqual([])
    // The next request of the disabled user's browser is a sign-in.
    expect((await get(home, session, '/')).location).toMatch(/^\/login/)
    // A disabled user cannot be given groups.
    const refused = await send({ intent: 'group-user-add', userId: String(victim), groupId: String(group) })
    expect(refused).toMatchObject({ status: 409, body: { error: M.userDisabled } })
  })

  it("an administrator's password is a reset: the user must change it, their sessions end", async () => {
    const target = await makeUser('roles.reset')
    await cookieFor('roles.reset')
    const short = await send({ intent: 'user-password', id: String(target), newPassword: '', confirmPassword: '' })
    expect(short.body).toMatchObject({ result: { error: { newPassword: [M.newPasswordRequired] } } })
    const reset = await send({
      intent: 'user-password',
      id: String(target),
      newPassword: 'New-passw0rd-long',
      confirmPassword: 'New-passw0rd-long',
    })
    expect(reset).toMatchObject({ status: 302, flash: { message: M.passwordChanged } })
    const [row] = await testDb().select().from(users).where(eq(users.id, target))
    expect(row.mustChangePassword).toBe(true)
    const open = await testDb()
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.userId, target), isNull(userSessions.logout)))
    expect(open).toEqual([])
  })
})

describe('Roles: groups and scopes', () => {
  it('assigns a group to a user once, never an inactive group', async () => {
    const group = await makeGroup('roles-assign-g')
    const inactive = await makeGroup('roles-inactive-g', [], false)
    const user = await makeUser('roles.assignee')
    const added = await send({ intent: 'group-user-add', userId: String(user), groupId: String(group) })
    expect(added).toMatchObject({ status: 302, flash: { message: M.saved } })
    const again = await send({ intent: 'group-user-add', userId: String(user), groupId: String(group) })
    expect(again).toMatchObject({ status: 409, body: { intent: 'group-user-add', error: M.groupAlreadyOnUser } })
    const dead = await send({ intent: 'group-user-add', userId: String(user), groupId: String(inactive) })
    expect(dead).toMatchObject({ status: 409, body: { error: M.groupInactive } })
    expect(await groupsOf(user)).toEqual([group])
    const removed = await send({ intent: 'group-user-remove', userId: String(user), groupId: String(group) })
    expect(removed.status).toBe(302)
    expect(await groupsOf(user)).toEqual([])
  })

  it('assigns a scope to a group once; disabling the group removes it from users and scopes', async () => {
    const group = await makeGroup('roles-disable-g')
    const user = await makeUser('roles.member', [group])
    const [scope] = await testDb().select().from(scopes).where(eq(scopes.name, 'contact-view'))
    expect((await send({ intent: 'group-scope-add', groupId: String(group), scopeId: String(scope.id) })).status).toBe(
      302,
    )
    const again = await send({ intent: 'group-scope-add', groupId: String(group), scopeId: String(scope.id) })
    expect(again).toMatchObject({ status: 409, body: { error: M.scopeAlreadyOnGroup } })
    const disabled = await send({ intent: 'group-disable', id: String(group) })
    expect(disabled.status).toBe(302)
    expect(await groupsOf(user)).toEqual([])
    expect(await scopesOfGroup(group)).toEqual([])
    const [row] = await testDb().select().from(authGroups).where(eq(authGroups.id, group))
    expect(row.active).toBe(false)
    // Inactive groups are shown only with All.
    const page = await get(roles, editor, `${PATH}?groups=roles-disable`)
    expect((page.body as { groups: unknown[] }).groups).toEqual([])
    const all = await get(roles, editor, `${PATH}?groups=roles-disable&allGroups=1`)
    expect((all.body as { groups: { active: boolean }[] }).groups).toMatchObject([{ active: false }])
  })

  it('refuses to disable the admin group', async () => {
    const [admin] = await testDb().select().from(authGroups).where(eq(authGroups.name, 'admin'))
    const refused = await send({ intent: 'group-disable', id: String(admin.id) })
    expect(refused).toMatchObject({ status: 409, body: { error: M.adminGroup } })
  })

  it("refuses an editor's change that removes their own role-edit, as one transaction (nothing changed)", async () => {
    // Disabling their own group would remove it from every user and scope first: all of it rolls back.
    const colleague = await makeUser('roles.colleague', [editorsGroup])
    const [roleEdit] = await testDb().select().from(scopes).where(eq(scopes.name, 'role-edit'))
    const before = await testDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(changeLog)
    const refused = await send({ intent: 'group-disable', id: String(editorsGroup) })
    expect(refused).toMatchObject({ status: 403, body: { error: M.ownRoleEdit } })
    expect((await groupsOf(colleague)).includes(editorsGroup)).toBe(true)
    expect(await groupsOf(editorId)).toEqual([editorsGroup])
    expect(await scopesOfGroup(editorsGroup)).toEqual([roleEdit.id])
    const after = await testDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(changeLog)
    expect(after[0].n).toBe(before[0].n)
    const own = await send({ intent: 'group-user-remove', userId: String(editorId), groupId: String(editorsGroup) })
    expect(own).toMatchObject({ status: 403, body: { error: M.ownRoleEdit } })
    const scope = await send({
      intent: 'group-scope-remove',
      groupId: String(editorsGroup),
      scopeId: String(roleEdit.id),
    })
    expect(scope).toMatchObject({ status: 403, body: { error: M.ownRoleEdit } })
  })

  it('creates, copies and deletes groups and scopes (scopes in development only), with their history', async () => {
    const created = await send({ intent: 'group-create', name: '' })
    expect(created.body).toMatchObject({ result: { error: { name: [M.groupNameRequired] } } })
    const taken = await send({ intent: 'group-create', name: 'ROLES-editors' })
    expect(taken.body).toMatchObject({ error: M.groupNameTaken })
    expect(
      (await send({ intent: 'group-create', name: 'roles-copy-of-editors', copyFrom: String(editorsGroup) })).status,
    ).toBe(302)
    const [copy] = await testDb().select().from(authGroups).where(eq(authGroups.name, 'roles-copy-of-editors'))
    expect(await scopesOfGroup(copy.id)).toEqual(await scopesOfGroup(editorsGroup))

    expect(
      (await send({ intent: 'scope-create', name: 'roles-test-scope', description: 'Other: a test' })).status,
    ).toBe(302)
    const [scope] = await testDb().select().from(scopes).where(eq(scopes.name, 'roles-test-scope'))
    expect(
      (await send({ intent: 'group-scope-add', groupId: String(copy.id), scopeId: String(scope.id) })).status,
    ).toBe(302)
    expect((await send({ intent: 'scope-delete', id: String(scope.id) })).status).toBe(302)
    expect(await testDb().select().from(scopes).where(eq(scopes.id, scope.id))).toEqual([])

    const info = await get(roles, editor, `${PATH}?dialog=group-info&id=${copy.id}`)
    const history = (info.body as { record: { history: { action: string; username: string }[] } }).record.history
    expect(history.map((entry) => entry.action)).toEqual(expect.arrayContaining(['create', 'link', 'unlink']))
    expect(history[0].username).toBe('roles.editor')
  })
})

describe('Roles: the API', () => {
  it('creates a user with the timeout as interval text and answers it the same way', async () => {
    const made = await api<{ id: number; timeout: string }>(
      usersApi,
      editor,
      'POST',
      '/api/users',
      {},
      {
        username: 'roles.api',
        password: 'Api-passw0rd-long',
        timeout: '0 years 0 mons 0 days 1 hours 5 mins 0.00 secs',
        ip_restrictions: ['192.168.*.*'],
        multiple_logins: false,
      },
    )
    expect(made.status).toBe(200)
    expect(made.body.timeout).toBe('0 years 0 mons 0 days 1 hours 5 mins 0.00 secs')
    const read = await api(userApi, editor, 'GET', `/api/users/${made.body.id}`, { id: String(made.body.id) })
    expect(read.body).toMatchObject({ username: 'roles.api', ip_restrictions: ['192.168.*.*'], multiple_logins: false })
    const taken = await api(usersApi, editor, 'POST', '/api/users', {}, { username: 'roles.api', password: 'x' })
    expect(taken).toMatchObject({ status: 400, body: { message: M.usernameTaken } })
  })

  it('refuses duplicate and disabled assignments; a user without role-edit only lists names', async () => {
    const group = await makeGroup('roles-api-g')
    const user = await makeUser('roles.api2')
    const path = `/api/authgroups/${group}/users/${user}`
    const params = { groupId: String(group), userId: String(user) }
    expect((await api(groupUserApi, editor, 'PUT', path, params)).status).toBe(200)
    expect(await api(groupUserApi, editor, 'PUT', path, params)).toMatchObject({
      status: 409,
      body: { message: M.groupAlreadyOnUser },
    })
    const disabled = await api(userApi, editor, 'PUT', `/api/users/${user}`, { id: String(user) }, { enabled: false })
    expect(disabled.body).toMatchObject({ enabled: false, auth_groups: [] })
    const [admin] = await testDb().select().from(authGroups).where(eq(authGroups.name, 'admin'))
    expect(
      await api(groupApi, editor, 'PUT', `/api/authgroups/${admin.id}`, { id: String(admin.id) }, { active: false }),
    ).toMatchObject({ status: 409, body: { message: M.adminGroup } })

    const claims = await cookieFor('claims')
    const listed = await api<{ username: string; timeout?: string }[]>(usersApi, claims, 'GET', '/api/users')
    expect(listed.status).toBe(200)
    expect(listed.body[0]).not.toHaveProperty('timeout')
    expect((await api(usersApi, claims, 'POST', '/api/users', {}, { username: 'x', password: 'y' })).status).toBe(403)
  })

  it('PUT /api/users/{id}/password_reset sets a one-time password', async () => {
    const user = await makeUser('roles.api3')
    const reset = await api(
      resetApi,
      editor,
      'PUT',
      `/api/users/${user}/password_reset`,
      { id: String(user) },
      {
        newPassword: 'Reset-passw0rd-long',
      },
    )
    expect(reset).toMatchObject({ status: 200, body: { message: M.passwordChanged } })
    const [row] = await testDb().select().from(users).where(eq(users.id, user))
    expect(row.mustChangePassword).toBe(true)
  })
})
