import { parseForm } from '#app/http/conform.server'
import { data, redirect } from '@remix-run/node'
import { safeRedirect, type CurrentUser } from '#app/auth/guard.server'
import { clientIp } from '#app/auth/client-ip'
import { retryAfterHeaders } from '#app/auth/login.server'
import { relogin } from '#app/auth/relogin.server'
import { getDb } from '#app/db/client.server'
import { readFormData } from '#app/http/form.server'
import { listSessionNoteTypes, takePendingForm } from '#app/models/session.server'
import { reloginSchema } from '#app/schemas/session'

/** The idle page answers a timed-out session, and visiting it is not activity. */
export const IDLE_GUARD = { allowTimedOut: true, countActivity: false } as const

/** /idle: confirm a timed-out session, or offer once the form sent while it was timed out. */
export async function loadIdle(request: Request, user: CurrentUser) {
  const params = new URL(request.url).searchParams
  const redirectTo = safeRedirect(params.get('redirectTo'), '/')
  if (!user.timedOut) {
    // Just confirmed: a form sent while timed out is offered once; otherwise back to work.
    const pending = params.has('resume') ? await takePendingForm(getDb(), user.sessionId) : null
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

/** Relogin with the password (and the session note type), then resume. */
export async function idleAction(request: Request, user: CurrentUser) {
  const submission = parseForm(await readFormData(request), { schema: reloginSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }), message: null }, { status: 400 })
  }
  const redirectTo = safeRedirect(submission.value.redirectTo, '/')
  let setCookie: string | null = null
  if (user.timedOut) {
    const result = await relogin(request, user, submission.value, clientIp(request))
    if (!result.ok) {
      return data(
        { result: submission.reply({ hideFields: ['password'] }), message: result.message },
        { status: result.status, headers: retryAfterHeaders(result) },
      )
    }
    // Relogin issues a new session token.
    setCookie = result.setCookie
  }
  return redirect(`/idle?resume=1&redirectTo=${encodeURIComponent(redirectTo)}`, {
    headers: setCookie ? { 'Set-Cookie': setCookie } : undefined,
  })
}
