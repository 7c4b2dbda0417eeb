import { visibleMenus } from '#app/auth/menu.server'
import { canOpen, matchRoute } from '#app/auth/scopes'
import type { PageContext } from '#app/http/page-route.server'
import { RETURN_TO_WORK_FALLBACK } from '#app/ui/menu'

/** System Management (spec 1 §2.3): the management screens this user may open, and where 'Return to work' goes. */
export function loadManage({ user }: PageContext) {
  return {
    items: visibleMenus(user.scopeSet).manage,
    fallback: canOpen('/search/firms/firmsSearch', user.scopeSet) ? RETURN_TO_WORK_FALLBACK : '/',
  }
}

/**
 * The manager area's layout is guarded as the page it holds when that page signs out a user without
 * its scopes (Roles without role-edit, spec 1 §6): the layout's own refusal (to /) would otherwise
 * win over the page's sign-out and its message. Every other page keeps the area's rule.
 */
export function manageLayoutPattern(request: Request): string {
  const entry = matchRoute(new URL(request.url).pathname)
  return entry?.signOut ? entry.path : '/manage'
}
