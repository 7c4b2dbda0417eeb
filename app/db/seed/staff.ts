import { ADMIN_GROUP, SCOPE_DESCRIPTIONS, SCOPES, type Scope } from '#app/domain/scope-names'
import type {
  authGroups,
  authGroupScopes,
  authGroupUsers,
  scopes,
  sessionNotes,
  userAcls,
  users,
  userSessions,
} from '../schema'
import { addDays, addMinutes, at, isWeekday } from './calendar'
import type { SeedContext } from './context'
import { DEMO_USERS } from './demo-users'

/** Password of the extra staff accounts (not printed at start; they give jobs and hours variety). */
export const STAFF_PASSWORD = 'staff-demo-1'

interface StaffSeed {
  username: string
  password: string
  longName: string
  groups: string[]
  enabled?: boolean
  signer?: boolean
  timeoutMinutes?: number
  ext: string
}

const DEMO_DETAILS: Record<string, { longName: string; ext: string; timeoutMinutes?: number; signer?: boolean }> = {
  admin: { longName: 'Pat Sullivan', ext: '101', timeoutMinutes: 60 },
  underwriter: { longName: 'Ellen Brooks', ext: '110' },
  claims: { longName: 'Marcus Reed', ext: '120' },
  accounting: { longName: 'Linda Chao', ext: '130' },
  readonly: { longName: 'Sam Taylor', ext: '140', signer: false },
}

export const STAFF: readonly StaffSeed[] = [
  ...DEMO_USERS.map((user) => ({ ...user, ...DEMO_DETAILS[user.username] })),
  { username: 'mkent', password: STAFF_PASSWORD, longName: 'Margaret Kent', groups: ['underwriting'], ext: '111' },
  { username: 'jrivera', password: STAFF_PASSWORD, longName: 'Jorge Rivera', groups: ['underwriting'], ext: '112' },
  {
    username: 'dokafor',
    password: STAFF_PASSWORD,
    longName: 'Daniel Okafor',
    groups: ['underwriting', 'claims'],
    ext: '113',
    timeoutMinutes: 30,
  },
  { username: 'apatel', password: STAFF_PASSWORD, longName: 'Anita Patel', groups: ['claims'], ext: '121' },
  { username: 'tnguyen', password: STAFF_PASSWORD, longName: 'Thanh Nguyen', groups: ['claims'], ext: '122' },
  { username: 'bwalsh', password: STAFF_PASSWORD, longName: 'Brendan Walsh', groups: ['accounting'], ext: '131' },
  // A former employee: disabled users keep their history but belong to no group (spec 1 §4).
  {
    username: 'lformer',
    password: STAFF_PASSWORD,
    longName: 'Lee Former',
    groups: [],
    enabled: false,
    signer: false,
    ext: '199',
  },
  // The shared front-desk account: it times out after one idle minute (the idle tests use it).
  {
    username: 'frontdesk',
    password: STAFF_PASSWORD,
    longName: 'Front Desk',
    groups: ['readonly'],
    signer: false,
    ext: '100',
    timeoutMinutes: 1,
  },
]

/** Staff who work notes (jobs are assigned to them), with how much of the queue each carries. */
export const JOB_STAFF: readonly (readonly [string, number])[] = [
  ['underwriter', 6],
  ['mkent', 5],
  ['jrivera', 5],
  ['dokafor', 3],
  ['claims', 3],
  ['apatel', 2],
  ['tnguyen', 2],
  ['accounting', 2],
  ['bwalsh', 1],
  ['admin', 1],
]

const GROUP_SCOPES: Record<string, readonly Scope[]> = {
  [ADMIN_GROUP]: SCOPES,
  underwriting: [
    'firm-view',
    'firm-edit',
    'note-edit',
    'person-view',
    'person-edit',
    'contact-view',
    'contact-edit',
    'policy-edit',
    'email-send',
    'firmfile-upload',
    'calculate-commissions',
    'bindauthority-view',
    'report-view',
    'people-edit',
  ],
  claims: [
    'claim-view',
    'claim-edit',
    'firm-view',
    'note-edit',
    'contact-view',
    'contact-edit',
    'person-view',
    'email-send',
    'firmfile-upload',
    'report-view',
    'bordereau-view',
  ],
  accounting: [
    'firm-view',
    'bindauthority-view',
    'bordereau-view',
    'bordereau-download',
    'report-view',
    'mgacommission-manage',
    'mgabilling-manage',
    'producercommission-manage',
    'tax-manage',
    'calculate-commissions',
    'hours-override',
    'claim-view',
  ],
  readonly: ['firm-view', 'claim-view', 'contact-view', 'person-view', 'report-view'],
  // Inactive: disabling a group removes it from users and scopes (spec 1 §4), so it holds none.
  marketing: [],
}
const INACTIVE_GROUPS = new Set(['marketing'])

export interface StaffRows {
  users: (typeof users.$inferInsert)[]
  authGroups: (typeof authGroups.$inferInsert)[]
  scopes: (typeof scopes.$inferInsert)[]
  authGroupUsers: (typeof authGroupUsers.$inferInsert)[]
  authGroupScopes: (typeof authGroupScopes.$inferInsert)[]
  userAcls: (typeof userAcls.$inferInsert)[]
  userSessions: (typeof userSessions.$inferInsert)[]
  sessionNotes: (typeof sessionNotes.$inferInsert)[]
}

/** Types of session_types (ids fixed by the reference-data migration). */
const SESSION = { manual: 1, automatic: 2, vacation: 3, holiday: 4, sick: 6, personal: 10 } as const

export function generateStaff(ctx: SeedContext, passwordHashes: ReadonlyMap<string, string>): StaffRows {
  const rng = ctx.rng.fork('staff')
  const userId = new Map(STAFF.map((staff, index) => [staff.username, index + 1]))
  const groupNames = Object.keys(GROUP_SCOPES)
  const groupId = new Map(groupNames.map((name, index) => [name, index + 1]))
  const scopeId = new Map(SCOPES.map((name, index) => [name, index + 1]))

  const userRows = STAFF.map((staff, index): typeof users.$inferInsert => {
    const hash = passwordHashes.get(staff.password)
    if (!hash) throw new Error(`No hash for the password of ${staff.username}`)
    return {
      id: index + 1,
      username: staff.username,
      passwordHash: hash,
      enabled: staff.enabled ?? true,
      timeoutMinutes: staff.timeoutMinutes ?? 15,
      longName: staff.longName,
      email: `${staff.username}@mga-desk.example`,
      signer: staff.signer ?? true,
      company: 'Summit Professional Underwriters',
      direct: `512555${String(100 + index).padStart(4, '0')}`,
      ext: staff.ext,
      mobile: rng.chance(0.8) ? `737555${String(rng.int(100, 199)).padStart(4, '0')}` : null,
      imusername: `${staff.username}.im`,
      preferences: staff.username === 'claims' || staff.username === 'apatel' ? { home: 'claims' } : {},
    }
  })

  const memberships = STAFF.flatMap((staff) =>
    staff.groups.map((group) => ({ groupId: groupId.get(group)!, userId: userId.get(staff.username)! })),
  )
  const groupScopes = Object.entries(GROUP_SCOPES).flatMap(([group, held]) =>
    held.map((scope) => ({ groupId: groupId.get(group)!, scopeId: scopeId.get(scope)! })),
  )

  const active = STAFF.filter((staff) => staff.enabled !== false)
  const acls = active.flatMap((staff) =>
    rng
      .sample(
        active.filter((other) => other.username !== staff.username),
        rng.int(2, 4),
      )
      .map((other) => ({ userId: userId.get(staff.username)!, allowedUserId: userId.get(other.username)! })),
  )

  const { sessions, notes } = generateSessions(
    ctx,
    active.map((staff) => userId.get(staff.username)!),
  )
  return {
    users: userRows,
    authGroups: groupNames.map((name) => ({ id: groupId.get(name)!, name, active: !INACTIVE_GROUPS.has(name) })),
    scopes: SCOPES.map((name) => ({ id: scopeId.get(name)!, name, description: SCOPE_DESCRIPTIONS[name] })),
    authGroupUsers: memberships,
    authGroupScopes: groupScopes,
    userAcls: acls,
    userSessions: sessions,
    sessionNotes: notes,
  }
}

/** Sixty days of working sessions per user, with timeouts, leave and a shared holiday. */
function generateSessions(ctx: SeedContext, userIds: number[]) {
  const rng = ctx.rng.fork('sessions')
  const sessions: (typeof userSessions.$inferInsert)[] = []
  const notes: (typeof sessionNotes.$inferInsert)[] = []
  const holiday = addDays(ctx.today, -rng.int(20, 40))
  let id = 1
  for (const user of userIds) {
    const vacationStart = addDays(ctx.today, -rng.int(10, 55))
    for (let back = 60; back >= 1; back--) {
      const day = addDays(ctx.today, -back)
      if (!isWeekday(day)) continue
      const onVacation = day >= vacationStart && day < addDays(vacationStart, rng.int(0, 1) === 0 ? 3 : 5)
      const leave =
        day === holiday ? SESSION.holiday : onVacation ? SESSION.vacation : rng.chance(0.02) ? SESSION.sick : null
      if (leave !== null) {
        // Leave is recorded as an eight-hour entry of its type (the hours report counts it).
        const login = at(day, 14)
        sessions.push({
          id: id++,
          userId: user,
          login,
          logout: addMinutes(login, 480),
          lastActivity: addMinutes(login, 480),
          typeId: leave,
        })
        continue
      }
      if (rng.chance(0.04)) continue
      // Office hours 8–9 am Central, as UTC.
      const login = at(day, 13, rng.int(0, 90))
      const worked = rng.int(450, 560)
      const timedOut = rng.chance(0.15)
      const lastActivity = addMinutes(login, timedOut ? worked - rng.int(60, 180) : worked)
      const logout = timedOut ? addMinutes(lastActivity, 15) : lastActivity
      const sessionId = id++
      sessions.push({
        id: sessionId,
        userId: user,
        login,
        logout,
        lastActivity,
        timedOut,
        typeId: timedOut ? SESSION.automatic : SESSION.manual,
        ip: `10.0.0.${10 + user}`,
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0',
      })
      if (timedOut && rng.chance(0.5)) {
        const typeId = rng.int(1, 6)
        notes.push({
          sessionId,
          userId: user,
          typeId,
          notes: typeId === 1 ? rng.pick(['Helping a walk-in client', 'Fire drill', 'Server maintenance call']) : null,
          createdAt: addMinutes(lastActivity, rng.int(20, 60)),
        })
      }
    }
  }
  return { sessions, notes }
}
