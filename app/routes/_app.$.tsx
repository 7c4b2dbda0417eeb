import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { matchRoute } from '#app/auth/scopes'
import { NotFoundPanel } from '#app/ui/error-panel'

export const meta: MetaFunction = () => [{ title: 'Page not found · mga-desk' }]

// Unknown addresses: a 404 page inside the shell. An address of the spec's route table whose screen
// this build lacks is still guarded by its own rule first, so access answers never depend on progress.
export async function loader({ request }: LoaderFunctionArgs) {
  const known = matchRoute(new URL(request.url).pathname)
  await requireUser(request, known && !known.api ? known.path : '/*')
  return data(null, { status: 404 })
}

export default function NotFound() {
  return <NotFoundPanel />
}
