/**
 * The server's security middleware (issue 10 items 3 and 4), in front of everything it serves:
 * - headers on every answer: nosniff, Referrer-Policy, HSTS when the request came over HTTPS;
 * - `Cache-Control: no-store` on everything but the static files (pages and JSON may be personal);
 * - a per-request CSP nonce for the document (the CSP itself is set by app/entry.server.tsx);
 * - cross-site request refusal (CSRF): a state-changing request from a browser on another origin
 *   answers 403 before the app sees it; `GET /api/auth/logout` is refused cross-site too.
 */
import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
export const CROSS_SITE_MESSAGE = 'Requests from other sites are refused.'

/** nosniff, Referrer-Policy and (over HTTPS) HSTS on every answer, static files included. */
export function baseHeaders(req: Request, res: Response, next: NextFunction) {
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'same-origin')
  // `req.secure` honours X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  next()
}

/** After the static files: app answers are not cached unless a route says otherwise; a fresh CSP nonce. */
export function appHeaders(_req: Request, res: Response, next: NextFunction) {
  res.setHeader('Cache-Control', 'no-store')
  res.locals.cspNonce = randomBytes(16).toString('base64')
  closeAfterTooLarge(res)
  next()
}

/**
 * An answer given before the request's body was read to its end (413 at the byte cap, and any early
 * refusal: 401, 403, 405, 415 before the body is parsed) closes the connection after it, so the client
 * stops sending at once instead of waiting, blocked, on a socket the server no longer reads, and the
 * next request on that keep-alive connection cannot be taken for the rest of the old body.
 */
function closeAfterTooLarge(res: Response) {
  const writeHead = res.writeHead
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (!res.headersSent && (args[0] === 413 || !res.req.complete)) res.setHeader('Connection', 'close')
    return writeHead.apply(this, args)
  } as Response['writeHead']
}

/**
 * Whether a request was sent by a page of another site. Browsers send `Sec-Fetch-Site` (all current
 * ones) and `Origin` on every POST, PUT and DELETE; a request with neither comes from a
 * non-browser client (curl, a script with the API), which no other site can make a browser send,
 * so it is let through: its cookie must have been given to it.
 */
export function isCrossSite(req: Pick<Request, 'get' | 'protocol'>, behindProxy = false): boolean {
  const site = req.get('sec-fetch-site')
  if (site) return site !== 'same-origin' && site !== 'none'
  const origin = req.get('origin')
  if (!origin) return false
  // Behind a trusted proxy (TRUST_PROXY) the browser's host is the proxy's X-Forwarded-Host, as
  // Remix reads it; `req.protocol` already follows X-Forwarded-Proto there.
  const host = (behindProxy ? req.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined) || req.get('host') || ''
  return origin !== `${req.protocol}://${host}`
}

export function refuseCrossSite(req: Request, res: Response, next: NextFunction) {
  const stateChanging = !SAFE_METHODS.has(req.method)
  // GET /api/auth/logout is the spec's API call; a link on another site must not sign anyone out.
  const logoutLink = req.method === 'GET' && req.path.toLowerCase() === '/api/auth/logout'
  if ((stateChanging || logoutLink) && isCrossSite(req, Boolean(req.app.get('trust proxy')))) {
    if (req.path.startsWith('/api/')) {
      res.status(403).json({ status: 'FORBIDDEN', message: CROSS_SITE_MESSAGE })
    } else {
      res.status(403).type('text/plain').send(CROSS_SITE_MESSAGE)
    }
    return
  }
  next()
}
