import { redirect } from '@remix-run/node'
import { clientIp } from '#app/auth/client-ip'
import {
  accessHold,
  ADDRESS_REFUSED_MESSAGE,
  getOptionalUser,
  keepPendingForm,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  TIMED_OUT_MESSAGE,
  type CurrentUser,
  type GuardOptions,
} from '#app/auth/guard.server'
import { accessRule, registryEntry } from '#app/auth/scopes'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { apiError } from './errors.server'
import { readFormData } from './form.server'
import { ACCESS_DENIED } from '#app/domain/errors'
import { refuseSigningOut } from './refusal.server'

export type { CurrentUser, GuardOptions }

const MAX_PENDING_FORM_BYTES = 256 * 1024

/**
 * The guard the route factories call with the route's own pattern: the scope registry says what the
 * route needs for this request's method, app/auth decides what holds the user back, and this answers
 * it. Pages send anonymous users to /login?redirectTo=…, users without the scopes to /, and
 * timed-out sessions to /idle (a posted form is kept and offered again after the relogin); API routes
 * answer 401, 403 and 401 TIMED_OUT. An account used from an address it may not use is signed out
 * (a same-origin request only: refuseSigningOut).
 */
export async function requireUser(
  request: Request,
  routePath: string,
  options: GuardOptions = {},
): Promise<CurrentUser> {
  // Throws for a pattern the registry lacks: a route that is not there cannot be served.
  const rule = accessRule(routePath, request.method)
  const api = registryEntry(routePath)?.api ?? false
  const url = new URL(request.url)
  const here = `${url.pathname}${url.search}`
  const user = await getOptionalUser(request, { countActivity: options.countActivity })
  if (!user) {
    if (api) throw apiError(401, 'UNAUTHORIZED', 'You are not signed in.')
    const read = request.method === 'GET' || request.method === 'HEAD'
    throw redirect(`/login?redirectTo=${encodeURIComponent(read ? here : url.pathname)}`)
  }
  switch (accessHold(user, { path: routePath, rule, address: clientIp(request) }, options)) {
    case null:
      return user
    case 'address':
      return refuseSigningOut(request, { message: ADDRESS_REFUSED_MESSAGE, api })
    case 'timed-out':
      if (api) throw apiError(401, 'TIMED_OUT', TIMED_OUT_MESSAGE)
      if (request.method !== 'GET' && request.method !== 'HEAD') await keepPostedForm(request, user.sessionId, here)
      throw redirect(`/idle?redirectTo=${encodeURIComponent(here)}`, 303)
    case 'password-change':
      if (api) throw apiError(403, 'PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED_MESSAGE)
      throw redirect('/password')
    case 'mfa-enrolment':
      if (api) throw apiError(403, 'MFA_ENROLMENT_REQUIRED', MFA_MESSAGES.enrolmentRequired)
      throw redirect('/mfa')
    case 'scopes': {
      // A page the spec guards by signing out (Roles without role-edit, spec 1 §6).
      const signOut = registryEntry(routePath)?.signOut
      if (signOut) return refuseSigningOut(request, { message: signOut, api })
      if (api) throw apiError(403, 'FORBIDDEN', ACCESS_DENIED)
      throw redirect('/')
    }
  }
}

/**
 * A form posted to a timed-out session is kept on the session row, files excepted. The request is
 * answered with the redirect to /idle, so its body is read here, once (no copy of the request).
 */
async function keepPostedForm(request: Request, sessionId: number, action: string) {
  let form: FormData
  try {
    form = await readFormData(request)
  } catch {
    return
  }
  const fields: [string, string][] = []
  let droppedFiles = 0
  let bytes = 0
  for (const [name, value] of form) {
    if (typeof value !== 'string') {
      if (value.size > 0) droppedFiles++
      continue
    }
    bytes += name.length + value.length
    if (bytes > MAX_PENDING_FORM_BYTES) return
    fields.push([name, value])
  }
  await keepPendingForm(sessionId, { action, fields, droppedFiles, savedAt: new Date().toISOString() })
}
