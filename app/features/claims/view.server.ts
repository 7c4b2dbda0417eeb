import { getDb } from '#app/db/client.server'
import { CLAIM_LISTS, CLAIM_MESSAGES } from '#app/domain/claims'
import { NotFoundError } from '#app/domain/errors'
import type { PageContext } from '#app/http/page-route.server'
import { loadPicklists } from '#app/models/list.server'
import { claimLedgerEntries, getClaim, type ClaimDetail } from '#app/models/claim.server'

/** The ids of a claim page's URL: a bad or unknown id is the spec's 404 ('Failed to get Claim.'). */
export const CLAIM_IDS = { id: { kind: 'claim', message: CLAIM_MESSAGES.getFailed } } as const

/**
 * The claim the editor's first check read, for the loader of the same GET request (pageRoute runs
 * `exists`, then `load`, on one request): the claim is read once, not checked and then read. An
 * action's request is not kept: the page after a save is loaded on a request of its own.
 */
const readByCheck = new WeakMap<Request, Promise<ClaimDetail | null>>()

/** The claim editor's first check: an unknown claim is the spec's 404 for every user (pageRoute's exists). */
export async function claimExists({ ids, request }: PageContext) {
  const claim = getClaim(getDb(), ids.id)
  if (request.method === 'GET') readByCheck.set(request, claim)
  if (!(await claim)) throw new NotFoundError(CLAIM_MESSAGES.getFailed)
}

/** The claim a view or editor URL names (as the editor's check read it on this request), or the spec's 404. */
export async function requireClaim(clid: number, request?: Request) {
  const kept = request && request.method === 'GET' ? readByCheck.get(request) : undefined
  const claim = await (kept ?? getClaim(getDb(), clid))
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
