/**
 * The Roles screen's rules (spec 1 §2.7, §4 "User enabled/disabled", "Group active/inactive", §5, §9):
 * pure functions the model applies in its transactions and the screen uses to offer only what is
 * allowed. No I/O.
 */
import { ADMIN_GROUP } from './scope-names'

/** The spec's words (spec 1 §5, §8), and ours where the spec words nothing (the refusals of §4). */
export const ROLES_MESSAGES = {
  saveFailed: 'Error saving. Please check all fields and try again.',
  saved: 'Save was successful.',
  passwordChanged: 'Password change was successful.',
  usernameRequired: 'Username is required',
  usernameTaken: 'Username is taken',
  passwordRequired: 'Password is required',
  confirmationRequired: 'Password Confirmation is required',
  mismatch: 'Entered passwords do not match',
  newPasswordRequired: 'New password is required',
  groupNameRequired: 'Group name is required',
  groupNameTaken: 'Group name is taken',
  scopeNameRequired: 'Scope name is required',
  scopeNameTaken: 'Scope name is taken',
  timeoutNumeric: 'Timeout hours and minutes must be whole numbers',
  timeoutMinimum: 'The timeout must be at least 1 minute',
  ipPattern: 'An IP restriction is four parts of 0-255 or *, such as 192.168.*.*',
  groupAlreadyOnUser: 'The user is already in this group.',
  scopeAlreadyOnGroup: 'The group already has this scope.',
  userDisabled: 'A disabled user cannot be given groups.',
  groupInactive: 'An inactive group cannot be given to users.',
  groupInactiveScopes: 'An inactive group cannot be given scopes.',
  adminGroup: 'The admin group cannot be disabled.',
  ownRoleEdit: 'You cannot remove your own role-edit.',
  scopesDevelopmentOnly: 'Scopes are added and deleted only in a development environment.',
  ownPasswordHere: 'Change your own password on the Password page.',
  userNotFound: 'No such user.',
  groupNotFound: 'No such group.',
  scopeNotFound: 'No such scope.',
} as const

/** Why a user without role-edit who opens Roles is signed out (spec 1 §6 words no message). */
export const ROLES_SIGN_OUT = 'You do not have permission to edit roles.'

/** New user defaults (spec 1 §9): enabled, 0 hours 15 minutes, multiple logins, no IP restrictions. */
export const NEW_USER_DEFAULTS = { enabled: true, timeoutMinutes: 15, multipleLogins: true, ipRestrictions: [] }

/** The IP restriction patterns the user dialog suggests (spec 1 §5). */
export const SUGGESTED_IP_PATTERNS = ['192.168.*.*', '*.*.*.*'] as const

/** Hours and minutes of a timeout in minutes (the dialog's two fields). */
export function timeoutParts(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 }
}

/** The timeout as the API sends it: '0 years 0 mons 0 days H hours M mins 0.00 secs' (spec 1 §9). */
export function timeoutInterval(minutes: number): string {
  const parts = timeoutParts(minutes)
  return `0 years 0 mons 0 days ${parts.hours} hours ${parts.minutes} mins 0.00 secs`
}

/**
 * Minutes of an interval text ('0 years 0 mons 0 days 1 hours 30 mins 0.00 secs', '01:30:00', '90
 * mins'): a month is 30.5 days and a year 24 months (spec 1 §3, §9). Null when it cannot be read.
 */
export function intervalMinutes(text: string): number | null {
  const trimmed = text.trim().toLowerCase()
  if (!trimmed) return null
  const clock = /^(\d+):(\d{1,2})(?::(\d{1,2}(?:\.\d+)?))?$/.exec(trimmed)
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]) + Math.floor(Number(clock[3] ?? 0) / 60)
  const units: Record<string, number> = {
    year: 24 * 30.5 * 24 * 60,
    mon: 30.5 * 24 * 60,
    month: 30.5 * 24 * 60,
    day: 24 * 60,
    hour: 60,
    min: 1,
    minute: 1,
    sec: 1 / 60,
    second: 1 / 60,
  }
  let total = 0
  let rest = trimmed
  const part = /^(-?\d+(?:\.\d+)?)\s*([a-z]+?)s?(?:\s+|$)/
  while (rest) {
    const match = part.exec(rest)
    if (!match) return null
    const unit = units[match[2]]
    if (unit === undefined) return null
    total += Number(match[1]) * unit
    rest = rest.slice(match[0].length)
  }
  return Math.round(total)
}

/** An IP restriction: four parts, each 0-255 or * (the suggested patterns are of this shape). */
export function isIpPattern(pattern: string): boolean {
  const parts = pattern.trim().split('.')
  return parts.length === 4 && parts.every((part) => part === '*' || (/^\d{1,3}$/.test(part) && Number(part) <= 255))
}

/** The IP restrictions typed one a line (or comma separated), blanks and repeats dropped. */
export function ipRestrictionsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  ]
}

/** Why a group cannot be dropped onto a user (spec 1 §4), or null. */
export function groupToUserRefusal(
  user: { enabled: boolean; groupIds: readonly number[] },
  group: { id: number; active: boolean },
): string | null {
  if (!user.enabled) return ROLES_MESSAGES.userDisabled
  if (!group.active) return ROLES_MESSAGES.groupInactive
  if (user.groupIds.includes(group.id)) return ROLES_MESSAGES.groupAlreadyOnUser
  return null
}

/** Why a scope cannot be dropped onto a group (spec 1 §4: duplicates are refused), or null. */
export function scopeToGroupRefusal(group: { active: boolean; scopeIds: readonly number[] }, scopeId: number) {
  if (!group.active) return ROLES_MESSAGES.groupInactiveScopes
  if (group.scopeIds.includes(scopeId)) return ROLES_MESSAGES.scopeAlreadyOnGroup
  return null
}

/** Whether a group may be disabled: the group named admin never (spec 1 §4, §6). */
export function groupDisableRefusal(group: { name: string }): string | null {
  return group.name.trim().toLowerCase() === ADMIN_GROUP ? ROLES_MESSAGES.adminGroup : null
}

/**
 * A change made by a role editor must leave them role-edit (they would lock themselves out of the
 * screen): checked after the change, inside its transaction, so every way of losing it is covered
 * (their group removed, the scope taken off a group, a group disabled, their account disabled).
 */
export function ownRoleEditRefusal(heldBefore: boolean, holdsAfter: boolean): string | null {
  return heldBefore && !holdsAfter ? ROLES_MESSAGES.ownRoleEdit : null
}

/** The Roles screen's dialogs, addressed by `?dialog=` (with `id=` for the record they act on). */
export const ROLES_DIALOGS = [
  'new-user',
  'edit-user',
  'copy-user',
  'new-group',
  'copy-group',
  'new-scope',
  'delete-scope',
  'password',
  'disable-user',
  'disable-group',
  'user-info',
  'group-info',
  'scope-info',
] as const
export type RolesDialog = (typeof ROLES_DIALOGS)[number]
