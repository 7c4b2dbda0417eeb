import { describe, expect, it } from 'vitest'
import { shadesOf } from './colors'

describe('shadesOf', () => {
  it('puts the base colour at shade 6, lighter before and darker after', () => {
    const shades = shadesOf('#1b2a4a')
    expect(shades).toHaveLength(10)
    expect(shades[6]).toBe('#1b2a4a')
    const brightness = (hex: string) => parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16)
    for (let i = 1; i < 10; i++) expect(brightness(shades[i])).toBeLessThanOrEqual(brightness(shades[i - 1]))
  })

  it('refuses anything but #rrggbb', () => {
    expect(() => shadesOf('navy')).toThrow(/Not a #rrggbb colour/)
    expect(() => shadesOf('#fff')).toThrow()
  })
})
