import http from 'node:http'
import express from 'express'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  appHeaders,
  BAD_ADDRESS_MESSAGE,
  baseHeaders,
  DATA_PARAMETER_MESSAGE,
  expressErrors,
  refuseBadAddress,
  refuseCrossSite,
  refuseUnservedRequests,
} from './security'

// The server's own middleware on a bare Express app: what reaches it before Remix.
const app = express()
app.set('trust proxy', 1)
app.use(baseHeaders, refuseBadAddress, refuseUnservedRequests)
app.get('/boom', () => {
  throw Object.assign(new Error('secret detail'), { status: 500 })
})
// The app's answers, copied as Remix's Express adapter copies them (res.append per header).
app.get('/app-answer', appHeaders, (_req, res) => {
  const answer = new Headers({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' })
  answer.append('Set-Cookie', 'a=1')
  answer.append('Set-Cookie', 'b=2')
  for (const [key, value] of answer.entries()) res.append(key, value)
  res.send('ok')
})
app.all('*', (_req, res) => res.send('ok'))
app.use(expressErrors)
let base = ''
let server: ReturnType<typeof app.listen>
beforeAll(
  () =>
    new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => {
        base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
        resolve()
      })
    }),
)
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('server security middleware', () => {
  it('sends HSTS only over HTTPS (behind a trusted proxy), nosniff always', async () => {
    const plain = await fetch(`${base}/x`)
    expect(plain.headers.get('strict-transport-security')).toBeNull()
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff')
    const tls = await fetch(`${base}/x`, { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(tls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })

  it("answers a broken % escape with the app's 400 (JSON under /api/), not Express's URIError page", async () => {
    const page = await fetch(`${base}/search/%E0%A4%A`)
    expect(page.status).toBe(400)
    expect(await page.text()).toContain(BAD_ADDRESS_MESSAGE)
    const api = await fetch(`${base}/api/notes/%zz`, { method: 'DELETE' })
    expect(api.status).toBe(400)
    expect(await api.json()).toEqual({ status: 'INVALID_PARAMS', message: BAD_ADDRESS_MESSAGE })
    expect((await fetch(`${base}/search/%E2%82%AC`)).status).toBe(200)
  })

  it('gives any other error reaching Express the app answer without its detail or stack', async () => {
    const answer = await fetch(`${base}/boom`)
    expect(answer.status).toBe(500)
    const html = await answer.text()
    expect(html).toContain('Sorry, there was a problem')
    expect(html).not.toMatch(/secret detail|at .*\.ts/)
  })

  it('answers TRACE with 405 and Allow, and an old ?_data= request with 400, logging neither', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const trace = await new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
        const url = new URL(`${base}/login`)
        const request = http.request({ host: url.hostname, port: url.port, path: '/login', method: 'TRACE' }, (res) => {
          res.resume()
          res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow }))
        })
        request.on('error', reject)
        request.end()
      })
      expect(trace).toEqual({ status: 405, allow: 'GET, HEAD, POST, PUT, PATCH, DELETE' })
      const page = await fetch(`${base}/login?_data=routes/login`)
      expect(page.status).toBe(400)
      expect(await page.text()).toContain(DATA_PARAMETER_MESSAGE)
      const api = await fetch(`${base}/api/states?x=1&_data=root`)
      expect(api.status).toBe(400)
      expect(await api.json()).toEqual({ status: 'INVALID_PARAMS', message: DATA_PARAMETER_MESSAGE })
      expect((await fetch(`${base}/login?data=1`)).status).toBe(200)
      expect(logged).not.toHaveBeenCalled()
    } finally {
      logged.mockRestore()
    }
  })

  it("lets the app's own header replace the server's, so each is sent once; Set-Cookie still repeats", async () => {
    const answer = await new Promise<string[]>((resolve, reject) => {
      http
        .get(`${base}/app-answer`, (res) => {
          res.resume()
          res.on('end', () => resolve(res.rawHeaders))
        })
        .on('error', reject)
    })
    const values = (name: string) =>
      answer.filter((_, index) => index % 2 === 1 && answer[index - 1]!.toLowerCase() === name.toLowerCase())
    expect(values('X-Content-Type-Options')).toEqual(['nosniff'])
    expect(values('Cache-Control')).toEqual(['private, no-store'])
    expect(values('Referrer-Policy')).toEqual(['same-origin'])
    expect(values('Set-Cookie')).toEqual(['a=1', 'b=2'])
  })

  it('refuses HEAD /api/auth/logout from another site exactly as GET (HEAD runs the same loader)', async () => {
    const guarded = express()
    guarded.use(refuseCrossSite)
    let signedOut = 0
    guarded.all('/api/auth/logout', (_req, res) => {
      signedOut++
      res.json({ status: 'LOGGED_OUT' })
    })
    const server = await new Promise<ReturnType<typeof guarded.listen>>((resolve) => {
      const listening = guarded.listen(0, '127.0.0.1', () => resolve(listening))
    })
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/logout`
    try {
      for (const method of ['GET', 'HEAD'])
        for (const site of ['cross-site', 'same-site'])
          expect((await fetch(url, { method, headers: { 'Sec-Fetch-Site': site } })).status, `${method} ${site}`).toBe(
            403,
          )
      expect(signedOut).toBe(0)
      expect((await fetch(url, { method: 'HEAD', headers: { 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(200)
      expect(signedOut).toBe(1)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
