import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { type AppLoadContext, type EntryContext, type HandleErrorFunction } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { isConnectionError, noteDatabaseLost } from '#app/db/availability.server'
import { NonceProvider } from '#app/ui/nonce'

const ABORT_DELAY = 5_000

/**
 * Scripts run only from this origin or with this document's nonce (Remix's inline scripts, Mantine's
 * colour-scheme script); no plugins, no <base>, no framing by other sites, forms post only here.
 * Styles keep 'unsafe-inline': Mantine sets style attributes, which a nonce cannot cover.
 * The Vite dev server (`npm run dev`) also needs its websocket.
 */
export function contentSecurityPolicy(nonce: string): string {
  const dev = process.env.NODE_ENV === 'development'
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ')
}

/** Unexpected errors are logged with the request id that the response carries in X-Request-Id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  // A POST to a page without a form, and the like: answered 405, nothing to log. A 503 is the factories'
  // answer to a lost database (app/http/errors.server.ts), logged once per outage there, not per request.
  if (isRouteErrorResponse(error) && (error.status < 500 || error.status === 503)) return
  if (isConnectionError(error)) return noteDatabaseLost(error)
  const requestId = (context as Partial<AppLoadContext> | undefined)?.requestId ?? '-'
  console.error(`[error] ${request.method} ${new URL(request.url).pathname} request ${requestId}`, error)
}

/**
 * Headers a loader or action gives its answer that the document must carry as well. Without a
 * route `headers` export Remix keeps only Set-Cookie from them, so the login page's 429 went out
 * without the Retry-After its action set (the sign-in, relogin, password and MFA pages alike).
 */
const CARRIED_HEADERS = ['Retry-After'] as const

export function carryDataHeaders(context: Pick<EntryContext, 'staticHandlerContext'>, headers: Headers) {
  const { actionHeaders, loaderHeaders } = context.staticHandlerContext
  const given = [...Object.values(actionHeaders ?? {}), ...Object.values(loaderHeaders ?? {})]
  for (const name of CARRIED_HEADERS) {
    if (headers.has(name)) continue
    const value = given.map((each) => each.get(name)).find((found) => found)
    if (value) headers.set(name, value)
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  carryDataHeaders(remixContext, responseHeaders)
  // The server gives each request a nonce (server/security.ts); tests that call this directly get one here.
  const nonce = loadContext.cspNonce ?? randomBytes(16).toString('base64')
  // The whole document is rendered before it is sent: the app streams no deferred data, so this costs
  // nothing, and lazy components (dialogs kept out of the first JavaScript) are then in the HTML in place,
  // where a browser without JavaScript shows them and React hydrates them when their code arrives.
  // (Streamed boundaries would need JavaScript to be revealed.) Crawlers get the same.
  // The document is sent as one buffer: one write to the socket instead of one per chunk React makes,
  // without a web stream in between.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const chunks: Buffer[] = []
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
      final(callback) {
        clearTimeout(timeout)
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        // nosniff and Referrer-Policy are the server's, on every answer (server/security.ts); these two are the document's.
        responseHeaders.set('X-Frame-Options', 'SAMEORIGIN')
        responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce))
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }))
        callback()
      },
    })
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true
          pipe(body)
        },
        onShellError(error: unknown) {
          clearTimeout(timeout)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    const timeout = setTimeout(abort, ABORT_DELAY)
  })
}
