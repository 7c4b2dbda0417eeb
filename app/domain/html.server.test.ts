import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SANITISED_CHARS, SANITISED_TEXT_MAX, sanitizeUserHtml, sanitizeUserHtmlAfresh } from './html.server'

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

describe('sanitizeUserHtml keeps its answers by their text', () => {
  const dir = path.resolve('tests/fixtures/xss')
  const corpus = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.txt'))
    .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n'))
    .filter((line) => line.trim().length > 0)

  it('answers each text, sanitised and then read back at once, as the sanitiser afresh does', () => {
    expect(corpus.length).toBeGreaterThan(100)
    const texts = [...corpus, ...corpus.map((payload) => `<p>Note <b>${payload}</b></p>`)]
    for (const text of texts) {
      const first = sanitizeUserHtml(text)
      expect(first).toBe(sanitizeUserHtmlAfresh(text))
      // Read back at once (kept), and again after other texts: the same answer.
      expect(sanitizeUserHtml(text)).toBe(first)
    }
    for (const text of texts) expect(sanitizeUserHtml(text)).toBe(sanitizeUserHtmlAfresh(text))
  })

  it('starts afresh past its size and never keeps a text over the limit', () => {
    const long = `<p>${'x'.repeat(SANITISED_TEXT_MAX)}<script>alert(1)</script></p>`
    expect(sanitizeUserHtml(long)).toBe(sanitizeUserHtmlAfresh(long))
    expect(sanitizeUserHtml(long)).not.toContain('script')
    const many = Array.from(
      { length: 30 },
      (_, i) => `<p>${i}${'y'.repeat(SANITISED_CHARS / 40)}<img src=x onerror=alert(1)></p>`,
    )
    for (const text of [...many, ...many]) expect(sanitizeUserHtml(text)).toBe(sanitizeUserHtmlAfresh(text))
  })
})
