import dayjs from 'dayjs'
import { canSeeOthersHours } from '#app/auth/abilities'
import type { CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { DomainError, ForbiddenError, InvalidError, NotFoundError } from '#app/domain/errors'
import { HOURS_MESSAGES } from '#app/domain/hours'
import { parseWith, readBody, readQuery } from '#app/http/api.server'
import type { ApiHandlers, GuardOptions } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import {
  activeSessions,
  createLeave,
  deleteLeave,
  getSessionRow,
  hoursByType,
  HoursAccessError,
  resolveHoursUser,
  runHoursSearch,
  updateLeave,
} from '#app/models/hours.server'
import { listSessionNoteTypes } from '#app/models/session.server'
import {
  hoursSearchSchema,
  leaveEntrySchema,
  sessionsQuerySchema,
  sessionUpdateSchema,
  usersHoursQuerySchema,
} from '#app/schemas/hours'

/** Whose hours a user may read: their own, or anyone's with hours-override (the model refuses the rest). */
const viewerOf = (user: CurrentUser) => ({ id: user.id, username: user.username, override: canSeeOthersHours(user) })

/**
 * GET /api/sessions?action=log|daily|period&username=&startDate=&endDate=&type=&page=&limit=
 * log answers {logs, core (page, limit, count, pages), sum}; daily and period {logs, sum}; seconds.
 * POST {username, type, date, hours}: a leave entry (own, or anyone's with hours-override).
 * Someone else's hours without the right: the model's HoursAccessError (403).
 */
export const sessionsApi: ApiHandlers = {
  GET: async ({ request, user }) => {
    const query = readQuery(request, sessionsQuerySchema)
    const today = dayjs().format('YYYY-MM-DD')
    const search = parseWith(hoursSearchSchema(today, { allowIso: true }), {
      username: query.username ?? user.username,
      start: query.startDate ?? today,
      end: query.endDate ?? query.startDate ?? today,
      type: query.type ?? 'Any',
      kind: query.action,
      page: query.page,
    })
    const db = getDb()
    const userId = await resolveHoursUser(db, viewerOf(user), search.username)
    return runHoursSearch(db, { ...search, userId }, query.limit)
  },
  POST: async ({ request, user }) => {
    const body = await readBody(request, leaveEntrySchema.partial({ username: true }))
    const db = getDb()
    const userId = await resolveHoursUser(db, viewerOf(user), body.username ?? user.username)
    if (userId === null) throw new HoursAccessError('Choose one user for a leave entry.')
    const id = await createLeave(db, { userId, type: body.type, date: body.date, hours: body.hours }, user.id)
    return Response.json({ id }, { status: 201 })
  },
}

async function ownedSession(user: CurrentUser, param: string | undefined) {
  const row = await getSessionRow(getDb(), requireId(param, 'session'))
  if (!row) throw new NotFoundError('No such session.')
  if (row.user_id !== user.id && !canSeeOthersHours(user))
    throw new ForbiddenError('You may see only your own sessions.')
  return row
}

/** Sign-ins are a record: only leave entries change. */
async function leaveEntry(user: CurrentUser, param: string | undefined) {
  const row = await ownedSession(user, param)
  if (!row.type || row.type === 'Manual Logout' || row.type === 'Automatic Logout') {
    throw new DomainError('Sign-in sessions cannot be changed; only leave entries can.', 'NOT_EDITABLE', 409)
  }
  return row
}

/** GET /api/sessions/{id}; PUT {type, login, logout} and DELETE: leave entries only. */
export const sessionApi: ApiHandlers = {
  GET: ({ params, user }) => ownedSession(user, params.id),
  PUT: async ({ request, params, user }) => {
    const row = await leaveEntry(user, params.id)
    const body = await readBody(request, sessionUpdateSchema)
    await updateLeave(getDb(), row.id, body, user.id)
    return getSessionRow(getDb(), row.id)
  },
  DELETE: async ({ params, user }) => {
    const row = await leaveEntry(user, params.id)
    await deleteLeave(getDb(), row.id, user.id)
    return { status: 'DELETED' }
  },
}

/** GET /api/sessions/active?orders=username: who is signed in now, with their phones. */
export const activeSessionsApi: ApiHandlers = {
  GET: () =>
    activeSessions(getDb()).catch((error: unknown) => {
      console.error('[hours] active sessions failed', error)
      throw new DomainError(HOURS_MESSAGES.activeFailed, 'ERROR', 500)
    }),
}

/**
 * GET /api/users/hours?username=&type=&startDateTime=&endDateTime=: seconds per user and type.
 * Someone else's hours without hours-override: the model's HoursAccessError (403).
 */
export const usersHoursApi: ApiHandlers = {
  GET: async ({ request, user }) => {
    const query = readQuery(request, usersHoursQuerySchema)
    const today = dayjs().format('YYYY-MM-DD')
    const start = query.startDateTime ?? today
    const end = query.endDateTime ?? start
    if (end < start) throw new InvalidError('End date before Start')
    const db = getDb()
    const userId = await resolveHoursUser(db, viewerOf(user), query.username ?? user.username)
    return hoursByType(db, { userId, start, end, type: query.type ?? 'Any' }).catch((error: unknown) => {
      console.error('[hours] users hours failed', error)
      throw new DomainError(HOURS_MESSAGES.hoursFailed, 'ERROR', 500)
    })
  },
}

/** GET /api/session_notes/types: the activities offered on the idle relogin form. */
export const sessionNoteTypesApi: ApiHandlers = {
  GET: () => listSessionNoteTypes(getDb()),
}
/** The relogin form asks while the session is timed out, and asking is not activity. */
export const SESSION_NOTE_TYPES_GUARD: GuardOptions = { allowTimedOut: true, countActivity: false }
