/** Set by the server on every request from the socket (or the trusted proxy's X-Forwarded-For). */
export const CLIENT_IP_HEADER = 'x-mga-client-ip'

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? ''
}

/**
 * The client's address: the socket's, or behind `trustedHops` proxies (TRUST_PROXY) the one the
 * farthest trusted proxy saw, read from the RIGHT end of X-Forwarded-For. Each proxy appends the
 * address it received the request from, so the right end is what our proxy wrote; everything to
 * its left came with the request, and a client may write any address there. With one proxy the
 * client's address is the last entry; with two, the one before it; never one the client chose.
 */
export function clientAddress(
  socketAddress: string,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  if (trustedHops <= 0 || forwardedFor === undefined) return socketAddress
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '')
  if (hops.length === 0) return socketAddress
  // The socket is the nearest proxy; each trusted proxy answers for the entry it appended.
  return hops[Math.max(hops.length - trustedHops, 0)]!
}

/** Set by the server on every request (a fresh random id, whatever a client sent): one request's loaders share its guard. */
export const REQUEST_ID_HEADER = 'x-mga-request-id'
