/** Set by the server on every request from the socket (or the trusted proxy's X-Forwarded-For). */
export const CLIENT_IP_HEADER = 'x-mga-client-ip'

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? ''
}
