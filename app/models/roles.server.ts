import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '#app/db/client.server'
import { authGroups, authGroupScopes, authGroupUsers, scopes, users } from '#app/db/schema'
import { InvalidError, NotFoundError, RuleError } from '#app/domain/errors'
import {
  groupDisableRefusal,
  groupToUserRefusal,
  ownRoleEditRefusal,
  ROLES_MESSAGES as M,
  scopeToGroupRefusal,
} from '#app/domain/roles'
import { recordChange } from './change-log.server'
import { closeOtherSessions, SESSION_TYPE } from './session.server'

/**
 * Users, groups and scopes as the Roles screen and /api/users, /api/authgroups, /api/scopes change
 * them (spec 1 §2.7, §4, §7). Every change is one transaction with its change-log rows; a change that
 * would take the acting role editor's own role-edit away is rolled back (ownRoleEditRefusal).
 */

export interface RoleUser {
  id: number
  username: string
  enabled: boolean
  timeoutMinutes: number
  ipRestrictions: string[]
  multipleLogins: boolean
  mustChangePassword: boolean
  authGroups: { id: number; name: string }[]
}
export interface RoleGroup {
  id: number
  name: string
  active: boolean
  scopes: { id: number; name: string; description: string }[]
  users: { id: number; username: string }[]
}
export interface RoleScope {
  id: number
  name: string
  description: string
}

/** A search box's filter (case-insensitive, anywhere in the name). */
const like = (search: string | undefined) => `%${(search ?? '').trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * A column's rows by name (case-insensitive): those whose name matches the search, only the `shown` ones
 * (enabled, active) unless `all`, at most 1000.
 */
const columnRows = (name: SQL, shown: SQL, options: { search?: string; all?: boolean }) =>
  sql`WHERE ${name} ILIKE ${like(options.search)} AND (${options.all ?? false} OR ${shown}) ORDER BY lower(${name}) LIMIT 1000`

/** The Users column: enabled users (all with `all`), matching the search, each with its groups. */
export async function listUsers(db: DbOrTx, options: { search?: string; all?: boolean } = {}): Promise<RoleUser[]> {
  const result = await db.execute<{
    id: number
    username: string
    enabled: boolean
    timeout_minutes: number
    ip_restrictions: string[]
    multiple_logins: boolean
    must_change_password: boolean
    groups: { id: number; name: string }[] | null
  }>(sql`
    SELECT u.id, u.username, u.enabled, u.timeout_minutes, u.ip_restrictions, u.multiple_logins, u.must_change_password,
      (SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY lower(g.name))
         FROM auth_group_users gu JOIN auth_groups g ON g.id = gu.group_id WHERE gu.user_id = u.id) AS groups
    FROM users u ${columnRows(sql`u.username`, sql`u.enabled`, options)}`)
  return result.rows.map((row) => ({
    id: row.id,
    username: row.username,
    enabled: row.enabled,
    timeoutMinutes: row.timeout_minutes,
    ipRestrictions: row.ip_restrictions,
    multipleLogins: row.multiple_logins,
    mustChangePassword: row.must_change_password,
    authGroups: row.groups ?? [],
  }))
}

/** The Groups column: active groups (all with `all`), matching the search, with their scopes and users. */
export async function listGroups(db: DbOrTx, options: { search?: string; all?: boolean } = {}): Promise<RoleGroup[]> {
  const result = await db.execute<{
    id: number
    name: string
    active: boolean
    scopes: RoleScope[] | null
    users: { id: number; username: string }[] | null
  }>(sql`
    SELECT g.id, g.name, g.active,
      (SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'description', s.description) ORDER BY s.name)
         FROM auth_group_scopes gs JOIN scopes s ON s.id = gs.scope_id WHERE gs.group_id = g.id) AS scopes,
      (SELECT json_agg(json_build_object('id', u.id, 'username', u.username) ORDER BY lower(u.username))
         FROM auth_group_users gu JOIN users u ON u.id = gu.user_id WHERE gu.group_id = g.id) AS users
    FROM auth_groups g ${columnRows(sql`g.name`, sql`g.active`, options)}`)
  return result.rows.map((row) => ({ ...row, scopes: row.scopes ?? [], users: row.users ?? [] }))
}

const SCOPE = { id: scopes.id, name: scopes.name, description: scopes.description }

/** The Scopes column, matching the search (in the name or the description). */
export async function listScopes(db: DbOrTx, options: { search?: string } = {}): Promise<RoleScope[]> {
  return db
    .select(SCOPE)
    .from(scopes)
    .where(sql`(${scopes.name} ILIKE ${like(options.search)} OR ${scopes.description} ILIKE ${like(options.search)})`)
    .orderBy(asc(scopes.name))
    .limit(1000)
}

export async function getRoleUser(db: DbOrTx, id: number): Promise<RoleUser> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      enabled: users.enabled,
      timeoutMinutes: users.timeoutMinutes,
      ipRestrictions: users.ipRestrictions,
      multipleLogins: users.multipleLogins,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(eq(users.id, id))
  if (!row) throw new NotFoundError(M.userNotFound)
  const groups = await db
    .select({ id: authGroups.id, name: authGroups.name })
    .from(authGroupUsers)
    .innerJoin(authGroups, eq(authGroups.id, authGroupUsers.groupId))
    .where(eq(authGroupUsers.userId, id))
    .orderBy(sql`lower(${authGroups.name})`)
  return { ...row, authGroups: groups }
}

export async function getRoleGroup(db: DbOrTx, id: number): Promise<RoleGroup> {
  const [row] = await db
    .select({ id: authGroups.id, name: authGroups.name, active: authGroups.active })
    .from(authGroups)
    .where(eq(authGroups.id, id))
  if (!row) throw new NotFoundError(M.groupNotFound)
  const [groupScopes, groupUsers] = await Promise.all([
    db
      .select(SCOPE)
      .from(authGroupScopes)
      .innerJoin(scopes, eq(scopes.id, authGroupScopes.scopeId))
      .where(eq(authGroupScopes.groupId, id))
      .orderBy(asc(scopes.name)),
    db
      .select({ id: users.id, username: users.username })
      .from(authGroupUsers)
      .innerJoin(users, eq(users.id, authGroupUsers.userId))
      .where(eq(authGroupUsers.groupId, id))
      .orderBy(sql`lower(${users.username})`),
  ])
  return { ...row, scopes: groupScopes, users: groupUsers }
}

export async function getRoleScope(db: DbOrTx, id: number): Promise<RoleScope> {
  const [row] = await db.select(SCOPE).from(scopes).where(eq(scopes.id, id))
  if (!row) throw new NotFoundError(M.scopeNotFound)
  return row
}

// ── Changes ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Who makes a change: their id (the change log's user) and whether a set of scopes still lets them
 * edit roles (the feature passes the ability, canManageUsers: the model names no scope).
 */
export interface RoleActor {
  id: number
  mayEditRoles: (scopes: ReadonlySet<string>) => boolean
}

/** The scopes a user holds through active groups, while enabled (the guard's rule). */
async function scopesOf(tx: DbOrTx, userId: number): Promise<ReadonlySet<string>> {
  const result = await tx.execute<{ name: string }>(sql`
    SELECT DISTINCT s.name FROM users u JOIN auth_group_users gu ON gu.user_id = u.id
      JOIN auth_groups g ON g.id = gu.group_id AND g.active
      JOIN auth_group_scopes gs ON gs.group_id = g.id JOIN scopes s ON s.id = gs.scope_id
     WHERE u.id = ${userId} AND u.enabled`)
  return new Set(result.rows.map((row) => row.name))
}

/** The advisory lock of role changes (724_001 migrations, 724_002 seed, 724_003 background jobs). */
const ROLES_LOCK = 724_010

/**
 * Runs a change in one transaction on behalf of `actor`: the change, its change-log rows, then the
 * check that the actor kept role-edit (a refusal rolls everything back).
 */
async function asRoleEditor<T>(
  db: DbOrTx,
  actor: RoleActor,
  change: (tx: DbOrTx, actorId: number) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      // One role change at a time: two editors cannot each remove the other's last role-edit unseen.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLES_LOCK})`)
      const before = actor.mayEditRoles(await scopesOf(tx, actor.id))
      const result = await change(tx, actor.id)
      const refusal = ownRoleEditRefusal(before, actor.mayEditRoles(await scopesOf(tx, actor.id)))
      if (refusal) throw new RuleError(refusal, 403)
      return result
    })
  } catch (error) {
    throw uniqueRefusal(error) ?? error
  }
}

/** A unique index refused a name: the spec's 'is taken' message, on its field. */
function uniqueRefusal(error: unknown): InvalidError | null {
  for (let cause = error as { code?: string; constraint?: string; cause?: unknown } | undefined; cause;) {
    if (cause.code === '23505') {
      if (cause.constraint?.startsWith('users_')) return new InvalidError(M.usernameTaken, { field: 'username' })
      if (cause.constraint?.startsWith('auth_groups_')) return new InvalidError(M.groupNameTaken, { field: 'name' })
      if (cause.constraint?.startsWith('scopes_')) return new InvalidError(M.scopeNameTaken, { field: 'name' })
    }
    cause = cause.cause as typeof cause
  }
  return null
}

/** A name that must be unique (case-insensitive) in its table, and the spec's refusal when it is taken. */
interface UniqueName {
  id: PgColumn
  name: PgColumn
  message: string
  field: string
}
const USERNAME: UniqueName = { id: users.id, name: users.username, message: M.usernameTaken, field: 'username' }
const GROUP_NAME: UniqueName = { id: authGroups.id, name: authGroups.name, message: M.groupNameTaken, field: 'name' }

async function refuseTaken(tx: DbOrTx, unique: UniqueName, name: string, exceptId: number | null) {
  const [taken] = await tx
    .select({ id: unique.id })
    .from(unique.id.table)
    .where(
      and(
        eq(sql`lower(${unique.name})`, name.trim().toLowerCase()),
        exceptId === null ? undefined : sql`${unique.id} <> ${exceptId}`,
      ),
    )
  if (taken) throw new InvalidError(unique.message, { field: unique.field })
}

export interface UserInput {
  username: string
  timeoutMinutes: number
  ipRestrictions: string[]
  multipleLogins: boolean
  enabled?: boolean
}

/** New user (and copy user: `groupIds` are the copied user's active groups). */
export async function createUser(
  db: DbOrTx,
  actor: RoleActor,
  input: UserInput & { passwordHash: string; groupIds?: number[]; copyFrom?: number | null },
): Promise<number> {
  return asRoleEditor(db, actor, async (tx, actorId) => {
    await refuseTaken(tx, USERNAME, input.username, null)
    const [row] = await tx
      .insert(users)
      .values({
        username: input.username.trim(),
        passwordHash: input.passwordHash,
        enabled: input.enabled ?? true,
        timeoutMinutes: input.timeoutMinutes,
        ipRestrictions: input.ipRestrictions,
        multipleLogins: input.multipleLogins,
        // A password an administrator chose is the user's to change at the first sign-in (decision 0028).
        mustChangePassword: true,
      })
      .returning({ id: users.id })
    let groupIds = input.groupIds ?? []
    if (input.copyFrom) groupIds = (await getRoleUser(tx, input.copyFrom)).authGroups.map((group) => group.id)
    await recordChange(tx, {
      userId: actorId,
      entity: 'user',
      entityId: row.id,
      action: 'create',
      before: null,
      after: { ...publicUser(input), copyFrom: input.copyFrom ?? null },
    })
    for (const groupId of new Set(groupIds)) await addLink(tx, actorId, USER_GROUPS, row.id, groupId)
    return row.id
  })
}

const publicUser = (input: Partial<UserInput>) => ({
  username: input.username,
  timeoutMinutes: input.timeoutMinutes,
  ipRestrictions: input.ipRestrictions,
  multipleLogins: input.multipleLogins,
  enabled: input.enabled,
})

/**
 * Edit user (PUT /api/users/{id}: without the password). `enabled: false` is the disable of spec 1
 * §4: the user's groups are removed and their open sessions end at once; `groupIds` sets the groups.
 */
export async function updateUser(
  db: DbOrTx,
  actor: RoleActor,
  id: number,
  changes: Partial<UserInput> & { groupIds?: number[] },
): Promise<void> {
  await asRoleEditor(db, actor, async (tx, actorId) => {
    const before = await getRoleUser(tx, id)
    if (changes.username !== undefined) await refuseTaken(tx, USERNAME, changes.username, id)
    const set = {
      ...(changes.username !== undefined && { username: changes.username.trim() }),
      ...(changes.timeoutMinutes !== undefined && { timeoutMinutes: changes.timeoutMinutes }),
      ...(changes.ipRestrictions !== undefined && { ipRestrictions: changes.ipRestrictions }),
      ...(changes.multipleLogins !== undefined && { multipleLogins: changes.multipleLogins }),
    }
    if (Object.keys(set).length) {
      await tx
        .update(users)
        .set({ ...set, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
        .where(eq(users.id, id))
      await recordChange(tx, {
        userId: actorId,
        entity: 'user',
        entityId: id,
        action: 'update',
        before: publicUser(before),
        after: publicUser({ ...before, ...set }),
      })
    }
    if (changes.groupIds !== undefined && changes.enabled !== false)
      await setLinks(tx, actorId, USER_GROUPS, id, before.authGroups, changes.groupIds)
    if (changes.enabled !== undefined && changes.enabled !== before.enabled)
      await setEnabled(tx, actorId, before, changes.enabled)
  })
}

async function setEnabled(tx: DbOrTx, actorId: number, user: RoleUser, enabled: boolean) {
  if (!enabled) {
    // Spec 1 §4: disabling removes the user from all groups, then saves enabled false; their sessions end now.
    for (const group of user.authGroups) await removeLink(tx, actorId, USER_GROUPS, user.id, group.id)
    await closeOtherSessions(tx, user.id, null, SESSION_TYPE.automaticLogout)
  }
  await tx
    .update(users)
    .set({ enabled, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
    .where(eq(users.id, user.id))
  await recordChange(tx, {
    userId: actorId,
    entity: 'user',
    entityId: user.id,
    action: 'update',
    before: { enabled: user.enabled },
    after: { enabled },
  })
}

/** Enable or disable a user (the confirm-disable dialog; enabling sets enabled and saves). */
export async function setUserEnabled(db: DbOrTx, actor: RoleActor, id: number, enabled: boolean): Promise<void> {
  await asRoleEditor(db, actor, async (tx, actorId) => {
    const user = await getRoleUser(tx, id)
    if (user.enabled !== enabled) await setEnabled(tx, actorId, user, enabled)
  })
}

/**
 * An administrator's new password for a user: a reset (decision 0028). The user must change it at the
 * next sign-in (the one-time-password flow to /password) and their open sessions end.
 */
export async function resetPassword(db: DbOrTx, actor: RoleActor, id: number, passwordHash: string): Promise<void> {
  await asRoleEditor(db, actor, async (tx, actorId) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: true, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(eq(users.id, id))
      .returning({ id: users.id })
    if (!row) throw new NotFoundError(M.userNotFound)
    await closeOtherSessions(tx, id, null, SESSION_TYPE.manualLogout)
    await recordChange(tx, {
      userId: actorId,
      entity: 'user',
      entityId: id,
      action: 'update',
      before: { password: 'old' },
      after: { password: 'reset' },
    })
  })
}

/** DELETE /api/users/{id}: the account, its group memberships and sessions (cascade). */
export async function deleteUser(db: DbOrTx, actor: RoleActor, id: number): Promise<void> {
  await asRoleEditor(db, actor, async (tx, actorId) => {
    const before = await getRoleUser(tx, id)
    await tx.delete(users).where(eq(users.id, id))
    await recordChange(tx, { userId: actorId, entity: 'user', entityId: id, action: 'delete', before, after: null })
  })
}

/** A group's link to a member made or undone: a group to or from a user, a scope to or from a group. */
export type GroupLinkChange = (db: DbOrTx, actor: RoleActor, groupId: number, memberId: number) => Promise<void>

/** A group dropped onto a user (PUT /api/authgroups/{groupId}/users/{userId}), refused per spec 1 §4. */
export const assignGroupToUser: GroupLinkChange = (db, actor, groupId, userId) =>
  asRoleEditor(db, actor, (tx, actorId) => addLink(tx, actorId, USER_GROUPS, userId, groupId))

export const unassignGroupFromUser: GroupLinkChange = (db, actor, groupId, userId) =>
  asRoleEditor(db, actor, (tx, actorId) => removeLink(tx, actorId, USER_GROUPS, userId, groupId))

/** A scope dropped onto a group (PUT /api/authgroups/{groupId}/scopes/{scopeId}). */
export const assignScopeToGroup: GroupLinkChange = (db, actor, groupId, scopeId) =>
  asRoleEditor(db, actor, (tx, actorId) => addLink(tx, actorId, GROUP_SCOPES, groupId, scopeId))

export const unassignScopeFromGroup: GroupLinkChange = (db, actor, groupId, scopeId) =>
  asRoleEditor(db, actor, (tx, actorId) => removeLink(tx, actorId, GROUP_SCOPES, groupId, scopeId))

/**
 * A record's links to its members (a user's groups, a group's scopes): the link table's two columns, the
 * member's name, and how the change log names both (on the record that gains or loses the member).
 */
interface RoleLinks {
  /** The link table's columns: the record's id, the member's id. */
  link: [record: PgColumn, member: PgColumn]
  /** The member's own table: its id and its name (the change log's). */
  member: [id: PgColumn, name: PgColumn]
  log: { entity: 'user' | 'auth_group'; memberKey: 'group' | 'scope' }
  missing: string
  /** The spec's refusal of the new link (spec 1 §4), if any, and the member's name for the change log. */
  check(tx: DbOrTx, recordId: number, memberId: number): Promise<{ refusal: string | null; name: string }>
  insert(tx: DbOrTx, recordId: number, memberId: number): Promise<unknown>
}

/** Links whose check reads the record, then the member, and asks the domain's rule about the two. */
function roleLinks<Record, Member extends { name: string }>(
  links: Omit<RoleLinks, 'check'> & {
    load: [record: (tx: DbOrTx, id: number) => Promise<Record>, member: (tx: DbOrTx, id: number) => Promise<Member>]
    refusal: (record: Record, member: Member) => string | null
  },
): RoleLinks {
  const { load, refusal, ...rest } = links
  return {
    ...rest,
    check: async (tx, recordId, memberId) => {
      const record = await load[0](tx, recordId)
      const member = await load[1](tx, memberId)
      return { refusal: refusal(record, member), name: member.name }
    },
  }
}

const USER_GROUPS = roleLinks({
  link: [authGroupUsers.userId, authGroupUsers.groupId],
  member: [authGroups.id, authGroups.name],
  log: { entity: 'user', memberKey: 'group' },
  refusal: (user: RoleUser, group: RoleGroup) =>
    groupToUserRefusal({ enabled: user.enabled, groupIds: user.authGroups.map((g) => g.id) }, group),
  missing: 'The user is not in this group.',
  load: [getRoleUser, getRoleGroup],
  insert: (tx, userId, groupId) => tx.insert(authGroupUsers).values({ groupId, userId }),
})
const GROUP_SCOPES = roleLinks({
  link: [authGroupScopes.groupId, authGroupScopes.scopeId],
  member: [scopes.id, scopes.name],
  log: { entity: 'auth_group', memberKey: 'scope' },
  refusal: (group: RoleGroup, scope: RoleScope) =>
    scopeToGroupRefusal({ active: group.active, scopeIds: group.scopes.map((s) => s.id) }, scope.id),
  missing: 'The group does not have this scope.',
  load: [getRoleGroup, getRoleScope],
  insert: (tx, groupId, scopeId) => tx.insert(authGroupScopes).values({ groupId, scopeId }),
})

async function addLink(tx: DbOrTx, actorId: number, links: RoleLinks, recordId: number, memberId: number) {
  const { refusal, name } = await links.check(tx, recordId, memberId)
  if (refusal) throw new RuleError(refusal, 409)
  await links.insert(tx, recordId, memberId)
  await logLink(tx, actorId, links, recordId, 'link', name)
}

async function removeLink(tx: DbOrTx, actorId: number, links: RoleLinks, recordId: number, memberId: number) {
  const [recordColumn, memberColumn] = links.link
  const [row] = await tx
    .delete(recordColumn.table)
    .where(and(eq(recordColumn, recordId), eq(memberColumn, memberId)))
    .returning({ memberId: memberColumn })
  if (!row) throw new NotFoundError(links.missing)
  const [memberIdColumn, memberName] = links.member
  const [member] = await tx.select({ name: memberName }).from(memberName.table).where(eq(memberIdColumn, memberId))
  await logLink(tx, actorId, links, recordId, 'unlink', (member?.name as string | undefined) ?? memberId)
}

/** A record's members set to `wanted`: the ones it had and is not given are unlinked first, then the new ones linked. */
async function setLinks(
  tx: DbOrTx,
  actorId: number,
  links: RoleLinks,
  recordId: number,
  had: readonly { id: number }[],
  wanted: readonly number[],
) {
  const keep = new Set(wanted)
  for (const member of had) if (!keep.has(member.id)) await removeLink(tx, actorId, links, recordId, member.id)
  const hadIds = new Set(had.map((member) => member.id))
  for (const memberId of keep) if (!hadIds.has(memberId)) await addLink(tx, actorId, links, recordId, memberId)
}

function logLink(
  tx: DbOrTx,
  actorId: number,
  links: RoleLinks,
  recordId: number,
  action: 'link' | 'unlink',
  member: string | number,
) {
  const change = { [links.log.memberKey]: member }
  return recordChange(tx, {
    userId: actorId,
    entity: links.log.entity,
    entityId: recordId,
    action,
    before: action === 'unlink' ? change : null,
    after: action === 'link' ? change : null,
  })
}

/** New group (and copy group: the copy gets the copied group's scopes). */
export async function createGroup(
  db: DbOrTx,
  actor: RoleActor,
  input: { name: string; copyFrom?: number | null },
): Promise<number> {
  return asRoleEditor(db, actor, async (tx, actorId) => {
    await refuseTaken(tx, GROUP_NAME, input.name, null)
    const [row] = await tx.insert(authGroups).values({ name: input.name.trim() }).returning({ id: authGroups.id })
    await recordChange(tx, {
      userId: actorId,
      entity: 'auth_group',
      entityId: row.id,
      action: 'create',
      before: null,
      after: { name: input.name.trim(), copyFrom: input.copyFrom ?? null },
    })
    if (input.copyFrom)
      for (const scope of (await getRoleGroup(tx, input.copyFrom)).scopes)
        await addLink(tx, actorId, GROUP_SCOPES, row.id, scope.id)
    return row.id
  })
}

/**
 * PUT /api/authgroups/{id} (and the screen's disable and enable): `active: false` is the disable of
 * spec 1 §4: the group leaves every user and scope first; the admin group is never disabled.
 */
export async function updateGroup(
  db: DbOrTx,
  actor: RoleActor,
  id: number,
  changes: { name?: string; active?: boolean; scopeIds?: number[] },
): Promise<void> {
  await asRoleEditor(db, actor, async (tx, actorId) => {
    const before = await getRoleGroup(tx, id)
    if (changes.active === false && before.active) {
      const refusal = groupDisableRefusal(before)
      if (refusal) throw new RuleError(refusal, 409)
    }
    if (changes.name !== undefined && changes.name.trim() !== before.name) {
      await refuseTaken(tx, GROUP_NAME, changes.name, id)
      await setGroupField(tx, actorId, id, { name: before.name }, { name: changes.name.trim() })
    }
    if (changes.scopeIds !== undefined && changes.active !== false)
      await setLinks(tx, actorId, GROUP_SCOPES, id, before.scopes, changes.scopeIds)
    if (changes.active !== undefined && changes.active !== before.active) {
      if (!changes.active) {
        for (const user of before.users) await removeLink(tx, actorId, USER_GROUPS, user.id, id)
        for (const scope of before.scopes) await removeLink(tx, actorId, GROUP_SCOPES, id, scope.id)
      }
      await setGroupField(tx, actorId, id, { active: before.active }, { active: changes.active })
    }
  })
}

/** A group's own field (its name, or active) changed, and the change logged. */
async function setGroupField<Field extends 'name' | 'active'>(
  tx: DbOrTx,
  actorId: number,
  id: number,
  before: Pick<RoleGroup, Field>,
  after: Pick<RoleGroup, Field>,
) {
  await tx.update(authGroups).set(after).where(eq(authGroups.id, id))
  await recordChange(tx, { userId: actorId, entity: 'auth_group', entityId: id, action: 'update', before, after })
}

/** DELETE /api/authgroups/{id}: not the admin group. */
export async function deleteGroup(db: DbOrTx, actor: RoleActor, id: number): Promise<void> {
  await asRoleEditor(db, actor, async (tx, actorId) => {
    const before = await getRoleGroup(tx, id)
    const refusal = groupDisableRefusal(before)
    if (refusal) throw new RuleError(refusal, 409)
    await tx.delete(authGroups).where(eq(authGroups.id, id))
    await recordChange(tx, {
      userId: actorId,
      entity: 'auth_group',
      entityId: id,
      action: 'delete',
      before,
      after: null,
    })
  })
}

/** New scope (development only: the caller checks the environment). */
export async function createScope(
  db: DbOrTx,
  actor: RoleActor,
  input: { name: string; description: string },
): Promise<number> {
  return asRoleEditor(db, actor, async (tx, actorId) => {
    const [taken] = await tx.select({ id: scopes.id }).from(scopes).where(eq(scopes.name, input.name.trim()))
    if (taken) throw new InvalidError(M.scopeNameTaken, { field: 'name' })
    const [row] = await tx
      .insert(scopes)
      .values({ name: input.name.trim(), description: input.description })
      .returning({ id: scopes.id })
    await recordChange(tx, { userId: actorId, entity: 'scope', entityId: row.id, action: 'create', after: input })
    return row.id
  })
}

export async function updateScope(
  db: DbOrTx,
  actor: RoleActor,
  id: number,
  changes: { name?: string; description?: string },
): Promise<void> {
  await asRoleEditor(db, actor, async (tx, actorId) => {
    const before = await getRoleScope(tx, id)
    const after = { name: changes.name?.trim() ?? before.name, description: changes.description ?? before.description }
    await tx.update(scopes).set(after).where(eq(scopes.id, id))
    await recordChange(tx, { userId: actorId, entity: 'scope', entityId: id, action: 'update', before, after })
  })
}

/** Scope delete (development only): it leaves every group with it. */
export async function deleteScope(db: DbOrTx, actor: RoleActor, id: number): Promise<void> {
  await asRoleEditor(db, actor, async (tx, actorId) => {
    const before = await getRoleScope(tx, id)
    const holders = await tx
      .select({ groupId: authGroupScopes.groupId })
      .from(authGroupScopes)
      .where(eq(authGroupScopes.scopeId, id))
    for (const holder of holders) await removeLink(tx, actorId, GROUP_SCOPES, holder.groupId, id)
    await tx.delete(scopes).where(eq(scopes.id, id))
    await recordChange(tx, { userId: actorId, entity: 'scope', entityId: id, action: 'delete', before, after: null })
  })
}
