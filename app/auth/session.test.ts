import { afterEach, describe, expect, it } from 'vitest'
import { commitSessionToken, readSessionToken } from './session.server'

process.env.SESSION_SECRET ??= 'unit-secret-unit-secret-unit-secret-1'

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers })

describe('session cookie', () => {
  afterEach(() => {
    delete process.env.TRUST_PROXY
  })

  it('over plain HTTP: HttpOnly, SameSite=Lax, no Secure, no prefix', async () => {
    const header = await commitSessionToken(request('http://127.0.0.1:3000/login'), 'tok')
    expect(header).toMatch(/^mga_session=/)
    expect(header).toContain('HttpOnly')
    expect(header).toContain('SameSite=Lax')
    expect(header).not.toContain('Secure')
  })

  it('over HTTPS: Secure with the __Host- prefix, and only that cookie is read', async () => {
    const https = request('https://desk.example/login')
    const header = await commitSessionToken(https, 'tok')
    expect(header).toMatch(/^__Host-mga_session=.*; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
    const value = header.split(';')[0]
    expect(await readSessionToken(request('https://desk.example/', { Cookie: value }))).toBe('tok')
    // A plain cookie (which a sibling host could set) is not read over HTTPS.
    const plain = (await commitSessionToken(request('http://desk.example/'), 'planted')).split(';')[0]
    expect(await readSessionToken(request('https://desk.example/', { Cookie: plain }))).toBeNull()
  })

  it('behind a trusted TLS proxy (TRUST_PROXY) the cookie is Secure; X-Forwarded-Proto is ignored otherwise', async () => {
    const proxied = request('http://10.0.0.5:3000/login', { 'X-Forwarded-Proto': 'https' })
    expect(await commitSessionToken(proxied, 'tok')).not.toContain('Secure')
    process.env.TRUST_PROXY = '1'
    expect(await commitSessionToken(proxied, 'tok')).toMatch(/^__Host-mga_session=.*Secure/)
  })
})
