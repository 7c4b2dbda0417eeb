import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, hasScope, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { JOB_MESSAGES } from '#app/domain/notes'
import { jobUsers, listJobs } from '#app/models/job.server'
import { methodNotAllowed, readQuery } from '#app/http/api.server'
import { jobsApiQuerySchema } from '#app/schemas/jobs.server'

const ROUTE = '/api/notes/jobs'

/**
 * GET /api/notes/jobs (spec 2 §7):
 * - job=all|ticklers|retries|others|solicit, username= or usernames=a,b (yourself when absent),
 *   search=, sortBy=, sortDesc=, limit= (≤ 1000): `{result, count, capped, limit}`, rows named nid, fid,
 *   firm_sort, _exdate, _lag, status, type, re, dated, staff, cstamp, opener, version;
 * - job=users[&withACLs=1]: every enabled user with activejobs and extremejobs (and allowed_users).
 * Other users' jobs and the users list need job-override (403 otherwise).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const query = readQuery(request, jobsApiQuerySchema)
  const override = hasScope(user, 'job-override')
  const db = getDb()
  if (query.job === 'users') {
    if (!override) return apiError(403, 'FORBIDDEN', JOB_MESSAGES.overrideNeeded)
    return Response.json(await jobUsers(db, { isAdmin: user.isAdmin, withAcls: query.withACLs ?? false }))
  }
  const staff = query.usernames ?? (query.username ? [query.username] : [user.username])
  if (!override && staff.some((name) => name.toLowerCase() !== user.username.toLowerCase())) {
    return apiError(403, 'FORBIDDEN', JOB_MESSAGES.overrideNeeded)
  }
  const jobs = await listJobs(db, {
    staff,
    kind: query.job,
    search: query.search,
    sort: query.sortBy ? { by: query.sortBy, desc: query.sortDesc ?? false } : undefined,
    limit: query.limit,
    isAdmin: user.isAdmin,
  })
  return Response.json(jobs)
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, '/api/*')
  return methodNotAllowed(['GET'])
}
