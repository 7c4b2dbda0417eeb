import { redirect } from '@remix-run/node'
import { getDb } from '#app/db/client.server'
import { parseForm } from '#app/http/conform.server'
import { intent } from '#app/http/intent-action.server'
import { refusedFields } from '#app/http/intent.server'
import type { PageContext } from '#app/http/page-route.server'
import { createClaim } from '#app/models/claim.server'
import { claimCreateSchema, claimOpenFormSchema } from '#app/schemas/claims'

const CLAIM_OPEN_MESSAGE = 'Enter a claim ID: digits, from 1.'

/**
 * The claim edit entry (spec 3 §2): a GET form, so a claim id opens its editor; anything else comes
 * back marked at the field (Conform's reply, 400), with what was typed kept.
 */
export async function loadClaimOpen({ url }: PageContext) {
  if (!url.searchParams.has('clid')) return { clid: '', result: null }
  const submission = parseForm(url.searchParams, { schema: claimOpenFormSchema })
  if (submission.status === 'success') throw redirect(`/editClaim/${submission.value.clid}`)
  const clid = String(url.searchParams.get('clid')).slice(0, 20)
  return refusedFields('open', submission.reply(), CLAIM_OPEN_MESSAGE, { clid })
}

/**
 * Create from a firm's Claims tab (claim-edit, refused in the one intent shape): a new claim for the
 * firm, opened in its editor. The form has no intent field: its one intent is ''.
 */
export const claimCreateIntents = {
  '': intent({
    schema: claimCreateSchema,
    handle: async ({ value, user }) => {
      const claim = await createClaim(getDb(), value.fid, user.id)
      return redirect(`/editClaim/${claim.clid}`)
    },
  }),
}
