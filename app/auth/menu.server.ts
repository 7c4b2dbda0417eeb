import { JOBS_PATH, MANAGE_MENU, MENUS, type VisibleMenus } from '#app/domain/menus'
import { canOpen } from './scopes'

type Opens = (path: string, scopes: ReadonlySet<string>) => boolean

/** Menu items the user holds the scopes for and whose screen exists; empty menus are dropped. */
export function visibleMenus(scopes: ReadonlySet<string>, opens: Opens = canOpen): VisibleMenus {
  return {
    menus: MENUS.map((group) => ({ ...group, items: group.items.filter((item) => opens(item.path, scopes)) })).filter(
      (group) => group.items.length > 0,
    ),
    jobs: opens(JOBS_PATH, scopes),
    manageArea: opens('/manage', scopes),
    manage: MANAGE_MENU.filter((item) => opens(item.path, scopes)),
  }
}
