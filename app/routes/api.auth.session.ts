import type { LoaderFunctionArgs } from '@remix-run/node'
import { getOptionalUser } from '#app/auth/guard.server'

// GET /api/auth/session: the client timer's check. It does not count as activity (a timer must not
// keep a session alive), and it answers for any caller: logout true when there is no session.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, { countActivity: false })
  if (!user) return Response.json({ time_remaining: 0, timed_out: false, logout: true })
  return Response.json({ time_remaining: user.timeRemainingMs, timed_out: user.timedOut, logout: false })
}
