import { ForbiddenError } from '#app/domain/errors'

export const CROSS_SITE_MESSAGE = 'Requests from other sites are refused.'

/** What the check reads of a request: its headers (a Fetch `Headers`, or the server's `req.get`). */
export interface HeaderSource {
  get(name: string): string | null | undefined
}

/**
 * Whether a request was sent from this origin: a page of the app, or an address the user typed,
 * bookmarked or opened from outside a browser. One rule for the server's filter of writes
 * (server/security.ts) and for the GETs that change data (taking a note, the next job):
 * - `Sec-Fetch-Site`, which every current browser sends: `same-origin` or `none` (typed, bookmarked);
 *   `same-site` (a sibling site, another port) and `cross-site` are other sites;
 * - without it (an older browser), `Origin`, else `Referer`: when present, it must be this origin;
 * - with none of them: a client that is not a browser (curl, a script with its own cookie, the
 *   tests), which no page of another site can make a browser be; it passes, as it always has.
 *   (An older browser following a link whose page asked for no Referer looks the same: that gap is
 *   closed by `Sec-Fetch-Site` in every browser of the last years.)
 */
export function isSameOrigin(headers: HeaderSource, ownOrigin: string): boolean {
  const site = headers.get('sec-fetch-site')
  if (site) return site === 'same-origin' || site === 'none'
  const origin = headers.get('origin')
  if (origin) return origin === ownOrigin
  const referer = headers.get('referer')
  if (referer) return originOf(referer) === ownOrigin
  return true
}

/** The same check for a request as the app sees it (its URL is the address the browser used). */
export function isSameOriginRequest(request: Request): boolean {
  return isSameOrigin(request.headers, new URL(request.url).origin)
}

/**
 * For a GET that changes data (the spec keeps the method): from another site it changes nothing and
 * answers 403 with CROSS_SITE_MESSAGE, as the server answers a cross-site write.
 */
export function requireSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) throw new ForbiddenError(CROSS_SITE_MESSAGE)
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}
