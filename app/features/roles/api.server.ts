import { canManageUsers } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, InvalidError } from '#app/domain/errors'
import { hashPassword } from '#app/domain/password-hash.server'
import { NEW_USER_DEFAULTS, ROLES_MESSAGES as M, timeoutInterval } from '#app/domain/roles'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readBody, readQuery } from '#app/http/api.server'
import { requireId } from '#app/http/ids.server'
import * as roles from '#app/models/roles.server'
import {
  groupCreateBodySchema,
  groupUpdateBodySchema,
  passwordResetBodySchema,
  rolesListQuerySchema,
  scopeBodySchema,
  scopeUpdateBodySchema,
  userCreateBodySchema,
  userUpdateBodySchema,
} from '#app/schemas/roles'
import { roleActor, scopesEditable } from './roles.server'

/**
 * /api/users, /api/authgroups and /api/scopes (spec 1 §7): the Roles screen's model calls, with its
 * rules (the same refusals, the same change log). The timeout is sent as interval text (spec 1 §9).
 */

const userJson = (user: roles.RoleUser) => ({
  id: user.id,
  username: user.username,
  enabled: user.enabled,
  auth_groups: user.authGroups,
  timeout: timeoutInterval(user.timeoutMinutes),
  ip_restrictions: user.ipRestrictions,
  multiple_logins: user.multipleLogins,
})

const done = (message: string = M.saved) => ({ status: 'OK', message })
const userId = (params: Record<string, string | undefined>, name = 'id') =>
  requireId(params[name], 'user', M.userNotFound)
const groupId = (params: Record<string, string | undefined>, name = 'id') =>
  requireId(params[name], 'group', M.groupNotFound)
const scopeId = (params: Record<string, string | undefined>, name = 'id') =>
  requireId(params[name], 'scope', M.scopeNotFound)

function requireScopesEditable() {
  if (!scopesEditable()) throw new ForbiddenError(M.scopesDevelopmentOnly)
}

export const usersApi: ApiHandlers = {
  /** Every signed-in user lists the accounts (id, username, enabled); role editors get the whole record. */
  GET: async ({ request, user }) => {
    const query = readQuery(request, rolesListQuerySchema)
    const all = query.all === 'true' || query.active === 'false'
    const rows = await roles.listUsers(getDb(), { search: query.search, all: canManageUsers(user) ? all : false })
    return canManageUsers(user)
      ? rows.map(userJson)
      : rows.map((row) => ({ id: row.id, username: row.username, enabled: row.enabled }))
  },
  POST: async ({ request, user }) => {
    const body = await readBody(request, userCreateBodySchema)
    if (body.confirmPassword !== undefined && body.confirmPassword !== body.password)
      throw new InvalidError(M.mismatch, { field: 'confirmPassword' })
    const id = await roles.createUser(getDb(), roleActor(user), {
      username: body.username,
      passwordHash: await hashPassword(body.password),
      enabled: body.enabled,
      timeoutMinutes: body.timeout ?? NEW_USER_DEFAULTS.timeoutMinutes,
      ipRestrictions: body.ip_restrictions,
      multipleLogins: body.multiple_logins,
      groupIds: body.auth_groups.map((group) => group.id),
    })
    return userJson(await roles.getRoleUser(getDb(), id))
  },
}

export const userApi: ApiHandlers = {
  GET: async ({ params }) => userJson(await roles.getRoleUser(getDb(), userId(params))),
  PUT: async ({ request, params, user }) => {
    const id = userId(params)
    const body = await readBody(request, userUpdateBodySchema)
    await roles.updateUser(getDb(), roleActor(user), id, {
      username: body.username,
      enabled: body.enabled,
      timeoutMinutes: body.timeout,
      ipRestrictions: body.ip_restrictions,
      multipleLogins: body.multiple_logins,
      groupIds: body.auth_groups?.map((group) => group.id),
    })
    return userJson(await roles.getRoleUser(getDb(), id))
  },
  DELETE: async ({ params, user }) => {
    const id = userId(params)
    if (id === user.id) throw new InvalidError(M.ownRoleEdit)
    await roles.deleteUser(getDb(), roleActor(user), id)
    return done()
  },
}

/** PUT /api/users/{id}/password_reset: an administrator's new password, changed by the user at the next sign-in (decision 0028). */
export const passwordResetApi: ApiHandlers = {
  PUT: async ({ request, params, user }) => {
    const id = userId(params)
    if (id === user.id) throw new InvalidError(M.ownPasswordHere)
    const body = await readBody(request, passwordResetBodySchema)
    await roles.resetPassword(getDb(), roleActor(user), id, await hashPassword(body.newPassword))
    return done(M.passwordChanged)
  },
}

export const groupsApi: ApiHandlers = {
  GET: async ({ request }) => {
    const query = readQuery(request, rolesListQuerySchema)
    return roles.listGroups(getDb(), { search: query.search, all: query.active !== 'true' && query.all !== 'false' })
  },
  POST: async ({ request, user }) => {
    const body = await readBody(request, groupCreateBodySchema)
    return roles.getRoleGroup(getDb(), await roles.createGroup(getDb(), roleActor(user), { name: body.name }))
  },
}

export const groupApi: ApiHandlers = {
  GET: async ({ params }) => roles.getRoleGroup(getDb(), groupId(params)),
  PUT: async ({ request, params, user }) => {
    const id = groupId(params)
    const body = await readBody(request, groupUpdateBodySchema)
    await roles.updateGroup(getDb(), roleActor(user), id, {
      name: body.name,
      active: body.active,
      scopeIds: body.scopes?.map((scope) => scope.id),
    })
    return roles.getRoleGroup(getDb(), id)
  },
  DELETE: async ({ params, user }) => {
    await roles.deleteGroup(getDb(), roleActor(user), groupId(params))
    return done()
  },
}

/** PUT links a group to a member (a user, a scope), DELETE unlinks it. */
const groupLinkApi = (
  memberId: (params: Record<string, string | undefined>) => number,
  link: roles.GroupLinkChange,
  unlink: roles.GroupLinkChange,
): ApiHandlers => ({
  PUT: async ({ params, user }) => {
    await link(getDb(), roleActor(user), groupId(params, 'groupId'), memberId(params))
    return done()
  },
  DELETE: async ({ params, user }) => {
    await unlink(getDb(), roleActor(user), groupId(params, 'groupId'), memberId(params))
    return done()
  },
})

export const groupUserApi = groupLinkApi(
  (params) => userId(params, 'userId'),
  roles.assignGroupToUser,
  roles.unassignGroupFromUser,
)
export const groupScopeApi = groupLinkApi(
  (params) => scopeId(params, 'scopeId'),
  roles.assignScopeToGroup,
  roles.unassignScopeFromGroup,
)

export const scopesApi: ApiHandlers = {
  GET: async ({ request }) => roles.listScopes(getDb(), { search: readQuery(request, rolesListQuerySchema).search }),
  POST: async ({ request, user }) => {
    requireScopesEditable()
    const body = await readBody(request, scopeBodySchema)
    return roles.getRoleScope(getDb(), await roles.createScope(getDb(), roleActor(user), body))
  },
}

export const scopeApi: ApiHandlers = {
  GET: async ({ params }) => roles.getRoleScope(getDb(), scopeId(params)),
  PUT: async ({ request, params, user }) => {
    requireScopesEditable()
    const id = scopeId(params)
    await roles.updateScope(getDb(), roleActor(user), id, await readBody(request, scopeUpdateBodySchema))
    return roles.getRoleScope(getDb(), id)
  },
  DELETE: async ({ params, user }) => {
    requireScopesEditable()
    await roles.deleteScope(getDb(), roleActor(user), scopeId(params))
    return done()
  },
}
