import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'

// Unknown addresses: signed-in users get the 404 page inside the shell (the _app error boundary).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, '/*')
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return null
}
