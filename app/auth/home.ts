import { canViewClaims, canViewFirms } from './abilities'
import { canOpen } from './scopes'

export const FIRMS_SEARCH = '/search/firms/firmsSearch'
export const CLAIMS_SEARCH = '/search/claims/claimsSearch'

/**
 * Spec 1 §2.2: claims search when the saved home preference is claims, otherwise firms search; a
 * user without firm-view goes to claims search and one without claim-view to firms search.
 */
export function chooseHome(scopes: ReadonlySet<string>, preferences: Record<string, unknown>): string {
  if (!canViewFirms({ scopeSet: scopes })) return CLAIMS_SEARCH
  if (!canViewClaims({ scopeSet: scopes })) return FIRMS_SEARCH
  return preferences.home === 'claims' ? CLAIMS_SEARCH : FIRMS_SEARCH
}

/** The chosen home, or the home page when the user cannot open it (or this build lacks it). */
export function homePath(scopes: ReadonlySet<string>, preferences: Record<string, unknown>): string {
  const target = chooseHome(scopes, preferences)
  return canOpen(target, scopes) ? target : '/'
}
