import { useLocation, useSearchParams } from '@remix-run/react'

/** `hrefWith(params, pathname)` without React: the current URL with some parameters changed (null removes one). */
export function hrefWithParams(
  pathname: string,
  search: URLSearchParams,
  changes: Record<string, string | null>,
): string {
  const next = new URLSearchParams(search)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key)
    else next.set(key, value)
  }
  const query = next.toString()
  return `${pathname}${query ? `?${query}` : ''}`
}

/**
 * Links that change the page's URL-driven state (paging, sorting, dialogs, panels): the current page
 * with some search parameters changed, null removing one.
 */
export function useHrefWith(): (changes: Record<string, string | null>) => string {
  const [searchParams] = useSearchParams()
  const { pathname } = useLocation()
  return (changes) => hrefWithParams(pathname, searchParams, changes)
}

/**
 * An address with one more parameter: a table's rows link from one base (`hrefWith({ key: null })`)
 * without building a URL for each row.
 */
export function withParam(base: string, key: string, value: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}${encodeURIComponent(key)}=${encodeURIComponent(value)}`
}
