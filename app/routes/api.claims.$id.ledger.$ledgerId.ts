import { getDb } from '#app/db/client.server'
import { CLAIM_MESSAGES } from '#app/domain/claims'
import { apiRoute } from '#app/http/api-route.server'
import { readBody } from '#app/http/api.server'
import { requireId } from '#app/http/ids.server'
import { deleteLedgerEntry, updateLedgerEntry } from '#app/models/claim.server'
import { ledgerPutSchema } from '#app/schemas/claims'

/** PUT (with the version read) and DELETE one claim ledger entry. */
const route = apiRoute('/api/claims/:id/ledger/:ledgerId', {
  PUT: async ({ request, params, user }) => {
    const clid = requireId(params.id, 'claim')
    const id = requireId(params.ledgerId, 'ledger')
    const { version, ...input } = await readBody(request, ledgerPutSchema)
    return {
      message: CLAIM_MESSAGES.ledgerSaved,
      entry: await updateLedgerEntry(getDb(), clid, id, version, input, user.id),
    }
  },
  DELETE: async ({ params, user }) => {
    await deleteLedgerEntry(getDb(), requireId(params.id, 'claim'), requireId(params.ledgerId, 'ledger'), user.id)
    return { message: CLAIM_MESSAGES.ledgerDeleted }
  },
})

export const loader = route.loader
export const action = route.action
