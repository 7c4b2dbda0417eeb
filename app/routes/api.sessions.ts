import dayjs from 'dayjs'
import { z } from 'zod'
import { canSeeOthersHours } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { SESSION_LOG_LIMIT } from '#app/domain/hours'
import { parseWith, readBody, readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { createLeave, HoursAccessError, resolveHoursUser, runHoursSearch } from '#app/models/hours.server'
import { hoursSearchSchema, leaveEntrySchema } from '#app/schemas/hours'

const querySchema = z.object({
  action: z.enum(['log', 'daily', 'period'], { error: 'action must be log, daily or period' }).default('log'),
  username: z.string().max(100).optional(),
  startDate: z.string().max(20).optional(),
  endDate: z.string().max(20).optional(),
  type: z.string().max(40).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(SESSION_LOG_LIMIT).default(SESSION_LOG_LIMIT),
})

/**
 * GET /api/sessions?action=log|daily|period&username=&startDate=&endDate=&type=&page=&limit=
 * log answers {logs, core (page, limit, count, pages), sum}; daily and period {logs, sum}; seconds.
 * POST {username, type, date, hours}: a leave entry (own, or anyone's with hours-override).
 * Someone else's hours without the right: the model's HoursAccessError (403).
 */
const api = apiRoute('/api/sessions', {
  GET: async ({ request, user }) => {
    const query = readQuery(request, querySchema)
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
    const userId = await resolveHoursUser(
      db,
      { id: user.id, username: user.username, override: canSeeOthersHours(user) },
      search.username,
    )
    return runHoursSearch(db, { ...search, userId }, query.limit)
  },
  POST: async ({ request, user }) => {
    const body = await readBody(request, leaveEntrySchema.partial({ username: true }))
    const db = getDb()
    const userId = await resolveHoursUser(
      db,
      { id: user.id, username: user.username, override: canSeeOthersHours(user) },
      body.username ?? user.username,
    )
    if (userId === null) throw new HoursAccessError('Choose one user for a leave entry.')
    const id = await createLeave(db, { userId, type: body.type, date: body.date, hours: body.hours }, user.id)
    return Response.json({ id }, { status: 201 })
  },
})

export const loader = api.loader
export const action = api.action
