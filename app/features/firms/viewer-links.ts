import { NOTE_PANEL_PARAMS, NOTE_TRANSIENT_PARAMS } from '#app/domain/notes-tab'
import { hrefWithParams } from '#app/ui/use-href-with'

/** Builds the viewer's links: the host page decides how the firm, sub-tab and extra state map to a URL. */
export interface ViewerLinks {
  /** The same page with some search parameters changed (null removes one). */
  withParams: (changes: Record<string, string | null>) => string
  /** The page showing another sub-tab of this firm. */
  tab: (tab: string) => string
  /** Hidden inputs a GET form in the viewer must carry to stay on this page. */
  keep: (except: readonly string[]) => [string, string][]
}

export function makeLinks(
  pathname: string,
  search: URLSearchParams,
  tabPath: (tab: string, params: URLSearchParams) => string,
): ViewerLinks {
  const withParams = (changes: Record<string, string | null>) => hrefWithParams(pathname, search, changes)
  // Another sub-tab starts fresh: its own search, panels and the Notes tab's state go (the note mode stays).
  const transient = ['mq', 'msurname', 'deleteMember', 'upload', 'editFile', 'rows', ...NOTE_TRANSIENT_PARAMS]
  return {
    withParams,
    tab: (tab) => {
      const next = new URLSearchParams(search)
      for (const key of transient) next.delete(key)
      return tabPath(tab, next)
    },
    keep: (except) => [...search.entries()].filter(([key]) => !except.includes(key)),
  }
}

/** Parameters that only open a panel: the URL to go back to after an action leaves them out. */
export function backUrl(requestUrl: string): string {
  const url = new URL(requestUrl)
  const panels = ['deleteMember', 'upload', 'editFile', 'rows', 'index', '_data', ...NOTE_PANEL_PARAMS]
  return hrefWithParams(url.pathname, url.searchParams, Object.fromEntries(panels.map((key) => [key, null])))
}
