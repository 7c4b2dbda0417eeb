import type { ZodType } from 'zod'
import { canManageUsers } from '#app/auth/abilities'
import type { CurrentUser } from '#app/auth/guard.server'
import { getConfig } from '#app/config.server'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, InvalidError } from '#app/domain/errors'
import { hashPassword } from '#app/domain/password-hash.server'
import { ROLES_MESSAGES as M, timeoutParts } from '#app/domain/roles'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import { recordHistory } from '#app/models/change-log.server'
import {
  assignGroupToUser,
  assignScopeToGroup,
  createGroup,
  createScope,
  createUser,
  deleteScope,
  getRoleGroup,
  getRoleScope,
  getRoleUser,
  listGroups,
  listScopes,
  listUsers,
  resetPassword,
  setUserEnabled,
  unassignGroupFromUser,
  unassignScopeFromGroup,
  updateGroup,
  updateUser,
  type GroupLinkChange,
  type RoleActor,
} from '#app/models/roles.server'
import {
  groupCreateFormSchema,
  groupScopeFormSchema,
  groupUserFormSchema,
  idFormSchema,
  passwordResetFormSchema,
  rolesParamsSchema,
  scopeCreateFormSchema,
  userCreateFormSchema,
  userUpdateFormSchema,
  type RolesParams,
} from '#app/schemas/roles'
import { hrefWithParams } from '#app/ui/use-href-with'

/** Adding and deleting scopes is offered only in a development environment (spec 1 §2.7): not in production. */
export const scopesEditable = () => getConfig().APP_ENV !== 'production'

/** The acting role editor: the model checks with the ability that a change leaves them role-edit. */
export const roleActor = (user: Pick<CurrentUser, 'id'>): RoleActor => ({
  id: user.id,
  mayEditRoles: (scopeSet) => canManageUsers({ scopeSet }),
})

function readParams(url: URL): RolesParams {
  const raw: Record<string, string> = {}
  for (const key of url.searchParams.keys()) raw[key] = url.searchParams.get(key) ?? ''
  return rolesParamsSchema.parse(raw)
}

/** The record a dialog acts on, with its history for the info pop-ups and the edit dialog. */
async function dialogRecord(params: RolesParams) {
  const db = getDb()
  const { dialog, id } = params
  const kind = dialog ? DIALOG_RECORD[dialog] : undefined
  if (!kind || !id) return null
  // Only the info pop-ups show the record's history.
  const history = () =>
    dialog === `${kind}-info` ? recordHistory(db, { entity: HISTORY_ENTITY[kind], entityId: id }, 20) : []
  switch (kind) {
    case 'user': {
      const user = await getRoleUser(db, id).catch(() => null)
      return user && { kind, user: { ...user, timeout: timeoutParts(user.timeoutMinutes) }, history: await history() }
    }
    case 'group': {
      const group = await getRoleGroup(db, id).catch(() => null)
      return group && { kind, group, history: await history() }
    }
    case 'scope': {
      const scope = await getRoleScope(db, id).catch(() => null)
      return scope && { kind, scope, history: await history() }
    }
  }
}

/** The record each dialog acts on, and the change log's name of its kind. */
const DIALOG_RECORD: Partial<Record<NonNullable<RolesParams['dialog']>, 'user' | 'group' | 'scope'>> = {
  'edit-user': 'user',
  'copy-user': 'user',
  password: 'user',
  'disable-user': 'user',
  'user-info': 'user',
  'copy-group': 'group',
  'disable-group': 'group',
  'group-info': 'group',
  'delete-scope': 'scope',
  'scope-info': 'scope',
}
const HISTORY_ENTITY = { user: 'user', group: 'auth_group', scope: 'scope' } as const

/** /manage/roles and /rights/Roles (spec 1 §2.7): the three columns, their searches, the open dialog. */
export async function loadRoles({ user, url }: PageContext) {
  const params = readParams(url)
  const db = getDb()
  const [users, groups, scopes, record] = await Promise.all([
    listUsers(db, { search: params.users, all: params.allUsers === '1' }),
    listGroups(db, { search: params.groups, all: params.allGroups === '1' }),
    listScopes(db, { search: params.scopes }),
    dialogRecord(params),
  ])
  // The Add selects offer every active group and every scope, whatever the searches show.
  const [activeGroups, allScopes] = await Promise.all([
    params.groups ? listGroups(db, {}) : Promise.resolve(groups.filter((group) => group.active)),
    params.scopes ? listScopes(db, {}) : Promise.resolve(scopes),
  ])
  return {
    params: {
      users: params.users ?? '',
      groups: params.groups ?? '',
      scopes: params.scopes ?? '',
      allUsers: params.allUsers === '1',
      allGroups: params.allGroups === '1',
      open: params.open ?? null,
      dialog: params.dialog ?? null,
      id: params.id ?? null,
    },
    me: user.id,
    users,
    groups,
    scopes,
    choices: {
      groups: activeGroups.map((group) => ({ id: group.id, name: group.name })),
      scopes: allScopes.map((scope) => ({ id: scope.id, name: scope.name })),
    },
    scopesEditable: scopesEditable(),
    record,
  }
}

/** The page again without its dialog (after a save, or Cancel). */
export function withoutDialog(url: URL): string {
  return hrefWithParams(url.pathname, url.searchParams, { dialog: null, id: null })
}

const saved = (url: URL, message: string = M.saved) =>
  redirectWithFlash(withoutDialog(url), { message, kind: 'success' })

/** A group's link to a user or a scope made or undone (the Add and Remove forms, a drop): the model's call, then Saved. */
const groupLinkIntent = <Value extends { groupId: number }>(
  schema: ZodType<Value>,
  memberOf: (value: Value) => number,
  change: GroupLinkChange,
) =>
  intent({
    schema,
    handle: async ({ value, user, url }) => {
      await change(getDb(), roleActor(user), value.groupId, memberOf(value))
      return saved(url)
    },
  })

function requireScopesEditable() {
  if (!scopesEditable()) throw new ForbiddenError(M.scopesDevelopmentOnly)
}

/**
 * The screen's forms (action-intents: ROLES). Every one is a plain POST that works without
 * JavaScript; drag and drop posts the same group-user-add and group-scope-add with a fetcher.
 */
export const rolesIntents = {
  'user-create': intent({
    schema: userCreateFormSchema,
    summary: M.saveFailed,
    hideFields: ['password', 'confirmPassword'],
    handle: async ({ value, user, url }) => {
      await createUser(getDb(), roleActor(user), {
        username: value.username,
        passwordHash: await hashPassword(value.password),
        timeoutMinutes: value.timeoutHours * 60 + value.timeoutMinutes,
        ipRestrictions: value.ipRestrictions,
        multipleLogins: value.multipleLogins,
        copyFrom: value.copyFrom,
      })
      return saved(url)
    },
  }),
  'user-update': intent({
    schema: userUpdateFormSchema,
    summary: M.saveFailed,
    handle: async ({ value, user, url }) => {
      await updateUser(getDb(), roleActor(user), value.id, {
        username: value.username,
        timeoutMinutes: value.timeoutHours * 60 + value.timeoutMinutes,
        ipRestrictions: value.ipRestrictions,
        multipleLogins: value.multipleLogins,
      })
      return saved(url)
    },
  }),
  'user-password': intent({
    schema: passwordResetFormSchema,
    summary: M.saveFailed,
    hideFields: ['newPassword', 'confirmPassword'],
    handle: async ({ value, user, url }) => {
      // One's own password is changed on /password, where the current one is asked (decision 0028).
      if (value.id === user.id) throw new InvalidError(M.ownPasswordHere)
      await resetPassword(getDb(), roleActor(user), value.id, await hashPassword(value.newPassword))
      return saved(url, M.passwordChanged)
    },
  }),
  'user-disable': intent({
    schema: idFormSchema,
    handle: async ({ value, user, url }) => {
      await setUserEnabled(getDb(), roleActor(user), value.id, false)
      return saved(url)
    },
  }),
  'user-enable': intent({
    schema: idFormSchema,
    handle: async ({ value, user, url }) => {
      await setUserEnabled(getDb(), roleActor(user), value.id, true)
      return saved(url)
    },
  }),
  'group-create': intent({
    schema: groupCreateFormSchema,
    summary: M.saveFailed,
    handle: async ({ value, user, url }) => {
      await createGroup(getDb(), roleActor(user), value)
      return saved(url)
    },
  }),
  'group-disable': intent({
    schema: idFormSchema,
    handle: async ({ value, user, url }) => {
      await updateGroup(getDb(), roleActor(user), value.id, { active: false })
      return saved(url)
    },
  }),
  'group-enable': intent({
    schema: idFormSchema,
    handle: async ({ value, user, url }) => {
      await updateGroup(getDb(), roleActor(user), value.id, { active: true })
      return saved(url)
    },
  }),
  'scope-create': intent({
    schema: scopeCreateFormSchema,
    summary: M.saveFailed,
    handle: async ({ value, user, url }) => {
      requireScopesEditable()
      await createScope(getDb(), roleActor(user), value)
      return saved(url)
    },
  }),
  'scope-delete': intent({
    schema: idFormSchema,
    handle: async ({ value, user, url }) => {
      requireScopesEditable()
      await deleteScope(getDb(), roleActor(user), value.id)
      return saved(url)
    },
  }),
  'group-user-add': groupLinkIntent(groupUserFormSchema, (value) => value.userId, assignGroupToUser),
  'group-user-remove': groupLinkIntent(groupUserFormSchema, (value) => value.userId, unassignGroupFromUser),
  'group-scope-add': groupLinkIntent(groupScopeFormSchema, (value) => value.scopeId, assignScopeToGroup),
  'group-scope-remove': groupLinkIntent(groupScopeFormSchema, (value) => value.scopeId, unassignScopeFromGroup),
}

/**
 * The Roles page's settings, for both of its addresses (/manage/roles and /rights/Roles, spec 1 §2.1):
 * role-edit; without it the user is signed out and sent to Login (the registry's signOut).
 */
export const ROLES_PAGE = { load: loadRoles, intents: rolesIntents }
