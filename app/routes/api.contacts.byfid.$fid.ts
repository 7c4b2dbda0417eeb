import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { contactsByFirm } from '#app/models/contact.server'

/**
 * GET /api/contacts/byfid/{fid}: the contacts named by a firm's claims (adjuster, defense) and by its
 * policies and their programs, with their people. An unknown firm has none.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, '/api/contacts/byfid/:fid')
  return Response.json(await contactsByFirm(getDb(), Number(params.fid)))
}
