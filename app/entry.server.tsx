import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext, type HandleErrorFunction } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'

const ABORT_DELAY = 5_000

/** Unexpected errors are logged with the request id that the response carries in X-Request-Id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  // A POST to a page without a form, and the like: answered 405, nothing to log.
  if (isRouteErrorResponse(error) && error.status < 500) return
  const requestId = (context as Partial<AppLoadContext> | undefined)?.requestId ?? '-'
  console.error(`[error] ${request.method} ${new URL(request.url).pathname} request ${requestId}`, error)
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // The whole document is rendered before it is sent: the app streams no deferred data, so this costs
  // nothing, and lazy components (dialogs kept out of the first JavaScript) are then in the HTML in place,
  // where a browser without JavaScript shows them and React hydrates them when their code arrives.
  // (Streamed boundaries would need JavaScript to be revealed.) Crawlers get the same.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        onAllReady() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          responseHeaders.set('X-Content-Type-Options', 'nosniff')
          responseHeaders.set('Referrer-Policy', 'same-origin')
          responseHeaders.set('X-Frame-Options', 'SAMEORIGIN')
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY)
  })
}
