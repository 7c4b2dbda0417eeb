import { parseForm } from '#app/http/conform.server'
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { getOptionalUser, safeRedirect } from '#app/auth/guard.server'
import { homePath } from '#app/auth/home'
import { completeSignIn, retryAfterHeaders, signIn } from '#app/auth/login.server'
import { clearPendingSignIn, commitPendingSignIn, readPendingSignIn } from '#app/auth/mfa-pending.server'
import { getDb } from '#app/db/client.server'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { readFormData } from '#app/http/form.server'
import { getUserAccess } from '#app/models/user.server'
import { loginSchema, mfaCodeSchema } from '#app/schemas/auth'

export type LoginStep = 'password' | 'code'

/** /login: a signed-in user goes on to work (or to the redirectTo they came for); a pending sign-in asks for its code. */
export async function loadLogin(request: Request): Promise<{ step: LoginStep }> {
  const user = await getOptionalUser(request)
  if (user) {
    const redirectTo = new URL(request.url).searchParams.get('redirectTo')
    throw redirect(safeRedirect(redirectTo, homePath(user.scopeSet, user.preferences)))
  }
  return { step: (await readPendingSignIn(request)) ? 'code' : 'password' }
}

/**
 * Sign in with the form: the password (default intent), then for accounts with two-step sign-in the
 * code (`intent=code`), carried between the two by the signed pending cookie; `intent=restart` forgets
 * a pending sign-in. The body is read once, capped; remix-auth's FormStrategy, which reads a body
 * itself, gets a copy of the fields already read. (Reading a clone instead left the original half of
 * the tee unread, and a body cut at the cap then never answered.)
 */
export async function loginAction(request: Request, context: AppLoadContext) {
  const form = await readFormData(request)
  const intent = form.get('intent')
  if (intent === 'restart') return redirect('/login', { headers: { 'Set-Cookie': await clearPendingSignIn(request) } })
  if (intent === 'code') return codeStep(request, context, form)

  const submission = parseForm(form, { schema: loginSchema })
  if (submission.status !== 'success') {
    return data(
      { step: 'password' as LoginStep, result: submission.reply({ hideFields: ['password'] }) },
      { status: 400 },
    )
  }
  const fields = new URLSearchParams()
  for (const [name, value] of form) if (typeof value === 'string') fields.append(name, value)
  const headers = new Headers(request.headers)
  headers.set('Content-Type', 'application/x-www-form-urlencoded')
  headers.delete('Content-Length')
  const result = await signIn(new Request(request.url, { method: 'POST', headers, body: fields }), context)
  if (result.ok === 'code-required') {
    const pending = await commitPendingSignIn(request, {
      userId: result.user.id,
      redirectTo: submission.value.redirectTo,
    })
    return redirect('/login', { headers: { 'Set-Cookie': pending } })
  }
  if (!result.ok) {
    return data(
      {
        step: 'password' as LoginStep,
        result: submission.reply({ formErrors: [result.message], hideFields: ['password'] }),
      },
      { status: result.status, headers: retryAfterHeaders(result) },
    )
  }
  return signedIn(request, result.user.id, result.setCookie, submission.value.redirectTo)
}

async function codeStep(request: Request, context: AppLoadContext, form: FormData) {
  const submission = parseForm(form, { schema: mfaCodeSchema })
  const pending = await readPendingSignIn(request)
  if (!pending) {
    return data(
      {
        step: 'password' as LoginStep,
        result: submission.reply({ formErrors: [MFA_MESSAGES.expired], hideFields: ['code'] }),
      },
      { status: 401, headers: { 'Set-Cookie': await clearPendingSignIn(request) } },
    )
  }
  if (submission.status !== 'success') {
    return data({ step: 'code' as LoginStep, result: submission.reply({ hideFields: ['code'] }) }, { status: 400 })
  }
  const result = await completeSignIn(request, context, pending.userId, submission.value.code)
  if (!result.ok) {
    return data(
      {
        step: 'code' as LoginStep,
        result: submission.reply({ fieldErrors: { code: [result.message] }, hideFields: ['code'] }),
      },
      { status: result.status, headers: retryAfterHeaders(result) },
    )
  }
  return signedIn(request, result.user.id, result.setCookie, pending.redirectTo, await clearPendingSignIn(request))
}

async function signedIn(
  request: Request,
  userId: number,
  sessionCookie: string,
  redirectTo: string | undefined,
  ...more: string[]
) {
  const access = await getUserAccess(getDb(), userId)
  const headers = new Headers({ 'Set-Cookie': sessionCookie })
  for (const cookie of more) headers.append('Set-Cookie', cookie)
  return redirect(safeRedirect(redirectTo, homePath(access.scopes, access.preferences)), { headers })
}
