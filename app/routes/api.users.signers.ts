import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { availableSigners } from '#app/models/note.server'

const ROUTE = '/api/users/signers'

/** GET /api/users/signers: the enabled users who may sign an email (the editor's From), with their long names. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, ROUTE)
  const signers = await availableSigners(getDb())
  return Response.json(signers.map((signer) => ({ username: signer.username, long_name: signer.longName, email: signer.email })))
}
