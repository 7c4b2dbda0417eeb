import { visibleMenus } from '#app/auth/menu.server'
import { canOpen } from '#app/auth/scopes'
import type { PageContext } from '#app/http/page-route.server'
import { RETURN_TO_WORK_FALLBACK } from '#app/ui/menu'

/** System Management (spec 1 §2.3): the management screens this user may open, and where 'Return to work' goes. */
export function loadManage({ user }: PageContext) {
  return {
    items: visibleMenus(user.scopeSet).manage,
    fallback: canOpen('/search/firms/firmsSearch', user.scopeSet) ? RETURN_TO_WORK_FALLBACK : '/',
  }
}
