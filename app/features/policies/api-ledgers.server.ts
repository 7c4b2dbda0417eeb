import { z } from 'zod'
import { getDb } from '#app/db/client.server'
import { InvalidError } from '#app/domain/errors'
import type { ApiHandlers } from '#app/http/api-route.server'
import { parseWith, readBody, readQuery } from '#app/http/api.server'
import { requireId } from '#app/http/ids.server'
import { createdRow, versionedPut } from '#app/http/row-api.server'
import * as ledgers from '#app/models/ledger.server'
import { requirePolicy } from '#app/models/policy.server'
import * as bodies from '#app/schemas/ledgers'

/**
 * The policy ledger calls of spec 3 §7. Reads need a sign-in (as the policy view); writes need
 * policy-edit and are logged; an entry read at one version and saved after another save is a 409.
 */

const entryId = (param: string | undefined) => requireId(param, 'ledger entry', ledgers.LEDGER_MESSAGES.notFound)

/**
 * GET /api/ledgers/?pid=: a policy's entries. POST: a new entry. PUT: an array of entries (each with
 * lid and version, all or none), or ?pid= with one set of changes for every entry of the policy.
 */
export const ledgersApi: ApiHandlers = {
  GET: async ({ request }) => {
    const { pid } = readQuery(request, bodies.ledgerListQuery)
    await requirePolicy(getDb(), pid)
    return ledgers.policyLedger(getDb(), pid)
  },
  POST: createdRow(bodies.ledgerPostSchema, ledgers.createLedger),
  PUT: async ({ request, user }) => {
    if (new URL(request.url).searchParams.has('pid')) {
      const { pid } = readQuery(request, bodies.ledgerByPidQuery)
      const changes = await readBody(request, bodies.ledgerChangesSchema)
      if (Object.keys(changes).length === 0) throw new InvalidError('Name the fields to change.')
      return { result: await ledgers.updatePolicyLedgers(getDb(), pid, changes, user.id) }
    }
    const body = await readBody(request, z.unknown())
    if (!Array.isArray(body)) throw new InvalidError('Send an array of entries, or ?pid= with one set of changes.')
    return { result: await ledgers.updateLedgers(getDb(), parseWith(bodies.ledgerBatchSchema, body), user.id) }
  },
}

/** GET /api/ledgers/search: entries by pid, fid, cid, type, acct, num, dueFrom, dueTo, paid; paged. */
export const ledgerSearchApi: ApiHandlers = {
  GET: async ({ request }) => ledgers.searchLedgers(getDb(), readQuery(request, bodies.ledgerSearchQuery)),
}

/** GET /api/ledgers/{id}; PUT /api/ledgers/{id} with the version read. */
export const ledgerApi: ApiHandlers = {
  GET: async ({ params }) => ledgers.requireLedgerEntry(getDb(), entryId(params.id)),
  PUT: versionedPut(entryId, bodies.ledgerPutSchema, (lid, version, changes, userId) =>
    ledgers.updateLedger(getDb(), lid, version, changes, userId),
  ),
}
