import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { getDb } from '#app/db/client.server'
import { LoginError, verifyLogin } from '#app/models/user.server'
import { loginSchema } from '#app/schemas/auth'

export interface AuthenticatedUser {
  id: number
  username: string
}

/**
 * Sign-in goes through remix-auth's form strategy. remix-auth v4 keeps no session: the caller opens
 * the session row and sets the cookie (app/auth/login.server.ts).
 */
export const authenticator = new Authenticator<AuthenticatedUser>()

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = loginSchema.safeParse({ username: form.get('username'), password: form.get('password') })
    if (!parsed.success) throw new LoginError(parsed.error.issues[0]?.message ?? 'Invalid username or password.', 401)
    return verifyLogin(getDb(), parsed.data.username, parsed.data.password)
  }),
  'form',
)
