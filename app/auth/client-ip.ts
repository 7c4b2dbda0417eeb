/** Set by the server on every request from the socket (or the trusted proxy's X-Forwarded-For). */
export const CLIENT_IP_HEADER = 'x-mga-client-ip'

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? ''
}

/** Set by the server on every request (a fresh random id, whatever a client sent): one request's loaders share its guard. */
export const REQUEST_ID_HEADER = 'x-mga-request-id'
