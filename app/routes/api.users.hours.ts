import type { LoaderFunctionArgs } from '@remix-run/node'
import dayjs from 'dayjs'
import { z } from 'zod'
import { apiError, hasScope, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { parseDisplayDate, parseIsoDate } from '#app/domain/dates'
import { hoursByType, HoursAccessError, resolveHoursUser } from '#app/models/hours.server'
import { readQuery } from '#app/http/api.server'

const day = z
  .string()
  .max(40)
  .transform((text, ctx) => {
    const iso = parseIsoDate(text.slice(0, 10)) ?? parseDisplayDate(text)
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: 'Dates must be YYYY-MM-DD or D MMM YYYY.' })
      return z.NEVER
    }
    return iso
  })

const querySchema = z.object({
  action: z.string().max(20).optional(),
  username: z.string().max(100).optional(),
  type: z.string().max(40).optional(),
  startDateTime: day.optional(),
  endDateTime: day.optional(),
})

// GET /api/users/hours?username=&type=&startDateTime=&endDateTime=: seconds per user and type.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, '/api/users/hours')
  const query = readQuery(request, querySchema)
  const today = dayjs().format('YYYY-MM-DD')
  const start = query.startDateTime ?? today
  const end = query.endDateTime ?? start
  if (end < start) throw apiError(400, 'INVALID_PARAMS', 'End date before Start')
  const db = getDb()
  try {
    const userId = await resolveHoursUser(
      db,
      { id: user.id, username: user.username, override: hasScope(user, 'hours-override') },
      query.username ?? user.username,
    )
    return Response.json(await hoursByType(db, { userId, start, end, type: query.type ?? 'Any' }))
  } catch (error) {
    if (error instanceof HoursAccessError) throw apiError(403, 'FORBIDDEN', error.message)
    throw error
  }
}
