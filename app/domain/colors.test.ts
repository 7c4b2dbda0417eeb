import { describe, expect, it } from 'vitest'
import { AA_TEXT_CONTRAST, contrastRatio, darkenToContrast, readableShade, shadesOf } from './colors'

describe('shadesOf', () => {
  it('puts the base colour at shade 6, lighter before and darker after', () => {
    const shades = shadesOf('#1b2a4a')
    expect(shades).toHaveLength(10)
    expect(shades[6]).toBe('#1b2a4a')
    const brightness = (hex: string) =>
      parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16)
    for (let i = 1; i < 10; i++) expect(brightness(shades[i])).toBeLessThanOrEqual(brightness(shades[i - 1]))
  })

  it('refuses anything but #rrggbb', () => {
    expect(() => shadesOf('navy')).toThrow(/Not a #rrggbb colour/)
    expect(() => shadesOf('#fff')).toThrow()
  })
})

describe('contrastRatio', () => {
  it('measures as WCAG does: 21 for black on white, 1 for a colour on itself, either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#1b2a4a', '#1b2a4a')).toBe(1)
    expect(contrastRatio('#ffffff', '#868e96')).toBeCloseTo(contrastRatio('#868e96', '#ffffff'), 10)
    // Mantine's gray-6 (its dimmed text) on white: 3.32, below AA.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2)
  })
})

describe('readableShade', () => {
  const red = [
    '#fff5f5',
    '#ffe3e3',
    '#ffc9c9',
    '#ffa8a8',
    '#ff8787',
    '#ff6b6b',
    '#fa5252',
    '#f03e3e',
    '#e03131',
    '#c92a2a',
  ]
  it('keeps shade 6 when it already reaches AA', () => {
    expect(readableShade(shadesOf('#1b2a4a'), '#ffffff')).toBe(6)
  })
  it('darkens only as far as AA needs, on the background given', () => {
    expect(readableShade(red, '#ffffff')).toBe(8)
    expect(readableShade(red, '#e9ecef')).toBe(9)
    const teal = shadesOf('#00897b')
    const shade = readableShade(teal, '#ffffff')
    expect(shade).toBe(7)
    expect(contrastRatio(teal[shade], '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
  })
  it('falls back to the darkest shade when none reaches AA', () => {
    expect(readableShade(['#ffffff', '#fefefe'], '#ffffff', 0)).toBe(1)
  })
})

describe('darkenToContrast', () => {
  it('keeps a colour that already reaches AA', () => {
    expect(darkenToContrast('#c92a2a', '#ffffff')).toBe('#c92a2a')
  })
  it('darkens a too-light colour just enough, keeping its hue', () => {
    const green = darkenToContrast('#2b8a3e', '#e9ecef')
    expect(contrastRatio(green, '#e9ecef')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
    expect(contrastRatio(darkenToContrast('#2b8a3e', '#e9ecef'), '#2b8a3e')).toBeLessThan(1.5)
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(green.slice(at, at + 2), 16))
    expect(g).toBeGreaterThan(r!)
    expect(g).toBeGreaterThan(b!)
  })
})
