import { getDb } from '#app/db/client.server'
import { CLAIM_MESSAGES, canSearch } from '#app/domain/claims'
import { DomainError, NotFoundError } from '#app/domain/errors'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readBody, readQuery } from '#app/http/api.server'
import { requireId } from '#app/http/ids.server'
import * as claims from '#app/models/claim.server'
import {
  claimCreateSchema,
  claimListQuerySchema,
  claimPutSchema,
  claimSearchBodySchema,
  ledgerEntrySchema,
  ledgerPutSchema,
} from '#app/schemas/claims'

/** The claim calls of spec 3 §7, by address; each route module passes its handlers to apiRoute. */

const claimId = (param: string | undefined) => requireId(param, 'claim', CLAIM_MESSAGES.getFailed)

/** The claim an address names (its ledger, its log), or 404 'No such claim.'. */
async function existingClaim(param: string | undefined): Promise<number> {
  const clid = requireId(param, 'claim')
  if (!(await claims.claimIsThere(getDb(), clid))) throw new NotFoundError('No such claim.')
  return clid
}

/** GET /api/claims (a firm's claims or all, paged) and POST /api/claims (a new claim for a firm). */
export const claimsApi: ApiHandlers = {
  GET: ({ request }) => claims.listClaims(getDb(), readQuery(request, claimListQuerySchema)),
  POST: async ({ request, user }) => {
    const { fid } = await readBody(request, claimCreateSchema)
    return Response.json(await claims.createClaim(getDb(), fid, user.id), { status: 201 })
  },
}

/** GET, PUT (with the version read: 409 with the current claim) and DELETE one claim. */
export const claimApi: ApiHandlers = {
  GET: async ({ params }) => {
    const claim = await claims.getClaim(getDb(), claimId(params.id))
    if (!claim) throw new NotFoundError(CLAIM_MESSAGES.getFailed)
    return claim
  },
  PUT: async ({ request, params, user }) => {
    const clid = claimId(params.id)
    const { version, ...changes } = await readBody(request, claimPutSchema)
    await claims.updateClaim(getDb(), clid, version, changes, user.id)
    return { message: CLAIM_MESSAGES.saved, claim: await claims.getClaim(getDb(), clid) }
  },
  DELETE: async ({ params, user }) => {
    await claims.deleteClaim(getDb(), claimId(params.id), user.id)
    return { message: CLAIM_MESSAGES.deleted }
  },
}

/**
 * POST /api/claims/search: whereColumns filter, checkedColumns (with includeCheckColumns) and
 * includeColumns choose the columns, aggregates adds sum/max/min/count of each money field over every
 * match; `simple` answers only the claim ids of the page. Answer: result, totalPages, count.
 */
export const claimSearchApi: ApiHandlers = {
  POST: async ({ request }) => {
    const body = await readBody(request, claimSearchBodySchema)
    const columns = body.simple
      ? []
      : [...(body.includeCheckColumns ? body.checkedColumns : []), ...body.includeColumns]
    // Nothing filled and no column (besides the claim id) is refused as the search page refuses it.
    if (!canSearch(body.whereColumns, columns)) throw new DomainError(CLAIM_MESSAGES.emptySearch, 'EMPTY_SEARCH', 400)
    return claims.searchClaims(getDb(), {
      filters: body.whereColumns,
      columns,
      page: body.page,
      perPage: body.perPage,
      sortBy: body.sortBy,
      sortDesc: body.sortDesc,
      aggregates: body.aggregates && !body.simple,
    })
  },
}

/** GET /api/claims/{id}/logs: who changed what on the claim and its ledger, newest first. */
export const claimLogsApi: ApiHandlers = {
  GET: async ({ params }) => claims.claimLogs(getDb(), await existingClaim(params.id)),
}

/** GET and POST /api/claims/{id}/ledger: the claim's ledger entries; a new entry (logged). */
export const claimLedgerApi: ApiHandlers = {
  GET: async ({ params }) => claims.claimLedgerEntries(getDb(), await existingClaim(params.id)),
  POST: async ({ request, params, user }) => {
    const clid = requireId(params.id, 'claim')
    const input = await readBody(request, ledgerEntrySchema)
    return Response.json(await claims.createLedgerEntry(getDb(), clid, input, user), { status: 201 })
  },
}

/** PUT (with the version read) and DELETE one claim ledger entry. */
export const claimLedgerEntryApi: ApiHandlers = {
  PUT: async ({ request, params, user }) => {
    const clid = requireId(params.id, 'claim')
    const id = requireId(params.ledgerId, 'ledger')
    const { version, ...input } = await readBody(request, ledgerPutSchema)
    return {
      message: CLAIM_MESSAGES.ledgerSaved,
      entry: await claims.updateLedgerEntry(getDb(), clid, id, version, input, user.id),
    }
  },
  DELETE: async ({ params, user }) => {
    await claims.deleteLedgerEntry(
      getDb(),
      requireId(params.id, 'claim'),
      requireId(params.ledgerId, 'ledger'),
      user.id,
    )
    return { message: CLAIM_MESSAGES.ledgerDeleted }
  },
}
