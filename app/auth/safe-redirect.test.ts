import { describe, expect, it } from 'vitest'
import { safeRedirect } from './safe-redirect'

describe('safeRedirect', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirect('/editContact/5?x=1#top')).toBe('/editContact/5?x=1#top')
    expect(safeRedirect('/search/firms/firmsSearch')).toBe('/search/firms/firmsSearch')
  })

  it('refuses other hosts and schemes', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      '/\t/evil.example',
      '/\n/evil.example',
    ]) {
      expect(safeRedirect(bad, 'F')).toBe('F')
    }
    expect(safeRedirect(undefined, 'F')).toBe('F')
    expect(safeRedirect(42, 'F')).toBe('F')
  })

  it('returns the normalised path, so dot segments cannot become another host (issue 10: /.//evil.example)', () => {
    expect(safeRedirect('/.//evil.example')).toBe('/evil.example')
    expect(safeRedirect('/a/..//evil.example')).toBe('/evil.example')
    expect(safeRedirect('/%2e//evil.example')).toBe('/evil.example')
    expect(safeRedirect('/./home')).toBe('/home')
    for (const target of ['/.//evil.example', '/a/../..//evil.example', '/%2e%2e//evil.example']) {
      const result = safeRedirect(target)
      expect(new URL(result, 'https://app.example').origin).toBe('https://app.example')
    }
  })
})
