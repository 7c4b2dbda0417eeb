import { z } from 'zod'
import { JOB_COLUMNS, JOB_KINDS, JOB_PAGE_SIZES } from '#app/domain/notes'
import { JOB_SORTABLE, type JobSortColumn } from '#app/domain/notes'
import { queryList } from './fields'

/**
 * Jobs (spec 2 §2.3, §7): the page's URL and forms and the API queries. Server-only, so zod stays out
 * of the firms search page's client bundle.
 */

const USERNAME = /^[\w.@-]{1,64}$/
const username = z.string().trim().regex(USERNAME, 'username is not a valid user name')
const sortable = JOB_SORTABLE as unknown as [JobSortColumn, ...JobSortColumn[]]
const flag = z
  .enum(['1', '0', 'true', 'false'], { error: 'use 1 or 0' })
  .transform((value) => value === '1' || value === 'true')
// NUL cannot be sent to PostgreSQL in text; a search never needs it.
const searchText = z
  .string()
  .max(200, 'search is at most 200 characters')
  .transform((value) => value.replaceAll('\u0000', '').trim())

/**
 * The jobs part of /search/firms/firmsSearch (read when no firm search `mode` is set):
 * - `jobs`  the job kind (all, ticklers, retries, others, solicit; default all)
 * - `juser` whose jobs (job-override only; ignored otherwise)
 * - `jq`    search text (re, firm sort, type, status, for, by)
 * - `jsort` a column to sort by first, `jdesc=1` for descending; without it the default order
 *           (staff ↑, status ↓, cstamp ↑)
 * - `jpage` the page (from 1), `jsize` rows a page (the picker offers 100, 200, 500; default 100)
 * Bad values fall back to the defaults, so a stale bookmark never errors.
 */
/** The jobs search form (its browser constraints are generated; the page reads it leniently below). */
export const jobsSearchFormSchema = z.object({ jq: searchText.optional() })

export const jobsPageParamsSchema = z.object({
  jobs: z.enum(JOB_KINDS).optional().catch(undefined),
  juser: username.optional().catch(undefined),
  jq: jobsSearchFormSchema.shape.jq.catch(undefined),
  jsort: z.enum(sortable).optional().catch(undefined),
  jdesc: z.enum(['1', '0']).optional().catch(undefined),
  jpage: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  // The picker offers JOB_PAGE_SIZES; a bookmark may ask for any size up to the largest.
  jsize: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...JOB_PAGE_SIZES))
    .optional()
    .catch(undefined),
})
export type JobsPageParams = z.infer<typeof jobsPageParamsSchema>
export const JOB_PARAM_KEYS = ['jobs', 'juser', 'jq', 'jsort', 'jdesc', 'jpage', 'jsize'] as const

export function readJobsPageParams(url: URL): JobsPageParams {
  return jobsPageParamsSchema.parse(
    Object.fromEntries([...JOB_PARAM_KEYS].map((key) => [key, url.searchParams.get(key) ?? undefined])),
  )
}

const recordId = z
  .number({ error: 'must be a number' })
  .int()
  .min(1)
  .max(2 ** 31 - 1)

/** Mark Done: the row's button sends its job as `nid:version` (the version the table showed). */
export const jobDoneFormSchema = z
  .object({ job: z.string().regex(/^\d{1,10}:\d{1,10}$/, 'job is nid:version') })
  .transform(({ job }) => job.split(':').map(Number))
  .pipe(z.tuple([recordId, recordId]))
  .transform(([nid, version]) => ({ nid, version }))

const columnName = (error: string) => z.enum(JOB_COLUMNS, { error })

/**
 * Column order (intent=job-columns): `order` is the whole order (a drag), or the current order with
 * `move` = "column:left|right" (the buttons that work without JavaScript). `js=1` answers data
 * instead of redirecting (a fetcher).
 */
export const jobColumnsFormSchema = z.object({
  order: z
    .string()
    .max(400)
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(z.array(columnName('order has an unknown column')).max(JOB_COLUMNS.length * 2)),
  move: z
    .string()
    .regex(/^[a-z]+:(left|right)$/, 'move is column:left or column:right')
    .transform((value) => {
      const [column, direction] = value.split(':')
      return { column, direction: direction as 'left' | 'right' }
    })
    .pipe(z.object({ column: columnName('move names an unknown column'), direction: z.enum(['left', 'right']) }))
    .optional(),
  js: z.literal('1').optional(),
})

/** GET /api/notes/jobs: job=all|ticklers|retries|others|solicit (rows) or job=users (users with counts). */
export const jobsApiQuerySchema = z.object({
  job: z
    .enum([...JOB_KINDS, 'users'], { error: `job must be one of ${[...JOB_KINDS, 'users'].join(', ')}` })
    .default('all'),
  username: username.optional(),
  usernames: queryList.pipe(z.array(username).max(50, 'usernames lists at most 50 users')).optional(),
  withACLs: flag.optional(),
  search: searchText.optional(),
  sortBy: z.enum(sortable, { error: `sortBy must be one of ${JOB_SORTABLE.join(', ')}` }).optional(),
  sortDesc: flag.optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit is at least 1')
    .max(1000, 'limit is at most 1000')
    .optional(),
})

/** GET /api/notes/jobs/next?userid=: a user id or username; yourself when absent. */
export const nextJobQuerySchema = z.object({
  userid: z
    .string()
    .trim()
    .regex(/^(\d{1,9}|[\w.@-]{1,64})$/, 'userid is a user id or username')
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : value))
    .optional(),
})

/** GET /api/notes/jobs/count: optionally only some users. */
export const jobCountQuerySchema = z.object({
  usernames: jobsApiQuerySchema.shape.usernames,
})
