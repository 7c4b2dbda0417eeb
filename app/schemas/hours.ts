import { z } from 'zod'
import { parseDisplayDate, parseIsoDate } from '#app/domain/dates'
import {
  ALL_USERS,
  HOURS_KINDS,
  LEAVE_MAX_HOURS,
  LEAVE_MESSAGES,
  LEAVE_TYPES,
  SESSION_LOG_LIMIT,
  SESSION_TYPES,
  withinOneYear,
} from '#app/domain/hours'

export const HOURS_MESSAGES = {
  required: 'Field is required',
  format: 'Must be D MMM YYYY',
  endBeforeStart: 'End date before Start',
  afterToday: 'Must not be after today',
  logNeedsUser: 'The log needs a specific user.',
  dailyNeedsUser: 'The daily view needs a specific user.',
  logMaxYear: 'The log covers at most one year.',
} as const

/** A D MMM YYYY date (the API also takes YYYY-MM-DD), as YYYY-MM-DD. */
const dateField = (allowIso: boolean) =>
  z
    .string({ error: HOURS_MESSAGES.required })
    .trim()
    .min(1, { message: HOURS_MESSAGES.required, abort: true })
    .max(20, { message: HOURS_MESSAGES.format, abort: true })
    .transform((text, ctx) => {
      const iso = parseDisplayDate(text) ?? (allowIso ? parseIsoDate(text) : null)
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: HOURS_MESSAGES.format })
        return z.NEVER
      }
      return iso
    })
const displayDate = dateField(false)

/**
 * The hours search of spec 2 §2.9 and §5. `today` is the server's date (YYYY-MM-DD): no date may
 * be after it.
 */
export function hoursSearchSchema(today: string, options: { allowIso?: boolean } = {}) {
  const date = dateField(options.allowIso ?? false)
  return z
    .object({
      username: z.string().trim().min(1, HOURS_MESSAGES.required).max(100),
      start: date,
      end: date,
      type: z.enum(['Any', ...SESSION_TYPES], { error: 'Choose a session type.' }).default('Any'),
      kind: z.enum(HOURS_KINDS, { error: 'Choose log, daily or period.' }).default('log'),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
    })
    .superRefine((value, ctx) => {
      if (value.start > today) ctx.addIssue({ code: 'custom', path: ['start'], message: HOURS_MESSAGES.afterToday })
      if (value.end > today) ctx.addIssue({ code: 'custom', path: ['end'], message: HOURS_MESSAGES.afterToday })
      if (value.end < value.start)
        ctx.addIssue({ code: 'custom', path: ['end'], message: HOURS_MESSAGES.endBeforeStart })
      if (value.kind === 'log' && value.username === ALL_USERS) {
        ctx.addIssue({ code: 'custom', path: ['username'], message: HOURS_MESSAGES.logNeedsUser })
      }
      if (value.kind === 'daily' && value.username === ALL_USERS) {
        ctx.addIssue({ code: 'custom', path: ['username'], message: HOURS_MESSAGES.dailyNeedsUser })
      }
      if (value.kind === 'log' && !withinOneYear(value.start, value.end)) {
        ctx.addIssue({ code: 'custom', path: ['kind'], message: HOURS_MESSAGES.logMaxYear })
      }
    })
}
export type HoursSearch = z.infer<ReturnType<typeof hoursSearchSchema>>

/** A leave entry: a type such as Vacation, a day and the hours it counts for. */
export const leaveEntrySchema = z.object({
  username: z.string().trim().min(1, HOURS_MESSAGES.required).max(100),
  type: z.enum(LEAVE_TYPES as [string, ...string[]], { error: 'Choose a leave type.' }),
  date: displayDate,
  hours: z.coerce
    .number({ error: 'Hours must be a number.' })
    .min(0.25, 'At least 0.25 hours.')
    .max(24, 'At most 24 hours.'),
})
export type LeaveEntry = z.infer<typeof leaveEntrySchema>

/** PUT /api/sessions/{id}: a leave entry's type, start and end. */
export const sessionUpdateSchema = z
  .object({
    type: z.enum(LEAVE_TYPES as [string, ...string[]], { error: 'Choose a leave type.' }).optional(),
    login: z.iso.datetime({ offset: true, error: 'login must be an ISO date and time.' }).optional(),
    logout: z.iso.datetime({ offset: true, error: 'logout must be an ISO date and time.' }).optional(),
  })
  .strict()
  .refine((value) => !value.login || !value.logout || Date.parse(value.logout) >= Date.parse(value.login), {
    message: LEAVE_MESSAGES.endBeforeStart,
    path: ['logout'],
  })
  .refine(
    (value) =>
      !value.login ||
      !value.logout ||
      Date.parse(value.logout) - Date.parse(value.login) <= LEAVE_MAX_HOURS * 3_600_000,
    {
      message: LEAVE_MESSAGES.tooLong,
      path: ['logout'],
    },
  )

/** A day of GET /api/users/hours: YYYY-MM-DD (a date-time is cut to its day) or D MMM YYYY. */
const apiDay = z
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

/** GET /api/users/hours?username=&type=&startDateTime=&endDateTime= (seconds per user and type). */
export const usersHoursQuerySchema = z.object({
  action: z.string().max(20).optional(),
  username: z.string().max(100).optional(),
  type: z.string().max(40).optional(),
  startDateTime: apiDay.optional(),
  endDateTime: apiDay.optional(),
})

/** GET /api/sessions?action=log|daily|period&username=&startDate=&endDate=&type=&page=&limit= */
export const sessionsQuerySchema = z.object({
  action: z.enum(['log', 'daily', 'period'], { error: 'action must be log, daily or period' }).default('log'),
  username: z.string().max(100).optional(),
  startDate: z.string().max(20).optional(),
  endDate: z.string().max(20).optional(),
  type: z.string().max(40).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(SESSION_LOG_LIMIT).default(SESSION_LOG_LIMIT),
})
