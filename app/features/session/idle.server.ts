import { redirect } from '@remix-run/node'
import { safeRedirect } from '#app/auth/guard.server'
import { refusalOf } from '#app/auth/login.server'
import { relogin } from '#app/auth/relogin.server'
import { clientIp } from '#app/auth/client-ip'
import { getDb } from '#app/db/client.server'
import { intent } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import { listSessionNoteTypes, pendingFormOf } from '#app/models/session.server'
import { reloginSchema } from '#app/schemas/session'

/** The idle page answers a timed-out session, and visiting it is not activity. */
export const IDLE_GUARD = { allowTimedOut: true, countActivity: false } as const

/** /idle: confirm a timed-out session, or offer once the form sent while it was timed out. */
export async function loadIdle({ user, url }: PageContext) {
  const params = url.searchParams
  const redirectTo = safeRedirect(params.get('redirectTo'), '/')
  if (!user.timedOut) {
    // Just confirmed: a form sent while timed out is offered until the next POST; otherwise back to work.
    const pending = params.has('resume') ? await pendingFormOf(getDb(), user.sessionId) : null
    if (!pending) throw redirect(redirectTo)
    return { mode: 'resume' as const, pending }
  }
  return {
    mode: 'confirm' as const,
    types: await listSessionNoteTypes(getDb()),
    redirectTo,
    username: user.username,
    askCode: user.mfaEnabled === true,
  }
}

/**
 * Relogin with the password (the activity, its description, and the code with two-step sign-in),
 * then resume under a new session token. A refused relogin is the form's error above its fields (a
 * throttled one with Retry-After); a session that is no longer timed out goes straight on.
 */
export const idleIntents = {
  '': intent({
    schema: reloginSchema,
    hideFields: ['password'],
    handle: async ({ request, user, value }) => {
      const redirectTo = safeRedirect(value.redirectTo, '/')
      let setCookie: string | null = null
      if (user.timedOut) {
        const result = await relogin(request, user, value, clientIp(request))
        if (!result.ok) throw refusalOf(result)
        // Relogin issues a new session token.
        setCookie = result.setCookie
      }
      return redirect(`/idle?resume=1&redirectTo=${encodeURIComponent(redirectTo)}`, {
        headers: setCookie ? { 'Set-Cookie': setCookie } : undefined,
      })
    },
  }),
}
