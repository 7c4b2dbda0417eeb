import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, hasScope, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { JOB_MESSAGES } from '#app/domain/notes'
import { findJobUser, takeNextJob } from '#app/models/job.server'
import { getNote } from '#app/models/note.server'
import { methodNotAllowed, readQuery } from '#app/http/api.server'
import { nextJobQuerySchema } from '#app/schemas/jobs.server'

const ROUTE = '/api/notes/jobs/next'

/**
 * GET /api/notes/jobs/next?userid= (spec 2 §7): gives the next waiting job to the user (yourself, or
 * with job-override the user named by id or username) and answers the note. Taking a job changes a
 * note, so it needs note-edit. 404 'No jobs are waiting.' when the queue is empty.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const { userid } = readQuery(request, nextJobQuerySchema)
  if (!hasScope(user, 'note-edit')) return apiError(403, 'FORBIDDEN', JOB_MESSAGES.noteEditNeeded)
  const db = getDb()
  const self = userid === undefined || userid === user.id || (typeof userid === 'string' && userid.toLowerCase() === user.username.toLowerCase())
  if (!self && !hasScope(user, 'job-override')) return apiError(403, 'FORBIDDEN', JOB_MESSAGES.overrideNeeded)
  const target = self ? { username: user.username, isAdmin: user.isAdmin } : await findJobUser(db, userid)
  if (!target) return apiError(404, 'NOT_FOUND', 'No such user.')
  const taken = await takeNextJob(db, target, { id: user.id, username: user.username, isAdmin: user.isAdmin })
  if (!taken) return apiError(404, 'NO_JOBS', JOB_MESSAGES.noJobs)
  return Response.json(await getNote(db, taken.nid, { isAdmin: user.isAdmin }))
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, '/api/*')
  return methodNotAllowed(['GET'])
}
