import { canEditNotes, canOverrideJobs } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { DomainError, ForbiddenError, NotFoundError } from '#app/domain/errors'
import { JOB_MESSAGES } from '#app/domain/notes'
import { readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireSameOrigin } from '#app/http/same-origin'
import { findJobUser, takeNextJob } from '#app/models/job.server'
import { getNote } from '#app/models/note.server'
import { nextJobQuerySchema } from '#app/schemas/jobs.server'

/**
 * GET /api/notes/jobs/next?userid= (spec 2 §7): gives the next waiting job to the user (yourself, or
 * with job-override the user named by id or username) and answers the note. Taking a job changes a
 * note, so it needs note-edit, and acts only for a same-origin request (403 from another site).
 * 404 'No jobs are waiting.' when the queue is empty.
 */
const api = apiRoute('/api/notes/jobs/next', {
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
})

export const loader = api.loader
export const action = api.action
