import type { SubmissionResult } from '@conform-to/react'
import dayjs from 'dayjs'
import { canSeeOthersHours } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { InvalidError, RuleError } from '#app/domain/errors'
import { ALL_USERS, HOURS_MESSAGES } from '#app/domain/hours'
import { parseForm } from '#app/http/conform.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import {
  activeSessions,
  createLeave,
  HoursAccessError,
  resolveHoursUser,
  runHoursSearch,
  usernames,
} from '#app/models/hours.server'
import { hoursSearchSchema, leaveEntrySchema } from '#app/schemas/hours'
import type { HoursResult } from '#app/ui/hours-tables'

/**
 * /hours (spec 2 §2.9): the search is a GET form (bookmarkable), parsed with the same schema as the
 * API and answered as Conform's reply, so its errors show in the form; `view=active` lists sessions.
 */
export async function loadHours({ user, url }: PageContext) {
  const db = getDb()
  const params = url.searchParams
  const override = canSeeOthersHours(user)
  const today = dayjs().format('D MMM YYYY')
  const values = {
    username: override ? (params.get('username') ?? user.username) : user.username,
    start: params.get('start') ?? today,
    end: params.get('end') ?? today,
    type: params.get('type') ?? 'Any',
    kind: params.get('kind') ?? 'log',
    page: params.get('page') ?? '1',
  }
  const users = override ? [ALL_USERS, ...(await usernames(db))] : [user.username]
  // Every answer has every part; a view fills what it shows (a failure: its message, nothing listed).
  const answer = (
    view: 'active' | 'entries',
    parts: {
      active?: Awaited<ReturnType<typeof activeSessions>>
      failed?: string
      result?: HoursResult
      search?: SubmissionResult<string[]>
    },
  ) => ({
    values,
    users,
    override,
    username: user.username,
    view,
    active: parts.active ?? [],
    failed: parts.failed ?? null,
    result: parts.result ?? null,
    search: parts.search ?? null,
  })
  if (params.get('view') === 'active') {
    try {
      return answer('active', { active: await activeSessions(db) })
    } catch (error) {
      console.error('[hours] active sessions failed', error)
      return answer('active', { failed: HOURS_MESSAGES.activeFailed })
    }
  }
  const submission = parseForm(new URLSearchParams(values), { schema: hoursSearchSchema(dayjs().format('YYYY-MM-DD')) })
  if (submission.status !== 'success') return answer('entries', { search: submission.reply() })
  try {
    const userId = await resolveHoursUser(
      db,
      { id: user.id, username: user.username, override },
      submission.value.username,
    )
    const result = (await runHoursSearch(db, { ...submission.value, userId })) as unknown as HoursResult
    return answer('entries', { result, search: submission.reply() })
  } catch (error) {
    if (error instanceof HoursAccessError)
      return answer('entries', { search: submission.reply({ fieldErrors: { username: [error.message] } }) })
    console.error('[hours] search failed', error)
    return answer('entries', { failed: HOURS_MESSAGES.hoursFailed, search: submission.reply() })
  }
}

/**
 * Record leave (the form has no intent field): by the user for themselves, by hours-override holders
 * for anyone. The form's refusals are at its fields: someone else's hours without the right (403) and
 * 'All' (400) at Username.
 */
export const hoursIntents = {
  '': intent({
    schema: leaveEntrySchema,
    handle: async ({ value: leave, user }) => {
      const db = getDb()
      try {
        const viewer = { id: user.id, username: user.username, override: canSeeOthersHours(user) }
        const userId = await resolveHoursUser(db, viewer, leave.username)
        if (userId === null) throw new InvalidError('Choose one user for a leave entry.', { field: 'username' })
        await createLeave(db, { ...leave, userId }, user.id)
      } catch (error) {
        if (error instanceof HoursAccessError) throw new RuleError(error.message, 403, { field: 'username' })
        throw error
      }
      const day = dayjs(leave.date).format('D MMM YYYY')
      const back = new URLSearchParams({ username: leave.username, start: day, end: day, kind: 'log' })
      return redirectWithFlash(`/hours?${back}`, { message: `${leave.type} recorded.`, kind: 'success' })
    },
  }),
}
