import { visibleMenus } from '#app/auth/menu.server'
import { matchRoute } from '#app/auth/scopes'
import { NotFoundError } from '#app/domain/errors'
import type { PageContext } from '#app/http/page-route.server'

/** The signed-in shell (its pattern is '/'): the menus this user may open, and the idle watcher's clock. */
export function loadShell({ user }: PageContext) {
  return {
    username: user.username,
    menus: visibleMenus(user.scopeSet),
    timeRemainingMs: user.timeRemainingMs,
    askCode: user.mfaEnabled === true,
  }
}

/**
 * The pattern an unknown address is guarded with: a page of the spec's route table whose screen this
 * build lacks keeps its own rule, so access answers never depend on progress; anything else is '/*'.
 */
export function unknownPagePattern(request: Request): string {
  const known = matchRoute(new URL(request.url).pathname)
  return known && !known.api ? known.path : '/*'
}

/** An address with no page: a 404 inside the shell (the page's boundary shows 'Page not found'). */
export function loadNoPage(): never {
  throw new NotFoundError('There is no page at this address.')
}
