import { canEditClaim, canViewClaims } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { FIRM_CLAIMS_PAGE_SIZES } from '#app/domain/claims'
import type { FirmTab, FirmTabContext } from '#app/http/firm-tab.server'
import { firmClaimTotals, firmClaims } from '#app/models/claim.server'

/** The firm viewer's Claims tab (spec 2 §2.2): a page of the firm's claims and its totals. */
export async function loadFirmClaimsTab({ user, fid, url }: FirmTabContext) {
  const page = Math.min(10_000, Math.max(1, Number(url.searchParams.get('cpage')) || 1))
  const size = Number(url.searchParams.get('csize'))
  const perPage = (FIRM_CLAIMS_PAGE_SIZES as readonly number[]).includes(size) ? size : FIRM_CLAIMS_PAGE_SIZES[0]
  const [claims, totals] = await Promise.all([
    firmClaims(getDb(), fid, { page, perPage }),
    firmClaimTotals(getDb(), fid),
  ])
  return { ...claims, perPage, totals, can: { create: canEditClaim(user) } }
}
export type FirmClaimsTabData = Awaited<ReturnType<typeof loadFirmClaimsTab>>

/** The firm viewer's Claims tab: only users with claim-view see it. */
export const claimsTab: FirmTab<FirmClaimsTabData> = { name: 'Claims', shown: canViewClaims, load: loadFirmClaimsTab }
