import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { getOptionalUser, safeRedirect } from '#app/auth/guard.server'
import { homePath } from '#app/auth/home'
import { retryAfterHeaders, signIn } from '#app/auth/login.server'
import { getDb } from '#app/db/client.server'
import { readFormData } from '#app/http/form.server'
import { getUserAccess } from '#app/models/user.server'
import { loginSchema } from '#app/schemas/auth'

/** /login: a signed-in user goes on to work (or to the redirectTo they came for). */
export async function loadLogin(request: Request) {
  const user = await getOptionalUser(request)
  if (user) {
    const redirectTo = new URL(request.url).searchParams.get('redirectTo')
    throw redirect(safeRedirect(redirectTo, homePath(user.scopeSet, user.preferences)))
  }
  return null
}

/**
 * Sign in with the form. The body is read once, capped; remix-auth's FormStrategy, which reads a body
 * itself, gets a copy of the fields already read. (Reading a clone instead left the original half of
 * the tee unread, and a body cut at the cap then never answered.)
 */
export async function loginAction(request: Request, context: AppLoadContext) {
  const form = await readFormData(request)
  const submission = parseWithZod(form, { schema: loginSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const fields = new URLSearchParams()
  for (const [name, value] of form) if (typeof value === 'string') fields.append(name, value)
  const headers = new Headers(request.headers)
  headers.set('Content-Type', 'application/x-www-form-urlencoded')
  headers.delete('Content-Length')
  const result = await signIn(new Request(request.url, { method: 'POST', headers, body: fields }), context)
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [result.message], hideFields: ['password'] }) },
      { status: result.status, headers: retryAfterHeaders(result) },
    )
  }
  const access = await getUserAccess(getDb(), result.user.id)
  const target = safeRedirect(submission.value.redirectTo, homePath(access.scopes, access.preferences))
  return redirect(target, { headers: { 'Set-Cookie': result.setCookie } })
}
