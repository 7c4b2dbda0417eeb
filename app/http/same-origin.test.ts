import { describe, expect, it } from 'vitest'
import { isSameOrigin, isSameOriginRequest } from './same-origin'

const OWN = 'https://desk.example'
const from = (headers: Record<string, string>) => isSameOrigin(new Headers(headers), OWN)

describe('isSameOrigin: one rule for the server’s write filter and the GETs that change data', () => {
  it('follows Sec-Fetch-Site when the browser sends it: same-origin and typed addresses only', () => {
    expect(from({ 'Sec-Fetch-Site': 'same-origin' })).toBe(true)
    expect(from({ 'Sec-Fetch-Site': 'none' })).toBe(true)
    expect(from({ 'Sec-Fetch-Site': 'same-site' })).toBe(false)
    expect(from({ 'Sec-Fetch-Site': 'cross-site' })).toBe(false)
    // The header wins over an Origin that would pass.
    expect(from({ 'Sec-Fetch-Site': 'cross-site', Origin: OWN })).toBe(false)
  })

  it('without it, reads Origin, else Referer, which must be this origin', () => {
    expect(from({ Origin: OWN })).toBe(true)
    expect(from({ Origin: 'https://evil.example' })).toBe(false)
    expect(from({ Origin: 'https://sub.desk.example' })).toBe(false)
    expect(from({ Origin: 'null' })).toBe(false)
    expect(from({ Referer: `${OWN}/search/firms/firmsSearch?x=1` })).toBe(true)
    expect(from({ Referer: 'https://evil.example/prize' })).toBe(false)
    expect(from({ Referer: 'not a url' })).toBe(false)
  })

  it('lets a request with none of them through (a client that is not a browser), as before', () => {
    expect(from({})).toBe(true)
  })

  it('takes the own origin from the request’s address', () => {
    const request = (headers: Record<string, string>) => new Request(`${OWN}/editNoteEmail/1`, { headers })
    expect(isSameOriginRequest(request({ Referer: `${OWN}/home` }))).toBe(true)
    expect(isSameOriginRequest(request({ Referer: 'http://desk.example/home' }))).toBe(false)
  })
})
