import { randomUUID } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { CLIENT_IP_HEADER, clientAddress, REQUEST_ID_HEADER } from '#app/auth/client-ip'

/**
 * Before the app: each request gets a fresh id (in `X-Request-Id` and for the guard) and its client
 * address (the socket's, or behind TRUST_PROXY proxies the right end of X-Forwarded-For). Whatever a
 * client sent in those two internal headers is replaced, so it can pick neither.
 */
export function requestContext(trustedHops: number, logRequests = false) {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = randomUUID()
    res.setHeader('X-Request-Id', requestId)
    const ip = clientAddress(req.socket.remoteAddress ?? '', req.headers['x-forwarded-for'], trustedHops)
    req.headers[CLIENT_IP_HEADER] = ip
    req.headers[REQUEST_ID_HEADER] = requestId
    res.locals.requestId = requestId
    res.locals.clientIp = ip
    if (logRequests) {
      const t0 = process.hrtime.bigint()
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6
        console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)}ms ${requestId}`)
      })
    }
    next()
  }
}
