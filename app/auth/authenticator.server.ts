import { FormStrategy } from 'remix-auth-form'
import { getConfig } from '#app/config.server'
import { getDb } from '#app/db/client.server'
import { LoginError, verifyLogin, type LoginOptions } from '#app/models/user.server'
import { loginSchema } from '#app/schemas/auth'
import { clientIp } from './client-ip'

export interface AuthenticatedUser {
  id: number
  username: string
  mfaEnabled: boolean
  mustChangePassword: boolean
}

/** The throttle settings and client address every sign-in path passes to verifyLogin. */
export function loginOptions(address: string): LoginOptions {
  const config = getConfig()
  return {
    address,
    maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    windowMinutes: config.LOGIN_WINDOW_MINUTES,
  }
}

/**
 * remix-auth-form's strategy, given the form the page action (or the API) has already read: the body
 * is read once, with its byte cap, by app/http. FormStrategy's own `authenticate` reads the request's
 * body again (a copy of it), which the action has consumed by then.
 */
class ReadFormStrategy extends FormStrategy<AuthenticatedUser> {
  verifyForm(form: FormData, request: Request): Promise<AuthenticatedUser> {
    return this.verify({ form, request })
  }
}

const formStrategy = new ReadFormStrategy(async ({ form, request }) => {
  const parsed = loginSchema.safeParse({ username: form.get('username'), password: form.get('password') })
  if (!parsed.success) throw new LoginError(parsed.error.issues[0]?.message ?? 'Invalid username or password.', 401)
  return verifyLogin(getDb(), parsed.data.username, parsed.data.password, loginOptions(clientIp(request)))
})

/** The user a sign-in form (username, password) names, or a thrown LoginError (wrong password, locked, …). */
export function authenticateForm(form: FormData, request: Request): Promise<AuthenticatedUser> {
  return formStrategy.verifyForm(form, request)
}
