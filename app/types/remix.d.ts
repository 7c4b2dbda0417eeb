import '@remix-run/node'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The client's address: the socket's, or X-Forwarded-For when TRUST_PROXY says so. */
    clientIp: string
    requestId: string
    /** The document's Content-Security-Policy nonce (server/security.ts). */
    cspNonce?: string
  }
  interface Future {
    v3_singleFetch: true
  }
}
