import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { HomePage, homeMeta } from '#app/features/home/home-page'
import { loadHome } from '#app/features/home/home.server'

// / and /home (spec 1 §2.1): the home page's tiles.
export const meta = homeMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, new URL(request.url).pathname === '/home' ? '/home' : '/')
  return loadHome(request, user)
}

export default HomePage
