import { createCookie, redirect } from '@remix-run/node'
import { z } from 'zod'

/** A snackbar message carried across a redirect (success redirects of forms). */
export const flashSchema = z.object({
  message: z.string().max(500),
  kind: z.enum(['success', 'error', 'info']).default('success'),
})
export type Flash = z.infer<typeof flashSchema>

let cookie: ReturnType<typeof createCookie> | undefined
function flashCookie() {
  cookie ??= createCookie('mga_flash', {
    secrets: (process.env.SESSION_SECRET ?? '').split(',').filter(Boolean),
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 60,
  })
  return cookie
}

export async function redirectWithFlash(to: string, flash: Flash, init: ResponseInit = {}) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await flashCookie().serialize(flash))
  return redirect(to, { ...init, headers })
}

/** Reads and clears the flash message; append `setCookie` to the response when it is not null. */
export async function consumeFlash(request: Request): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const header = request.headers.get('Cookie')
  if (!header?.includes('mga_flash=')) return { flash: null, setCookie: null }
  const parsed = flashSchema.safeParse(await flashCookie().parse(header))
  const setCookie = await flashCookie().serialize('', { maxAge: 0, expires: new Date(0) })
  return { flash: parsed.success ? parsed.data : null, setCookie }
}
