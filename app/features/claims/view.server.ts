import { data } from '@remix-run/node'
import { getDb } from '#app/db/client.server'
import { CLAIM_MESSAGES } from '#app/domain/claims'
import { requireId } from '#app/http/ids.server'
import { loadPicklists } from '#app/models/list.server'
import { claimLedgerEntries, getClaim } from '#app/models/claim.server'

export const CLAIM_LISTS = [
  'carrier',
  'ptype',
  'plt_code',
  'def_code',
  'err_code',
  'aop_code',
  'clmstatus',
  'states',
] as const

/** The claim a view or editor URL names, or the spec's 404 ('Failed to get Claim.'). */
export async function requireClaim(param: string | undefined) {
  const clid = requireId(param, 'claim', CLAIM_MESSAGES.getFailed)
  const claim = await getClaim(getDb(), clid)
  if (!claim) throw data({ message: CLAIM_MESSAGES.getFailed, status: 'NOT_FOUND' }, { status: 404 })
  return claim
}

/** The printable claim summary (spec 3 §2.2): every section, list codes with their names, the ledger. */
export async function loadClaimView(param: string | undefined) {
  const claim = await requireClaim(param)
  const [lists, ledger] = await Promise.all([
    loadPicklists(getDb(), CLAIM_LISTS),
    claimLedgerEntries(getDb(), claim.clid),
  ])
  const names = Object.fromEntries(
    Object.entries(lists).map(([list, options]) => [
      list,
      Object.fromEntries(options.map((option) => [option.value, option.label])),
    ]),
  ) as Record<(typeof CLAIM_LISTS)[number], Record<string, string>>
  return { claim, names, ledger }
}
