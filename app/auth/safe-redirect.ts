const BASE = 'http://app.invalid'

/**
 * The one check for a redirect target taken from a request (redirectTo, returnTo): it is parsed
 * with `new URL` against a stand-in origin, refused unless it stays on that origin, and answered
 * NORMALISED (path, query and hash as the browser will read them), so what was checked is what is
 * sent. Leading slashes are collapsed: `/.//evil.example` parses to the path `//evil.example`,
 * which a browser would read as another host (issue 10).
 */
export function safeRedirect(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/')) return fallback
  if ([...to].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127)) return fallback
  let url: URL
  try {
    url = new URL(to, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE) return fallback
  const path = url.pathname.replace(/^\/+/, '/')
  return `${path}${url.search}${url.hash}`
}
