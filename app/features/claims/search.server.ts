import { firstError } from '#app/http/intent.server'
import type { SubmissionResult } from '@conform-to/react'
import { parseForm } from '#app/http/conform.server'
import { canEditClaim } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { queryObject } from '#app/http/api.server'
import type { PageContext } from '#app/http/page-route.server'
import {
  CLAIM_MESSAGES,
  DEFAULT_COLUMNS,
  DEFAULT_PAGE_SIZE,
  MONEY_FIELDS,
  MORE_GROUPS,
  canSearch,
  columnLabel,
  resultColumns,
  CLAIM_LISTS,
} from '#app/domain/claims'
import { getClaim, searchClaims, type ClaimPage } from '#app/models/claim.server'
import { loadPicklists } from '#app/models/list.server'
import { FILTER_KEYS, claimFiltersSchema, claimSearchPageSchema } from '#app/schemas/claims'
import { counselOptions } from './counsel.server'

const MORE_KEYS = new Set(MORE_GROUPS.flatMap((group) => group.fields.map((field) => field.name)))

export type SearchState =
  | { kind: 'empty'; message: string | null }
  | { kind: 'results'; page: ClaimPage; message: string | null }
  | { kind: 'invalid'; message: string }

/**
 * The claims search page (spec 3 §2.1): the URL is the search. `run=1` marks a submitted search;
 * the filters are checked (dollar amounts digits and decimals only, counsel after its handler or
 * firm), then searched with the chosen columns in the order checked, a page on the server.
 */
export async function loadClaimsSearch({ request, url, user }: PageContext) {
  // Every key of the page's schema falls back to its default when stale: the parse never refuses.
  const params = claimSearchPageSchema.parse(queryObject(request))
  // The form's fields, as the search form sent them (paging, sorting and columns are read above).
  const filterParams = new URLSearchParams(
    FILTER_KEYS.flatMap((key) => (url.searchParams.get(key) ? [[key, url.searchParams.get(key) as string]] : [])),
  )
  // The form's Show-every-option button (no JavaScript) sends the typed values to open the section, not to search.
  const run = params.run === '1' && params.more !== 'show'
  const columns = run ? resultColumns(params.col, params.order) : [...DEFAULT_COLUMNS]
  const perPage = params.size ?? DEFAULT_PAGE_SIZE
  const pageNumber = params.page ?? 1
  const sortBy = params.sort && columns.includes(params.sort) ? params.sort : 'clid'
  const sortDesc = params.sort ? params.desc === '1' : true

  let state: SearchState = { kind: 'empty', message: null }
  // A refused field comes back to the form in Conform's shape (its message at the field) and above it.
  let lastResult: SubmissionResult<string[]> | null = null
  let search: ReturnType<typeof searchClaims> | null = null
  if (run) {
    const submission = parseForm(filterParams, { schema: claimFiltersSchema })
    if (submission.status !== 'success') {
      lastResult = submission.reply()
      state = { kind: 'invalid', message: firstError(submission.error) ?? 'Check the search fields.' }
    } else if (!canSearch(submission.value, columns)) state = { kind: 'empty', message: CLAIM_MESSAGES.emptySearch }
    else
      search = searchClaims(getDb(), {
        filters: submission.value,
        columns,
        page: pageNumber,
        perPage,
        sortBy,
        sortDesc,
        // Only the chosen money columns' aggregates are shown: only they are computed (44 of them cost 17 ms at scale 100).
        aggregates: MONEY_FIELDS.filter((field) => columns.includes(field)),
      })
  }

  // The form's lists load while the search runs (they do not depend on it).
  const [page, picklists, { adjusters, panel }, full] = await Promise.all([
    search,
    loadPicklists(getDb(), CLAIM_LISTS),
    counselOptions(getDb()),
    params.full ? fullText(params.full) : null,
  ])
  if (page) state = { kind: 'results', page, message: page.count === 0 ? CLAIM_MESSAGES.noResults : null }
  return {
    state,
    values: Object.fromEntries(filterParams),
    lastResult,
    checked: columns.slice(1),
    columns: columns.map((key) => ({ key, label: columnLabel(key) })),
    paging: { page: state.kind === 'results' ? state.page.page : pageNumber, perPage, sortBy, sortDesc },
    moreOpen:
      params.more !== undefined ||
      [...filterParams.keys()].some((key) => MORE_KEYS.has(key.replace(/_(from|to)$/, ''))),
    picklists,
    counsel: { adjusters, panel },
    full,
    can: { edit: canEditClaim(user) },
  }
}

/** The full text of a claim's facts or note for the full-text dialog (sanitised HTML). */
async function fullText({ clid, field }: { clid: number; field: 'facts' | 'note' }) {
  const claim = await getClaim(getDb(), clid)
  if (!claim) return null
  return { clid: claim.clid, field, label: field === 'facts' ? 'Facts' : 'Notes', html: claim[field] ?? '' }
}

export type ClaimsSearchData = Awaited<ReturnType<typeof loadClaimsSearch>>
