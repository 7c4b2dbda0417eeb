import { canOverrideJobs } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { jobCounts } from '#app/models/job.server'
import { jobCountQuerySchema } from '#app/schemas/jobs.server'

/**
 * GET /api/notes/jobs/count (spec 2 §7): `[{staff, activejobs, extremejobs}]` for every user holding
 * open jobs (or those in usernames=a,b). Without job-override only the caller's own row is answered.
 */
const api = apiRoute('/api/notes/jobs/count', {
  GET: ({ request, user }) => {
    const query = readQuery(request, jobCountQuerySchema)
    const staff = canOverrideJobs(user) ? query.usernames : [user.username]
    return jobCounts(getDb(), { isAdmin: user.isAdmin, staff })
  },
})

export const loader = api.loader
export const action = api.action
