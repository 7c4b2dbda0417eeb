import { describe, expect, it } from 'vitest'
import { ipAllowed } from './ip'

describe('ipAllowed', () => {
  it('allows any address when there are no patterns', () => {
    expect(ipAllowed([], '10.0.0.1')).toBe(true)
    expect(ipAllowed(['  '], '10.0.0.1')).toBe(true)
  })
  it('matches wildcards part by part', () => {
    expect(ipAllowed(['192.168.*.*'], '192.168.4.20')).toBe(true)
    expect(ipAllowed(['192.168.*.*'], '192.169.4.20')).toBe(false)
    expect(ipAllowed(['*.*.*.*'], '8.8.8.8')).toBe(true)
    expect(ipAllowed(['10.0.0.5', '192.168.1.*'], '192.168.1.77')).toBe(true)
  })
  it('reads IPv4-mapped IPv6 and loopback', () => {
    expect(ipAllowed(['127.0.0.1'], '::ffff:127.0.0.1')).toBe(true)
    expect(ipAllowed(['127.0.0.*'], '::1')).toBe(true)
    expect(ipAllowed(['192.168.*.*'], 'fe80::1')).toBe(false)
  })
  it('does not let a partial number match', () => {
    expect(ipAllowed(['192.168.1.1'], '192.168.1.10')).toBe(false)
  })
})
