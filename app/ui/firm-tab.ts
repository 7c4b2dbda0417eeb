import type { ComponentType } from 'react'
import type { ViewerTab } from '#app/domain/firm-search'
import { SUBTAB_STATE, VIEWER_PANEL_PARAMS } from '#app/domain/firm-viewer'
import type { IntentReply } from '#app/http/intent.server'
import { hrefWithParams } from './use-href-with'

/**
 * The firm viewer's tab contract, its component side (the server side is app/http/firm-tab.server.ts).
 * The firm viewer (features/firms) shows the sub-tabs a route gives it; each feature exports its tab's
 * view (`firmTabView('Notes', lazy(() => import('./notes-tab')))`) and its server part, and the route
 * module composes them. So no feature imports the viewer, and the viewer imports no feature: both
 * import this module. The viewer's URL vocabulary is app/domain/firm-viewer.ts.
 */

/** Builds the viewer's links: the host page (search page or popup) decides how a firm, sub-tab and state map to a URL. */
export interface ViewerLinks {
  /** The same page with some search parameters changed (null removes one). */
  withParams: (changes: Record<string, string | null>) => string
  /** The page showing another sub-tab of this firm. */
  tab: (tab: string) => string
  /** Hidden inputs a GET form in the viewer must carry to stay on this page. */
  keep: (except: readonly string[]) => [string, string][]
}

/** What a tab's component is given: its firm, the data its server part loaded, the viewer's links and the page action's answer. */
export interface FirmTabProps<Data, Reply extends { intent: string } = IntentReply> {
  fid: number
  data: Data
  links: ViewerLinks
  /** Shown in the firm popup (narrower columns, no Next Job). */
  inPopup: boolean
  /** The page action's last answer, whichever form it was for: each tab shows only its own intents'. */
  actionResult?: Reply | null
}

/** A tab as the viewer renders it: its name and its component (lazy: its code loads only on its pages). */
export interface FirmTabView {
  name: ViewerTab
  Component: ComponentType<FirmTabProps<unknown>>
}

/** A feature's tab view: the component typed by its own data and answers, erased for the viewer's list. */
export function firmTabView<Data, Reply extends { intent: string }>(
  name: ViewerTab,
  Component: ComponentType<FirmTabProps<Data, Reply>>,
): FirmTabView {
  return { name, Component: Component as unknown as ComponentType<FirmTabProps<unknown>> }
}

/** The viewer's links on a page: `tabPath` says where another sub-tab of the firm is (its own state dropped). */
export function makeLinks(
  pathname: string,
  search: URLSearchParams,
  tabPath: (tab: string, params: URLSearchParams) => string,
): ViewerLinks {
  const withParams = (changes: Record<string, string | null>) => hrefWithParams(pathname, search, changes)
  return {
    withParams,
    tab: (tab) => {
      const next = new URLSearchParams(search)
      for (const key of SUBTAB_STATE) next.delete(key)
      return tabPath(tab, next)
    },
    keep: (except) => [...search.entries()].filter(([key]) => !except.includes(key)),
  }
}

/** The page an action returns to: the request's URL without the parameters that only open a panel. */
export function backUrl(requestUrl: string): string {
  const url = new URL(requestUrl)
  const drop = [...VIEWER_PANEL_PARAMS, 'index', '_data']
  return hrefWithParams(url.pathname, url.searchParams, Object.fromEntries(drop.map((key) => [key, null])))
}
