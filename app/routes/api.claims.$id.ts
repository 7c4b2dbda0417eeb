import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/domain/errors'
import { CLAIM_MESSAGES } from '#app/domain/claims'
import { apiRoute } from '#app/http/api-route.server'
import { readBody } from '#app/http/api.server'
import { requireId } from '#app/http/ids.server'
import { deleteClaim, getClaim, updateClaim } from '#app/models/claim.server'
import { claimPutSchema } from '#app/schemas/claims'

const PATTERN = '/api/claims/:id'

/** GET, PUT (with the version read: 409 with the current claim) and DELETE one claim (spec 3 §7). */
const route = apiRoute(PATTERN, {
  GET: async ({ params }) => {
    const claim = await getClaim(getDb(), requireId(params.id, 'claim', CLAIM_MESSAGES.getFailed))
    if (!claim) throw new NotFoundError(CLAIM_MESSAGES.getFailed)
    return claim
  },
  PUT: async ({ request, params, user }) => {
    const clid = requireId(params.id, 'claim', CLAIM_MESSAGES.getFailed)
    const { version, ...changes } = await readBody(request, claimPutSchema)
    await updateClaim(getDb(), clid, version, changes, user.id)
    return { message: CLAIM_MESSAGES.saved, claim: await getClaim(getDb(), clid) }
  },
  DELETE: async ({ params, user }) => {
    await deleteClaim(getDb(), requireId(params.id, 'claim', CLAIM_MESSAGES.getFailed), user.id)
    return { message: CLAIM_MESSAGES.deleted }
  },
})

export const loader = route.loader
export const action = route.action
