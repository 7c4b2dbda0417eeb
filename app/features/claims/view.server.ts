import { getDb } from '#app/db/client.server'
import { CLAIM_LISTS, CLAIM_MESSAGES } from '#app/domain/claims'
import { NotFoundError } from '#app/domain/errors'
import type { PageContext } from '#app/http/page-route.server'
import { loadPicklists } from '#app/models/list.server'
import { claimIsThere, claimLedgerEntries, getClaim } from '#app/models/claim.server'

/** The ids of a claim page's URL: a bad or unknown id is the spec's 404 ('Failed to get Claim.'). */
export const CLAIM_IDS = { id: { kind: 'claim', message: CLAIM_MESSAGES.getFailed } } as const

/** The claim editor's first check: an unknown claim is the spec's 404 for every user (pageRoute's exists). */
export async function claimExists({ ids }: PageContext) {
  if (!(await claimIsThere(getDb(), ids.id))) throw new NotFoundError(CLAIM_MESSAGES.getFailed)
}

/** The claim a view or editor URL names, or the spec's 404. */
export async function requireClaim(clid: number) {
  const claim = await getClaim(getDb(), clid)
  if (!claim) throw new NotFoundError(CLAIM_MESSAGES.getFailed)
  return claim
}

/** The printable claim summary (spec 3 §2.2): every section, list codes with their names, the ledger. */
export async function loadClaimView({ ids }: PageContext) {
  const claim = await requireClaim(ids.id)
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
