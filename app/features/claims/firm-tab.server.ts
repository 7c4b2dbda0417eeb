import { canEditClaim, canViewClaims } from '#app/auth/abilities'
import type { CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { FIRM_CLAIMS_PAGE_SIZES } from '#app/domain/claims'
import { firmClaimTotals, firmClaims } from '#app/models/claim.server'

/** The firm viewer's Claims tab (spec 2 §2.2): a page of the firm's claims and its totals; null without claim-view. */
export async function loadFirmClaimsTab(user: CurrentUser, fid: number, url: URL) {
  if (!canViewClaims(user)) return null
  const page = Math.min(10_000, Math.max(1, Number(url.searchParams.get('cpage')) || 1))
  const size = Number(url.searchParams.get('csize'))
  const perPage = (FIRM_CLAIMS_PAGE_SIZES as readonly number[]).includes(size) ? size : FIRM_CLAIMS_PAGE_SIZES[0]
  const [claims, totals] = await Promise.all([
    firmClaims(getDb(), fid, { page, perPage }),
    firmClaimTotals(getDb(), fid),
  ])
  return { ...claims, perPage, totals, can: { create: canEditClaim(user) } }
}
export type FirmClaimsTabData = NonNullable<Awaited<ReturnType<typeof loadFirmClaimsTab>>>
