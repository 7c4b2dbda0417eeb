import express from 'express'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_IP_HEADER, REQUEST_ID_HEADER } from '#app/auth/client-ip'
import { requestContext } from './request-context'

// The middleware on a bare Express app, behind one trusted proxy (TRUST_PROXY=1) and behind none.
function serve(trustedHops: number) {
  const app = express()
  app.set('trust proxy', trustedHops)
  app.use(requestContext(trustedHops))
  app.get('*', (req, res) =>
    res.json({ ip: req.headers[CLIENT_IP_HEADER], id: req.headers[REQUEST_ID_HEADER], local: res.locals.clientIp }),
  )
  return app
}
const servers: ReturnType<express.Express['listen']>[] = []
const bases: string[] = []
beforeAll(async () => {
  for (const hops of [0, 1]) {
    await new Promise<void>((resolve) => {
      const server = serve(hops).listen(0, '127.0.0.1', () => {
        bases[hops] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
        resolve()
      })
      servers.push(server)
    })
  }
})
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))))

const ask = async (base: string, headers: Record<string, string>) =>
  (await (await fetch(`${base}/x`, { headers })).json()) as { ip: string; id: string; local: string }

describe('the request context (issue 23 item 8)', () => {
  it('with TRUST_PROXY=1 takes the client address from the right end of X-Forwarded-For', async () => {
    const answer = await ask(bases[1]!, { 'X-Forwarded-For': '6.6.6.6, 198.51.100.7' })
    expect(answer.ip).toBe('198.51.100.7')
    expect(answer.local).toBe('198.51.100.7')
  })

  it('lets a client pick neither its address nor the request id', async () => {
    const answer = await ask(bases[1]!, {
      'X-Forwarded-For': '198.51.100.7',
      [CLIENT_IP_HEADER]: '6.6.6.6',
      [REQUEST_ID_HEADER]: 'chosen',
    })
    expect(answer.ip).toBe('198.51.100.7')
    expect(answer.id).not.toBe('chosen')
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('without a trusted proxy uses the socket, whatever X-Forwarded-For says', async () => {
    const answer = await ask(bases[0]!, { 'X-Forwarded-For': '6.6.6.6', [CLIENT_IP_HEADER]: '6.6.6.6' })
    expect(answer.ip).toMatch(/127\.0\.0\.1$/)
  })
})
