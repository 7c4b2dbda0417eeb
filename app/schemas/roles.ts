import { z } from 'zod'
import { PASSWORD_LENGTH } from '#app/domain/password-rules'
import { intervalMinutes, ipRestrictionsOf, isIpPattern, ROLES_DIALOGS, ROLES_MESSAGES } from '#app/domain/roles'
import { idField, optionalIdField, typedText } from './fields'

/** The Roles screen's forms and the /api/users, /api/authgroups and /api/scopes bodies (spec 1 §5, §7). */

const M = ROLES_MESSAGES
const recordId = idField('Must be a record id')

const username = z.preprocess(
  typedText,
  z.string({ error: M.usernameRequired }).trim().min(1, M.usernameRequired).max(100, 'At most 100 characters'),
)
const groupName = z.preprocess(
  typedText,
  z.string({ error: M.groupNameRequired }).trim().min(1, M.groupNameRequired).max(100, 'At most 100 characters'),
)
const scopeName = z.preprocess(
  typedText,
  z.string({ error: M.scopeNameRequired }).trim().min(1, M.scopeNameRequired).max(100, 'At most 100 characters'),
)
const password = (required: string) =>
  z.string({ error: required }).min(1, required).max(PASSWORD_LENGTH.max, `At most ${PASSWORD_LENGTH.max} characters`)

/** A checkbox: on is yes, absent is no; a JSON body's boolean as it is. */
const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true')

/** Hours or minutes of the timeout: whole numbers (spec 1 §5: numeric, step 1); blank is 0. */
const timeoutPart = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? '0' : String(value)),
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, M.timeoutNumeric)
    .transform(Number),
)

/** IP restrictions typed one a line: each of the form 192.168.*.* (spec 1 §5's suggested patterns). */
const ipText = z.preprocess(
  typedText,
  z
    .string()
    .max(2000)
    .optional()
    .transform((text) => ipRestrictionsOf(text ?? ''))
    .refine((list) => list.every(isIpPattern), M.ipPattern),
)
const ipList = z
  .array(z.string().max(60))
  .max(50)
  .transform((list) => [...new Set(list.map((entry) => entry.trim()).filter(Boolean))])
  .refine((list) => list.every(isIpPattern), M.ipPattern)

/** The user dialog's fields shared by new, copy and edit: the timeout in hours and minutes (minimum 1 minute). */
const userFields = {
  username,
  timeoutHours: timeoutPart,
  timeoutMinutes: timeoutPart,
  ipRestrictions: ipText,
  multipleLogins: checkbox,
}
const withTimeout = <T extends { timeoutHours: number; timeoutMinutes: number }>(value: T, ctx: z.RefinementCtx) => {
  if (value.timeoutHours * 60 + value.timeoutMinutes < 1)
    ctx.addIssue({ code: 'custom', message: M.timeoutMinimum, path: ['timeoutMinutes'] })
}

/** New user and copy user (copyFrom: the user whose groups the copy gets). */
export const userCreateFormSchema = z
  .object({
    ...userFields,
    password: password(M.passwordRequired),
    confirmPassword: password(M.confirmationRequired),
    copyFrom: optionalIdField('Must be a record id'),
  })
  .superRefine(withTimeout)
  .refine((value) => value.password === value.confirmPassword, { message: M.mismatch, path: ['confirmPassword'] })
export type UserCreateForm = z.infer<typeof userCreateFormSchema>

/** Edit user: the same fields without a password (spec 1 §7: PUT /api/users/{id} is the user without password). */
export const userUpdateFormSchema = z.object({ id: recordId, ...userFields }).superRefine(withTimeout)

/** An administrator's new password for another user: a reset, changed by the user at the next sign-in. */
export const passwordResetFormSchema = z
  .object({
    id: recordId,
    newPassword: password(M.newPasswordRequired),
    confirmPassword: password(M.confirmationRequired),
  })
  .refine((value) => value.newPassword === value.confirmPassword, { message: M.mismatch, path: ['confirmPassword'] })

export const idFormSchema = z.object({ id: recordId })
export const groupCreateFormSchema = z.object({ name: groupName, copyFrom: optionalIdField('Must be a record id') })
export const scopeCreateFormSchema = z.object({
  name: scopeName,
  description: z.preprocess(typedText, z.string().trim().max(200, 'At most 200 characters').optional().default('')),
})
export const groupUserFormSchema = z.object({ userId: recordId, groupId: recordId })
export const groupScopeFormSchema = z.object({ groupId: recordId, scopeId: recordId })

/** The screen's URL: the three search boxes, the All toggles, the open dialog and its record (GET, bookmarkable). */
export const rolesParamsSchema = z.object({
  users: z.string().max(100).optional().catch(undefined),
  groups: z.string().max(100).optional().catch(undefined),
  scopes: z.string().max(100).optional().catch(undefined),
  allUsers: z.enum(['1']).optional().catch(undefined),
  allGroups: z.enum(['1']).optional().catch(undefined),
  open: z.enum(['all', 'none']).optional().catch(undefined),
  dialog: z.enum(ROLES_DIALOGS).optional().catch(undefined),
  id: recordId.optional().catch(undefined),
})
export type RolesParams = z.infer<typeof rolesParamsSchema>

// ── API bodies (spec 1 §7) ────────────────────────────────────────────────────────────────────────

/** The timeout as interval text ('0 years 0 mons 0 days 0 hours 15 mins 0.00 secs'), or minutes. */
const timeoutBody = z.union([z.string().max(100), z.number().int()]).transform((value, ctx) => {
  const minutes = typeof value === 'number' ? value : intervalMinutes(value)
  if (minutes === null || minutes < 1 || minutes > 100_000) {
    ctx.addIssue({ code: 'custom', message: M.timeoutMinimum })
    return z.NEVER
  }
  return minutes
})
const groupRefs = z.array(z.object({ id: recordId }).passthrough()).max(200)

export const userCreateBodySchema = z.object({
  username,
  password: password(M.passwordRequired),
  confirmPassword: z.string().optional(),
  enabled: z.boolean().optional().default(true),
  timeout: timeoutBody.optional(),
  ip_restrictions: ipList.optional().default([]),
  multiple_logins: z.boolean().optional().default(true),
  auth_groups: groupRefs.optional().default([]),
})
export const userUpdateBodySchema = z.object({
  username: username.optional(),
  enabled: z.boolean().optional(),
  timeout: timeoutBody.optional(),
  ip_restrictions: ipList.optional(),
  multiple_logins: z.boolean().optional(),
  auth_groups: groupRefs.optional(),
})
export const passwordResetBodySchema = z
  .object({ newPassword: password(M.newPasswordRequired), confirmPassword: z.string().optional() })
  .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.newPassword, {
    message: M.mismatch,
    path: ['confirmPassword'],
  })
export const groupCreateBodySchema = z.object({ name: groupName })
export const groupUpdateBodySchema = z.object({
  name: groupName.optional(),
  active: z.boolean().optional(),
  scopes: groupRefs.optional(),
})
export const scopeBodySchema = z.object({
  name: scopeName,
  description: z.string().trim().max(200).optional().default(''),
})
export const scopeUpdateBodySchema = scopeBodySchema.partial()
export const rolesListQuerySchema = z.object({
  search: z.string().max(100).optional(),
  active: z.enum(['true', 'false']).optional(),
  all: z.enum(['true', 'false']).optional(),
})
