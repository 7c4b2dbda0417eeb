/** Session and leave types (spec 2 §2.9), in the order of the session_types table (ids 1–11). */
export const SESSION_TYPES = [
  'Manual Logout',
  'Automatic Logout',
  'Vacation',
  'Holiday',
  'Floater',
  'Sick Leave',
  'Jury Duty',
  'Unpaid Leave',
  'Penalty',
  'Personal',
  'Combined',
] as const
export type SessionTypeName = (typeof SESSION_TYPES)[number]

/** Types a person records by hand (leave); the first two close sign-ins. */
export const LEAVE_TYPES = SESSION_TYPES.slice(2) as readonly SessionTypeName[]

export function sessionTypeId(name: string): number | null {
  const index = SESSION_TYPES.indexOf(name as SessionTypeName)
  return index < 0 ? null : index + 1
}

export const HOURS_KINDS = ['log', 'daily', 'period'] as const
export type HoursKind = (typeof HOURS_KINDS)[number]

export const ALL_USERS = 'All'
export const SESSION_LOG_LIMIT = 1000

/** Whole days from start to end, both YYYY-MM-DD. */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000)
}

/** The log view covers at most one year (spec 2 §5). */
export function withinOneYear(start: string, end: string): boolean {
  const limit = new Date(`${start}T00:00:00Z`)
  limit.setUTCFullYear(limit.getUTCFullYear() + 1)
  return Date.parse(`${end}T00:00:00Z`) <= limit.getTime()
}

/** Spec 2 §8 (Messages): what the hours screen and tile say when a read fails. */
export const HOURS_MESSAGES = {
  activeFailed: 'Failed to get active sessions.',
  hoursFailed: 'Failed to get users hours.',
} as const

/** A leave entry counts for at most one day, when created (the form's hours) and when changed (PUT /api/sessions/{id}). */
export const LEAVE_MAX_HOURS = 24
export const LEAVE_MESSAGES = {
  tooLong: `A leave entry is at most ${LEAVE_MAX_HOURS} hours: logout must be within ${LEAVE_MAX_HOURS} hours of login.`,
  endBeforeStart: 'logout must not be before login.',
} as const
