import dayjs from 'dayjs'
import { z } from 'zod'
import { canSeeOthersHours } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { parseDisplayDate, parseIsoDate } from '#app/domain/dates'
import { DomainError, InvalidError } from '#app/domain/errors'
import { HOURS_MESSAGES } from '#app/domain/hours'
import { readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { hoursByType, resolveHoursUser } from '#app/models/hours.server'

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
// Someone else's hours without hours-override: the model's HoursAccessError (403).
const api = apiRoute('/api/users/hours', {
  GET: async ({ request, user }) => {
    const query = readQuery(request, querySchema)
    const today = dayjs().format('YYYY-MM-DD')
    const start = query.startDateTime ?? today
    const end = query.endDateTime ?? start
    if (end < start) throw new InvalidError('End date before Start')
    const db = getDb()
    const userId = await resolveHoursUser(
      db,
      { id: user.id, username: user.username, override: canSeeOthersHours(user) },
      query.username ?? user.username,
    )
    return hoursByType(db, { userId, start, end, type: query.type ?? 'Any' }).catch((error: unknown) => {
      console.error('[hours] users hours failed', error)
      throw new DomainError(HOURS_MESSAGES.hoursFailed, 'ERROR', 500)
    })
  },
})

export const loader = api.loader
export const action = api.action
