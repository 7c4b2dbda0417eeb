import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import dayjs from 'dayjs'
import { z } from 'zod'
import { apiError, hasScope, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { SESSION_LOG_LIMIT } from '#app/domain/hours'
import { createLeave, HoursAccessError, resolveHoursUser, runHoursSearch } from '#app/models/hours.server'
import { describeIssues, methodNotAllowed, readBody, readQuery } from '#app/http/api.server'
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

// GET /api/sessions?action=log|daily|period&username=&startDate=&endDate=&type=&page=&limit=
// log answers {logs, core (page, limit, count, pages), sum}; daily and period {logs, sum}; seconds.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, '/api/sessions')
  const query = readQuery(request, querySchema)
  const today = dayjs().format('YYYY-MM-DD')
  const parsed = hoursSearchSchema(today, { allowIso: true }).safeParse({
    username: query.username ?? user.username,
    start: query.startDate ?? today,
    end: query.endDate ?? query.startDate ?? today,
    type: query.type ?? 'Any',
    kind: query.action,
    page: query.page,
  })
  if (!parsed.success) throw apiError(400, 'INVALID_PARAMS', describeIssues(parsed.error))
  const db = getDb()
  const viewer = { id: user.id, username: user.username, override: hasScope(user, 'hours-override') }
  try {
    const userId = await resolveHoursUser(db, viewer, parsed.data.username)
    return Response.json(await runHoursSearch(db, { ...parsed.data, userId }, query.limit))
  } catch (error) {
    if (error instanceof HoursAccessError) throw apiError(403, 'FORBIDDEN', error.message)
    throw error
  }
}

// POST /api/sessions {username, type, date, hours}: a leave entry (own, or anyone's with hours-override).
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, '/api/sessions')
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const body = await readBody(request, leaveEntrySchema.partial({ username: true }))
  const db = getDb()
  const viewer = { id: user.id, username: user.username, override: hasScope(user, 'hours-override') }
  try {
    const userId = await resolveHoursUser(db, viewer, body.username ?? user.username)
    if (userId === null) throw new HoursAccessError('Choose one user for a leave entry.')
    const id = await createLeave(db, { userId, type: body.type, date: body.date, hours: body.hours }, user.id)
    return Response.json({ id }, { status: 201 })
  } catch (error) {
    if (error instanceof HoursAccessError) throw apiError(403, 'FORBIDDEN', error.message)
    throw error
  }
}
