import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { requiredRef, textList } from './columns'

/** Staff who sign in. `timeout_minutes` is the per-user idle limit (spec 1 §9: default 15 minutes). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    timeoutMinutes: integer('timeout_minutes').notNull().default(15),
    ipRestrictions: textList('ip_restrictions'),
    multipleLogins: boolean('multiple_logins').notNull().default(true),
    imusername: text('imusername'),
    shared: boolean('shared').notNull().default(false),
    company: text('company'),
    payroll: boolean('payroll').notNull().default(true),
    sysuser: boolean('sysuser').notNull().default(false),
    /** The name used to sign emails ("the sender's long name"). */
    longName: text('long_name'),
    email: text('email'),
    /** Available as the From of an email (GET /api/users/signers). */
    signer: boolean('signer').notNull().default(true),
    mobile: text('mobile'),
    home: text('home'),
    direct: text('direct'),
    ext: text('ext'),
    /** noTooltips, dense, home (firms|claims), searchAutoSetting (clear|save), jobHeaders. */
    preferences: jsonb('preferences')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** primary, secondary, accent, background colours; null means the default theme. */
    customTheme: jsonb('custom_theme'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Set on the first administrator of a production database: the one-time password must be changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Base32 TOTP secret (RFC 6238); `mfa_enabled` once a code from it was confirmed. */
    mfaSecret: text('mfa_secret'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    check('users_username_not_blank', sql`length(trim(${t.username})) > 0`),
    check('users_timeout_positive', sql`${t.timeoutMinutes} >= 1`),
  ],
)

export const authGroups = pgTable(
  'auth_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('auth_groups_name_lower_uq').on(sql`lower(${t.name})`),
    check('auth_groups_name_not_blank', sql`length(trim(${t.name})) > 0`),
  ],
)

export const scopes = pgTable(
  'scopes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    description: text('description').notNull().default(''),
  },
  (t) => [check('scopes_name_not_blank', sql`length(trim(${t.name})) > 0`)],
)

export const authGroupUsers = pgTable(
  'auth_group_users',
  {
    groupId: requiredRef('group_id', () => authGroups.id, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('auth_group_users_user_idx').on(t.userId)],
)

export const authGroupScopes = pgTable(
  'auth_group_scopes',
  {
    groupId: requiredRef('group_id', () => authGroups.id, { onDelete: 'cascade' }),
    scopeId: requiredRef('scope_id', () => scopes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.scopeId] }), index('auth_group_scopes_scope_idx').on(t.scopeId)],
)

/** Users a user may hand notes to (GET /api/users/{id}/acls). */
export const userAcls = pgTable(
  'user_acls',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    allowedUserId: requiredRef('allowed_user_id', () => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.allowedUserId] })],
)

/** A list of types: a fixed id and its description, each description once. */
const typeList = <Name extends string>(name: Name) =>
  pgTable(name, {
    id: integer('id').primaryKey(),
    description: text('description').notNull().unique(),
  })

/** Session and hours-entry types (spec 2 §2.9): Manual Logout, Automatic Logout, Vacation, … */
export const sessionTypes = typeList('session_types')

/**
 * One row per sign-in (and per recorded leave entry such as Vacation). The cookie carries a signed
 * random token; only its SHA-256 is stored. `type` is null while the session is open.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').unique(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    login: timestamp('login', { withTimezone: true }).notNull().defaultNow(),
    logout: timestamp('logout', { withTimezone: true }),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
    timedOut: boolean('timed_out').notNull().default(false),
    typeId: integer('type_id').references(() => sessionTypes.id),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** A form POSTed after the session timed out, kept until the user signs in again (idle relogin). */
    pendingForm: jsonb('pending_form'),
  },
  (t) => [
    index('user_sessions_user_login_idx').on(t.userId, t.login),
    index('user_sessions_open_idx')
      .on(t.userId)
      .where(sql`${t.logout} IS NULL`),
    check('user_sessions_logout_after_login', sql`${t.logout} IS NULL OR ${t.logout} >= ${t.login}`),
  ],
)

/** Activity types offered on the idle relogin form; id 1 requires a description. */
export const sessionNoteTypes = typeList('session_note_types')

export const sessionNotes = pgTable(
  'session_notes',
  {
    id: serial('id').primaryKey(),
    sessionId: requiredRef('session_id', () => userSessions.id, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    typeId: requiredRef('type_id', () => sessionNoteTypes.id),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_notes_session_idx').on(t.sessionId)],
)

/** One-time MFA recovery codes, stored as SHA-256 of a random code; `used_at` once spent. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
)

/**
 * Failed sign-ins counted per key ('user:<lower username>' or 'addr:<client address>'), known
 * usernames or not, in PostgreSQL so every process sees the same counts. A window restarts when it
 * has run out; `locked_until` answers 429 with Retry-After.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStarted: timestamp('window_started', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
})
