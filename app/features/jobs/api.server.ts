import { canEditNotes, canOverrideJobs } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { DomainError, ForbiddenError, NotFoundError } from '#app/domain/errors'
import { JOB_MESSAGES } from '#app/domain/notes'
import { readQuery } from '#app/http/api.server'
import type { ApiHandlers } from '#app/http/api-route.server'
import { requireSameOrigin } from '#app/http/same-origin'
import { findJobUser, jobCounts, jobUsers, listJobs, takeNextJob } from '#app/models/job.server'
import { getNote } from '#app/models/note.server'
import { jobCountQuerySchema, jobsApiQuerySchema, nextJobQuerySchema } from '#app/schemas/jobs.server'

/** The jobs API calls (spec 2 §7), each served by `apiRoute` in its route module. */

/**
 * GET /api/notes/jobs (spec 2 §7):
 * - job=all|ticklers|retries|others|solicit, username= or usernames=a,b (yourself when absent),
 *   search=, sortBy=, sortDesc=, limit= (≤ 1000): `{result, count, capped, limit}`, rows named nid, fid,
 *   firm_sort, _exdate, _lag, status, type, re, dated, staff, cstamp, opener, version;
 * - job=users[&withACLs=1]: every enabled user with activejobs and extremejobs (and allowed_users).
 * Other users' jobs and the users list need job-override (403 otherwise).
 */
export const jobsApi: ApiHandlers = {
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
}

/**
 * GET /api/notes/jobs/count (spec 2 §7): `[{staff, activejobs, extremejobs}]` for every user holding
 * open jobs (or those in usernames=a,b). Without job-override only the caller's own row is answered.
 */
export const jobCountApi: ApiHandlers = {
  GET: ({ request, user }) => {
    const query = readQuery(request, jobCountQuerySchema)
    const staff = canOverrideJobs(user) ? query.usernames : [user.username]
    return jobCounts(getDb(), { isAdmin: user.isAdmin, staff })
  },
}

/**
 * GET /api/notes/jobs/next?userid= (spec 2 §7): gives the next waiting job to the user (yourself, or
 * with job-override the user named by id or username) and answers the note. Taking a job changes a
 * note, so it needs note-edit, and acts only for a same-origin request (403 from another site).
 * 404 'No jobs are waiting.' when the queue is empty.
 */
export const nextJobApi: ApiHandlers = {
  GET: async ({ request, user }) => {
    requireSameOrigin(request)
    const { userid } = readQuery(request, nextJobQuerySchema)
    if (!canEditNotes(user)) throw new ForbiddenError(JOB_MESSAGES.noteEditNeeded)
    const db = getDb()
    const self =
      userid === undefined ||
      userid === user.id ||
      (typeof userid === 'string' && userid.toLowerCase() === user.username.toLowerCase())
    if (!self && !canOverrideJobs(user)) throw new ForbiddenError(JOB_MESSAGES.overrideNeeded)
    const target = self ? { username: user.username, isAdmin: user.isAdmin } : await findJobUser(db, userid)
    if (!target) throw new NotFoundError('No such user.')
    const taken = await takeNextJob(db, target, { id: user.id, username: user.username, isAdmin: user.isAdmin })
    if (!taken) throw new DomainError(JOB_MESSAGES.noJobs, 'NO_JOBS', 404)
    return getNote(db, taken.nid, { isAdmin: user.isAdmin })
  },
}
