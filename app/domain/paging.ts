/**
 * Page arithmetic shared by the models' paging helper (app/models/paging.server.ts) and the tables:
 * pages are numbered from 1, a size is at least 1, and a page past the end shows the last page.
 */

export interface PageRequest {
  page: number
  size: number
}

export interface Page<Row> {
  rows: Row[]
  /** Rows the list can show (at most `reach` when the search has a reach). */
  total: number
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number
  pages: number
}

/** A whole number in [min, max]; anything else (NaN, fractions, out of range) is brought into range. */
export function clampInt(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min
  return Math.min(max, Math.max(min, Math.trunc(value)))
}

/** Pages needed for `total` rows (at least 1, so "page 1 of 1" for an empty list). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, size)))
}

/**
 * LIMIT and OFFSET of a page. With `reach`, the list shows only its first `reach` rows: no window goes
 * past them (the last page is shorter) and the page number is kept within them.
 */
export function pageWindow(request: PageRequest, reach?: number): { page: number; limit: number; offset: number } {
  const size = clampInt(request.size, 1, Number.MAX_SAFE_INTEGER)
  const lastPage = reach === undefined ? Number.MAX_SAFE_INTEGER : pageCount(reach, size)
  const page = clampInt(request.page, 1, lastPage)
  const offset = (page - 1) * size
  const limit = reach === undefined ? size : Math.max(1, Math.min(size, reach - offset))
  return { page, limit, offset }
}

/** The rows of one page cut from the first rows of a list (the early-stopping search reads those only). */
export function slicePage<Row>(
  first: readonly Row[],
  request: PageRequest,
): { rows: Row[]; page: number; pages: number } {
  const size = clampInt(request.size, 1, Number.MAX_SAFE_INTEGER)
  const pages = pageCount(first.length, size)
  const page = clampInt(request.page, 1, pages)
  return { rows: first.slice((page - 1) * size, page * size), page, pages }
}

/** "1–100 of 250": the rows a page shows, for the pager's live text. */
export function pageSpan(page: number, size: number, total: number): string {
  if (total <= 0) return '0 rows'
  const first = (page - 1) * size + 1
  return `${Math.min(first, total)}–${Math.min(total, page * size)} of ${total}`
}
