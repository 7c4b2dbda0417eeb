import { getDb } from '#app/db/client.server'
import { apiError } from '#app/http/errors.server'
import { parseWith, readBody, readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import {
  createLedger,
  LEDGER_MESSAGES,
  policyLedger,
  requireLedgerEntry,
  searchLedgers,
  updateLedger,
  updateLedgers,
  updatePolicyLedgers,
} from '#app/models/ledger.server'
import { requirePolicy } from '#app/models/policy.server'
import { z } from 'zod'
import {
  ledgerBatchSchema,
  ledgerByPidQuery,
  ledgerChangesSchema,
  ledgerListQuery,
  ledgerPostSchema,
  ledgerPutSchema,
  ledgerSearchQuery,
} from '#app/schemas/ledgers'

/**
 * The policy ledger calls of spec 3 §7. Reads need a sign-in (as the policy view); writes need
 * policy-edit and are logged; an entry read at one version and saved after another save is a 409.
 */

/**
 * GET /api/ledgers/?pid=: a policy's entries. POST: a new entry. PUT: an array of entries (each with
 * lid and version, all or none), or ?pid= with one set of changes for every entry of the policy.
 */
export const ledgersApi = apiRoute('/api/ledgers', {
  GET: async ({ request }) => {
    const { pid } = readQuery(request, ledgerListQuery)
    await requirePolicy(getDb(), pid)
    return policyLedger(getDb(), pid)
  },
  POST: async ({ request, user }) =>
    Response.json(await createLedger(getDb(), await readBody(request, ledgerPostSchema), user.id), { status: 201 }),
  PUT: async ({ request, user }) => {
    const query = new URL(request.url).searchParams
    if (query.has('pid')) {
      const { pid } = readQuery(request, ledgerByPidQuery)
      const changes = await readBody(request, ledgerChangesSchema)
      if (Object.keys(changes).length === 0) throw apiError(400, 'INVALID_PARAMS', 'Name the fields to change.')
      return { result: await updatePolicyLedgers(getDb(), pid, changes, user.id) }
    }
    const body = await readBody(request, z.unknown())
    if (!Array.isArray(body))
      throw apiError(400, 'INVALID_PARAMS', 'Send an array of entries, or ?pid= with one set of changes.')
    return { result: await updateLedgers(getDb(), parseWith(ledgerBatchSchema, body), user.id) }
  },
})

/** GET /api/ledgers/search: entries by pid, fid, cid, type, acct, num, dueFrom, dueTo, paid; paged. */
export const ledgerSearchApi = apiRoute('/api/ledgers/search', {
  GET: async ({ request }) => searchLedgers(getDb(), readQuery(request, ledgerSearchQuery)),
})

/** GET /api/ledgers/{id}; PUT /api/ledgers/{id} with the version read. */
export const ledgerApi = apiRoute('/api/ledgers/:id', {
  GET: async ({ params }) =>
    requireLedgerEntry(getDb(), requireId(params.id, 'ledger entry', LEDGER_MESSAGES.notFound)),
  PUT: async ({ request, params, user }) => {
    const lid = requireId(params.id, 'ledger entry', LEDGER_MESSAGES.notFound)
    const { version, ...changes } = await readBody(request, ledgerPutSchema)
    return updateLedger(getDb(), lid, version, changes, user.id)
  },
})
