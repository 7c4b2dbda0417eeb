import { canEditClaim, canViewClaims } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import type { FirmTab, FirmTabContext } from '#app/http/firm-tab.server'
import { firmClaimTotals, firmClaims } from '#app/models/claim.server'
import { firmClaimsTabSearchSchema } from '#app/schemas/claims'

/** The firm viewer's Claims tab (spec 2 §2.2): a page of the firm's claims and its totals. */
export async function loadFirmClaimsTab({ user, fid, url }: FirmTabContext) {
  // Every key falls back to its default when stale: the parse never refuses.
  const { cpage: page, csize: perPage } = firmClaimsTabSearchSchema.parse(Object.fromEntries(url.searchParams))
  const [claims, totals] = await Promise.all([
    firmClaims(getDb(), fid, { page, perPage }),
    firmClaimTotals(getDb(), fid),
  ])
  return { ...claims, perPage, totals, can: { create: canEditClaim(user) } }
}
export type FirmClaimsTabData = Awaited<ReturnType<typeof loadFirmClaimsTab>>

/** The firm viewer's Claims tab: only users with claim-view see it. */
export const claimsTab: FirmTab<FirmClaimsTabData> = { name: 'Claims', shown: canViewClaims, load: loadFirmClaimsTab }
