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

/** Sign in with the form (remix-auth's FormStrategy reads the body, so the schema reads a clone). */
export async function loginAction(request: Request, context: AppLoadContext) {
  const submission = parseWithZod(await readFormData(request.clone()), { schema: loginSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const result = await signIn(request, context)
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
