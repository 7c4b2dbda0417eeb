import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { matchRoute } from '#app/auth/scopes'

// Unknown addresses: a 404 page inside the shell. An address of the spec's route table whose screen
// this build lacks is still guarded by its own rule first, so access answers never depend on progress.
export async function loader({ request }: LoaderFunctionArgs) {
  const known = matchRoute(new URL(request.url).pathname)
  await requireUser(request, known && !known.api ? known.path : '/*')
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return null
}
