import { describe, expect, it } from 'vitest'
import { clientAddress } from './client-ip'

describe('the client address (TRUST_PROXY)', () => {
  it('is the socket’s without a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '6.6.6.6', 0)).toBe('203.0.113.9')
    expect(clientAddress('203.0.113.9', undefined, 1)).toBe('203.0.113.9')
    expect(clientAddress('203.0.113.9', ' , ', 1)).toBe('203.0.113.9')
  })

  it('behind one proxy is the RIGHT end of X-Forwarded-For: the entry the proxy added', () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw.
    expect(clientAddress('10.0.0.2', '6.6.6.6, 198.51.100.7', 1)).toBe('198.51.100.7')
    expect(clientAddress('10.0.0.2', '6.6.6.6,1.1.1.1,198.51.100.7', 1)).toBe('198.51.100.7')
    expect(clientAddress('10.0.0.2', '198.51.100.7', 1)).toBe('198.51.100.7')
    // Sent as separate header lines.
    expect(clientAddress('10.0.0.2', ['6.6.6.6', '198.51.100.7'], 1)).toBe('198.51.100.7')
  })

  it('behind two proxies is the entry the outer proxy added, the one before the last', () => {
    expect(clientAddress('10.0.0.2', '6.6.6.6, 198.51.100.7, 10.0.0.1', 2)).toBe('198.51.100.7')
    // Fewer entries than trusted hops: the farthest one there is.
    expect(clientAddress('10.0.0.2', '198.51.100.7', 2)).toBe('198.51.100.7')
  })
})
