import { canOpen } from './scopes'

export const FIRMS_SEARCH = '/search/firms/firmsSearch'
export const CLAIMS_SEARCH = '/search/claims/claimsSearch'

/**
 * Spec 1 §2.2: claims search when the saved home preference is claims, otherwise firms search; a
 * user without firm-view goes to claims search and one without claim-view to firms search.
 */
export function chooseHome(scopes: ReadonlySet<string>, preferences: Record<string, unknown>): string {
  if (!scopes.has('firm-view')) return CLAIMS_SEARCH
  if (!scopes.has('claim-view')) return FIRMS_SEARCH
  return preferences.home === 'claims' ? CLAIMS_SEARCH : FIRMS_SEARCH
}

/** The chosen home, or the home page when the user cannot open it (or this build lacks it). */
export function homePath(scopes: ReadonlySet<string>, preferences: Record<string, unknown>): string {
  const target = chooseHome(scopes, preferences)
  return canOpen(target, scopes) ? target : '/'
}
