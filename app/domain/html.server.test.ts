import { describe, expect, it } from 'vitest'
import { sanitizeUserHtml } from './html.server'

describe('sanitizeUserHtml', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const out = sanitizeUserHtml(
      '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
    )
    expect(out).toContain('<p>Hi <b>there</b>')
    expect(out).not.toMatch(/script|onclick|onerror|javascript|<img/)
  })
  it('keeps safe links and makes them open elsewhere', () => {
    expect(sanitizeUserHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>',
    )
    expect(sanitizeUserHtml(null)).toBe('')
  })
})
