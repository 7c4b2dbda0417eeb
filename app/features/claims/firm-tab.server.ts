import { canEditClaim, canViewClaims } from '#app/auth/abilities'
import type { CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { firmClaimTotals, firmClaims } from '#app/models/claim.server'
import { firmClaimsTabSearchSchema } from '#app/schemas/claims'

/** The firm viewer's Claims tab (spec 2 §2.2): a page of the firm's claims and its totals; null without claim-view. */
export async function loadFirmClaimsTab(user: CurrentUser, fid: number, url: URL) {
  if (!canViewClaims(user)) return null
  // Every key falls back to its default when stale: the parse never refuses.
  const { cpage: page, csize: perPage } = firmClaimsTabSearchSchema.parse(Object.fromEntries(url.searchParams))
  const [claims, totals] = await Promise.all([
    firmClaims(getDb(), fid, { page, perPage }),
    firmClaimTotals(getDb(), fid),
  ])
  return { ...claims, perPage, totals, can: { create: canEditClaim(user) } }
}
export type FirmClaimsTabData = NonNullable<Awaited<ReturnType<typeof loadFirmClaimsTab>>>
