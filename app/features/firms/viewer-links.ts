import { NOTE_PANEL_PARAMS, NOTE_TRANSIENT_PARAMS } from '#app/domain/notes-tab'
import { SUBTAB_RESET } from '#app/features/jobs/links'
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

/**
 * The links of the open-firm tabs (spec 2 §2.2) on a page whose URL holds them (`open`, `firm`, `tab`):
 * selecting the firm shown keeps its sub-tab; another firm opens on Info without the previous firm's
 * sub-tab state (its notes search, page, panels). Closing drops a firm; when it was the one shown, the
 * last one left is shown; the last closed leaves none.
 */
export function firmTabHrefs(
  href: (changes: Record<string, string | null>) => string,
  open: readonly number[],
  shown: number | undefined,
  tab: string | null,
): { select: (fid: number) => string; close: (fid: number) => string } {
  const opened = (fid: number) => [...new Set([...open, fid])].join(',')
  return {
    select: (fid) =>
      shown === fid
        ? href({ open: opened(fid), firm: String(fid), tab: tab ?? 'Info' })
        : href({ ...SUBTAB_RESET, open: opened(fid), firm: String(fid), tab: 'Info' }),
    close: (fid) => {
      const rest = open.filter((other) => other !== fid)
      const switching = shown === fid
      return href({
        ...(switching || !rest.length ? SUBTAB_RESET : {}),
        open: rest.length ? rest.join(',') : null,
        firm: rest.length ? String(switching ? rest[rest.length - 1] : (shown ?? rest[0])) : null,
        tab: rest.length ? tab : null,
      })
    },
  }
}
