/**
 * The server's security middleware (issue 10 items 3 and 4), in front of everything it serves:
 * - headers on every answer: nosniff, Referrer-Policy, HSTS when the request came over HTTPS;
 * - `Cache-Control: no-store` on everything but the static files (pages and JSON may be personal);
 * - a per-request CSP nonce for the document (the CSP itself is set by app/entry.server.tsx);
 * - cross-site request refusal (CSRF): a state-changing request from a browser on another origin
 *   answers 403 before the app sees it; `GET` (and `HEAD`) `/api/auth/logout` is refused cross-site too;
 * - the app's own 400 for an address with a broken percent escape (`/%`, `/search/%E0%A4%A`), 405 for
 *   TRACE, 400 for Remix's old `?_data=` requests, and its own answer for any error that reaches
 *   Express, in place of Express's page (no stack, no URIError, no log line for a client's mistake).
 */
import { randomBytes } from 'node:crypto'
import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express'
import { CROSS_SITE_MESSAGE, isSameOrigin } from '#app/http/same-origin'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
export { CROSS_SITE_MESSAGE }

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
  answerHeadersReplace(res)
  next()
}

/**
 * Remix's Express adapter copies each header of the app's answer with `res.append`, so a header the
 * server had set already (nosniff, Referrer-Policy, Cache-Control) went out twice, as two lines. The
 * app's answer is the more specific one: its value replaces the server's. Only Set-Cookie, which is
 * meant to repeat, is still added (the Headers of an answer give every other name once).
 */
function answerHeadersReplace(res: Response) {
  const append = res.append
  res.append = function (this: Response, field: string, value?: string[] | string) {
    if (field.toLowerCase() === 'set-cookie' || value === undefined) return append.call(this, field, value)
    this.setHeader(field, value)
    return this
  } as Response['append']
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
 * Whether a request was sent by a page of another site (or a sibling site): the app's one rule,
 * `isSameOrigin` (app/http/same-origin.ts), against this server's origin. A request with none of
 * `Sec-Fetch-Site`, `Origin` and `Referer` comes from a non-browser client and passes.
 */
export function isCrossSite(req: Pick<Request, 'get' | 'protocol'>, behindProxy = false): boolean {
  // Behind a trusted proxy (TRUST_PROXY) the browser's host is the proxy's X-Forwarded-Host, as
  // Remix reads it; `req.protocol` already follows X-Forwarded-Proto there.
  const host = (behindProxy ? req.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined) || req.get('host') || ''
  return !isSameOrigin({ get: (name) => req.get(name) }, `${req.protocol}://${host}`)
}

export function refuseCrossSite(req: Request, res: Response, next: NextFunction) {
  const stateChanging = !SAFE_METHODS.has(req.method)
  // GET /api/auth/logout is the spec's API call; a link on another site must not sign anyone out.
  // HEAD has GET's rules everywhere: it runs the same loader.
  const read = req.method === 'GET' || req.method === 'HEAD'
  const logoutLink = read && req.path.toLowerCase() === '/api/auth/logout'
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

/** Methods Node's HTTP server takes but fetch's Request cannot hold (TRACE, TRACK): the app serves none. */
const UNSERVED_METHODS = new Set(['TRACE', 'TRACK'])
export const SERVED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE'
export const METHOD_NOT_ALLOWED_TITLE = 'Method not allowed'
export const METHOD_NOT_ALLOWED_MESSAGE = 'This address does not answer that method.'
export const DATA_PARAMETER_MESSAGE =
  'This address is not valid: the _data parameter asks for data this application does not serve that way.'

/**
 * Requests the app cannot serve, answered here with their 4xx before Remix sees them (each was a
 * logged error before, issue 23):
 * - TRACE and TRACK: fetch's Request refuses those methods, so building the app's request threw
 *   (500 with a stack in the log); they get 405 with `Allow`.
 * - `?_data=`: Remix's data requests from before single fetch. This app's pages load their data from
 *   `.data` addresses; Remix logs every `?_data` request as an error and then serves it. 400.
 */
export function refuseUnservedRequests(req: Request, res: Response, next: NextFunction) {
  if (UNSERVED_METHODS.has(req.method)) {
    res.setHeader('Allow', SERVED_METHODS)
    errorAnswer(req, res, 405, METHOD_NOT_ALLOWED_TITLE, METHOD_NOT_ALLOWED_MESSAGE)
    return
  }
  const query = req.originalUrl.indexOf('?')
  if (query >= 0 && new URLSearchParams(req.originalUrl.slice(query + 1)).has('_data')) {
    errorAnswer(req, res, 400, BAD_ADDRESS_TITLE, DATA_PARAMETER_MESSAGE)
    return
  }
  next()
}

export const BAD_ADDRESS_TITLE = 'Bad request'
export const BAD_ADDRESS_MESSAGE = 'This address is not valid: a % in it must be followed by two hexadecimal digits.'

/**
 * An address whose path has a broken percent escape cannot be decoded; Express's router (and its
 * static files) would throw a URIError and answer with its own page. Answered here, first, with the
 * app's 400: JSON of the API's shape under /api/, an HTML page otherwise; the security headers
 * (set before, and `no-store`) go with it.
 */
export function refuseBadAddress(req: Request, res: Response, next: NextFunction) {
  try {
    decodeURIComponent(req.path)
  } catch {
    errorAnswer(req, res, 400, BAD_ADDRESS_TITLE, BAD_ADDRESS_MESSAGE)
    return
  }
  next()
}

/** Last in the chain: whatever error reaches Express gets the app's answer, never a stack. */
export const expressErrors: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error)
  const given =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode
  const status = typeof given === 'number' && given >= 400 && given < 600 ? given : 500
  if (status >= 500) console.error(`${req.method} ${req.originalUrl} ${String(res.locals.requestId ?? '')}`, error)
  const client = status < 500
  errorAnswer(
    req,
    res,
    status,
    client ? BAD_ADDRESS_TITLE : 'Sorry, there was a problem',
    client ? 'The request could not be understood.' : 'The server could not answer this request.',
  )
}

const ERROR_CODES: Record<number, string> = {
  400: 'INVALID_PARAMS',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
}

function errorAnswer(req: Request, res: Response, status: number, title: string, message: string) {
  res.setHeader('Cache-Control', 'no-store')
  if (!req.complete) res.setHeader('Connection', 'close')
  if (req.path.startsWith('/api/') || req.path === '/api') {
    res.status(status).json({ status: ERROR_CODES[status] ?? (status >= 500 ? 'ERROR' : 'INVALID_PARAMS'), message })
    return
  }
  // A page of its own, without script: the same policy as the app's pages, and nothing to run.
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'",
  )
  res.setHeader('X-Frame-Options', 'SAMEORIGIN')
  res
    .status(status)
    .type('html')
    .send(errorPage(status, title, message))
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The look of the app's error panel (app/ui/error-panel.tsx) in plain HTML. */
function errorPage(status: number, title: string, message: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · mga-desk</title>
<style>body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f7f8fa;color:#212529;line-height:1.55}
main{max-width:720px;margin:48px auto;padding:24px;background:#fff;border:1px solid #dee2e6;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.05),0 10px 15px -5px rgba(0,0,0,.05)}
h1{font-size:26px;margin:0 0 12px;color:#b71c1c}p{margin:0 0 16px}a{display:inline-block;padding:8px 18px;border-radius:4px;background:#1b2a4a;color:#fff;text-decoration:none;font-weight:600}a:focus-visible{outline:2px solid #1b2a4a;outline-offset:2px}</style>
</head>
<body><main role="alertdialog" aria-labelledby="error-title"><h1 id="error-title">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><small>Error ${status}</small></p><a href="/">Go to the home page</a></main></body>
</html>`
}
