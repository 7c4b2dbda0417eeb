import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { hasScope, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { jobCounts } from '#app/models/job.server'
import { methodNotAllowed, readQuery } from '#app/http/api.server'
import { jobCountQuerySchema } from '#app/schemas/jobs.server'

const ROUTE = '/api/notes/jobs/count'

/**
 * GET /api/notes/jobs/count (spec 2 §7): `[{staff, activejobs, extremejobs}]` for every user holding
 * open jobs (or those in usernames=a,b). Without job-override only the caller's own row is answered.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const query = readQuery(request, jobCountQuerySchema)
  const staff = hasScope(user, 'job-override') ? query.usernames : [user.username]
  return Response.json(await jobCounts(getDb(), { isAdmin: user.isAdmin, staff }))
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, '/api/*')
  return methodNotAllowed(['GET'])
}
