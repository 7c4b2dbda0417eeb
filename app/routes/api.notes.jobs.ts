import { canOverrideJobs } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError } from '#app/domain/errors'
import { JOB_MESSAGES } from '#app/domain/notes'
import { readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { jobUsers, listJobs } from '#app/models/job.server'
import { jobsApiQuerySchema } from '#app/schemas/jobs.server'

/**
 * GET /api/notes/jobs (spec 2 §7):
 * - job=all|ticklers|retries|others|solicit, username= or usernames=a,b (yourself when absent),
 *   search=, sortBy=, sortDesc=, limit= (≤ 1000): `{result, count, capped, limit}`, rows named nid, fid,
 *   firm_sort, _exdate, _lag, status, type, re, dated, staff, cstamp, opener, version;
 * - job=users[&withACLs=1]: every enabled user with activejobs and extremejobs (and allowed_users).
 * Other users' jobs and the users list need job-override (403 otherwise).
 */
const api = apiRoute('/api/notes/jobs', {
  GET: async ({ request, user }) => {
    const query = readQuery(request, jobsApiQuerySchema)
    const override = canOverrideJobs(user)
    const db = getDb()
    if (query.job === 'users') {
      if (!override) throw new ForbiddenError(JOB_MESSAGES.overrideNeeded)
      return jobUsers(db, { isAdmin: user.isAdmin, withAcls: query.withACLs ?? false })
    }
    const staff = query.usernames ?? (query.username ? [query.username] : [user.username])
    if (!override && staff.some((name) => name.toLowerCase() !== user.username.toLowerCase()))
      throw new ForbiddenError(JOB_MESSAGES.overrideNeeded)
    return listJobs(db, {
      staff,
      kind: query.job,
      search: query.search,
      sort: query.sortBy ? { by: query.sortBy, desc: query.sortDesc ?? false } : undefined,
      limit: query.limit,
      isAdmin: user.isAdmin,
    })
  },
})

export const loader = api.loader
export const action = api.action
