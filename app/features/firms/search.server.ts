import { redirect } from '@remix-run/node'
import type { CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import {
  COLUMN_LABELS,
  DEFAULT_COLUMNS,
  FIRM_MESSAGES,
  UNISEARCH_COLUMNS,
  UNISEARCH_MIN,
  hasSearchField,
  resultColumns,
  type FirmColumn,
} from '#app/domain/firm-search'
import type { FirmTab } from '#app/http/firm-tab.server'
import type { IntentTable } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import { firmTitles, searchFirms, unisearchFirms, type FirmPage } from '#app/models/firm.server'
import { loadPicklists } from '#app/models/list.server'
import {
  fidSearched,
  filtersOf,
  firmSearchParamsSchema,
  openFirms,
  type FirmSearchParams,
} from '#app/schemas/firm-search'
import { firmViewerAction, loadFirmView } from './viewer.server'
import { openFirmChanges, titlesInOrder } from '#app/domain/firm-viewer'
import { hrefWithParams } from '#app/ui/use-href-with'

export function readSearchParams(url: URL): FirmSearchParams {
  const raw: Record<string, string | string[]> = {}
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key)
    raw[key] = values.length > 1 ? values : values[0]
  }
  return firmSearchParamsSchema.parse(raw)
}

export interface SearchOutcome {
  page: FirmPage | null
  columns: { key: FirmColumn; label: string }[]
  message: { kind: 'hint' | 'warning' | 'error'; text: string; detail?: string } | null
}

async function runSearch(params: FirmSearchParams, user: CurrentUser): Promise<SearchOutcome> {
  const db = getDb()
  const perPage = params.size ?? 100
  const page = params.page ?? 1
  const labelled = (columns: readonly FirmColumn[]) => columns.map((key) => ({ key, label: COLUMN_LABELS[key] }))
  if (params.mode === 'uni') {
    const term = params.q?.trim() ?? ''
    if (term.length < UNISEARCH_MIN)
      return { page: null, columns: [], message: { kind: 'hint', text: FIRM_MESSAGES.hint } }
    try {
      const result = await unisearchFirms(db, term, { page, perPage, unlimited: user.isAdmin })
      // A non-admin sees the first 100 firms and the over-limit notice (spec 2 §5).
      const message = result.overLimit
        ? { kind: 'warning' as const, text: FIRM_MESSAGES.overLimit }
        : result.count === 0
          ? { kind: 'warning' as const, text: FIRM_MESSAGES.noResults }
          : null
      return { page: result, columns: labelled(UNISEARCH_COLUMNS), message }
    } catch (error) {
      console.error('[firms] unisearch failed', error)
      return { page: null, columns: [], message: { kind: 'error', text: FIRM_MESSAGES.unisearchFailed } }
    }
  }
  if (params.mode === 'columns') {
    const filters = filtersOf(params)
    if (!hasSearchField(filters))
      return { page: null, columns: [], message: { kind: 'warning', text: FIRM_MESSAGES.emptySearch } }
    const columns = resultColumns(params.col, params.order)
    try {
      const result = await searchFirms(db, {
        filters,
        columns,
        page,
        perPage,
        sortBy: params.by ?? 'sort',
        sortDesc: params.desc === '1',
        unlimited: user.isAdmin,
      })
      const message = result.overLimit
        ? { kind: 'warning' as const, text: FIRM_MESSAGES.overLimit }
        : result.count === 0
          ? { kind: 'warning' as const, text: FIRM_MESSAGES.noResults, detail: FIRM_MESSAGES.tooNarrow }
          : null
      return { page: result, columns: labelled(columns), message }
    } catch (error) {
      console.error('[firms] search failed', error)
      return { page: null, columns: [], message: { kind: 'error', text: FIRM_MESSAGES.searchFailed } }
    }
  }
  return { page: null, columns: [], message: { kind: 'hint', text: FIRM_MESSAGES.hint } }
}

/**
 * What the firms search page shows besides searches: the firm viewer's tabs, and the jobs list (its
 * loader and forms), shown when no search is asked for (spec 2 §2.1). The route module composes them.
 */
export interface FirmsSearchParts<Jobs> {
  tabs: readonly FirmTab[]
  /** `besideFirm`: the list is drawn above an open firm's tab (a shorter page, decision 0038). */
  jobs: { load: (context: PageContext, options?: { besideFirm?: boolean }) => Promise<Jobs>; intents: IntentTable }
}

/** The whole firms search page: the search asked for in the URL, the open firm tabs and the active firm. */
export async function loadFirmsSearchPage<Jobs>(context: PageContext, parts: FirmsSearchParts<Jobs>) {
  const { url, user } = context
  const params = readSearchParams(url)
  const open = openFirms(params)

  // Get by FID opens the firm in the viewer (fid alone is a valid search).
  if (params.mode === 'fid') {
    const fid = fidSearched(params)
    const found = fid !== null ? await firmTitles(getDb(), [fid]) : []
    if (found.length && fid !== null)
      throw redirect(hrefWithParams(url.pathname, url.searchParams, openFirmChanges(open, fid)))
    const [picklists, tabs] = await Promise.all([
      optionsOpen(params) ? searchPicklists() : null,
      firmTitles(getDb(), open),
    ])
    return {
      ...pageData(
        params,
        user,
        { page: null, columns: [], message: { kind: 'warning', text: FIRM_MESSAGES.noResults } },
        tabs,
        null,
        picklists,
      ),
      jobs: null as Jobs | null,
      firmError: null,
    }
  }

  const active = params.firm && open.includes(params.firm) ? params.firm : open[0]
  // No firm search asked for: the page shows the user's jobs (spec 2 §2.1 "starts on loadingJobs").
  // The active firm's tab title comes with the firm the viewer reads: only the other open firms' titles
  // are read (none, when one firm is open: a statement less on every firm tab).
  const [outcome, others, view, picklists, jobs] = await Promise.all([
    runSearch(params, user),
    firmTitles(
      getDb(),
      open.filter((fid) => fid !== active),
    ),
    active ? loadFirmView(parts.tabs, context, active, params.tab ?? 'Info') : null,
    optionsOpen(params) ? searchPicklists() : null,
    params.mode ? null : parts.jobs.load(context, { besideFirm: active !== undefined }),
  ])
  // A firm asked for in the URL that is not there (a stale bookmark, a typed id) says so (spec 2 §8).
  const firmError = active !== undefined && view === null ? FIRM_MESSAGES.loadFailed : null
  const tabs = titlesInOrder(open, others, view && { fid: view.firm.fid, sort: view.firm.sort })
  return { ...pageData(params, user, outcome, tabs, view, picklists), jobs, firmError }
}

/**
 * The search options (the column search form) show when asked for (Search Firms, spec 2 §2.1) and
 * after a column search; the jobs list and the firm viewer do without them and their picklists.
 */
export function optionsOpen(params: FirmSearchParams): boolean {
  return params.find === '1' || params.mode === 'columns'
}

function searchPicklists() {
  return loadPicklists(getDb(), ['states', 'ftype', 'fstatus', 'name'] as const)
}

function pageData(
  params: FirmSearchParams,
  user: CurrentUser,
  outcome: SearchOutcome,
  tabs: { fid: number; sort: string }[],
  view: Awaited<ReturnType<typeof loadFirmView>>,
  picklists: Awaited<ReturnType<typeof searchPicklists>> | null,
) {
  const autoSetting = user.preferences.searchAutoSetting === 'clear' ? 'clear' : 'save'
  const checked = params.mode === 'columns' ? params.col : [...DEFAULT_COLUMNS]
  return {
    outcome,
    tabs,
    view,
    picklists,
    form: {
      // searchAutoSetting 'clear' empties the form after a search; 'save' keeps what was typed.
      values: autoSetting === 'clear' ? {} : filtersOf(params),
      q: autoSetting === 'clear' ? '' : (params.q ?? ''),
      checked: autoSetting === 'clear' ? [...DEFAULT_COLUMNS] : resultColumns(checked, params.order).slice(1),
      place: params.place ?? 'above',
    },
    // The page the search shows (a page past the end is the last one), so the pager says which.
    paging: {
      page: outcome.page?.page ?? params.page ?? 1,
      perPage: params.size ?? 100,
      by: params.by ?? 'sort',
      desc: params.desc === '1',
    },
  }
}

/**
 * The page's route parts: its loader, and its forms, the firm viewer's tabs' and the jobs list's as one
 * intent table (the jobs list's intents are app/auth/action-intents.ts's job-*).
 */
export function firmsSearchParts<Jobs>(parts: FirmsSearchParts<Jobs>) {
  const viewer = firmViewerAction(parts.tabs)
  return {
    load: (context: PageContext) => loadFirmsSearchPage(context, parts),
    intents: { ...viewer.intents, ...parts.jobs.intents },
    tooLarge: viewer.tooLarge,
  }
}
export type FirmsSearchData = Awaited<ReturnType<typeof loadFirmsSearchPage<unknown>>>
