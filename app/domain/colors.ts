/** Colour maths for the theme: ten Mantine shades around a base colour, no dependency. */
export type Hex = `#${string}`

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/

function toRgb(hex: string): [number, number, number] {
  const value = parseInt(hex.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function toHex([r, g, b]: [number, number, number]): Hex {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`
}

function mix(a: [number, number, number], b: [number, number, number], weight: number): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * weight, a[1] + (b[1] - a[1]) * weight, a[2] + (b[2] - a[2]) * weight]
}

/** Shades 0 (lightest) to 9 (darkest) with the given colour at index 6, Mantine's default primary shade. */
export function shadesOf(hex: string): [Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex] {
  if (!HEX_COLOR.test(hex)) throw new Error(`Not a #rrggbb colour: ${hex}`)
  const base = toRgb(hex)
  const white: [number, number, number] = [255, 255, 255]
  const black: [number, number, number] = [0, 0, 0]
  const lighter = [0.92, 0.8, 0.66, 0.5, 0.34, 0.16].map((w) => toHex(mix(base, white, w)))
  const darker = [0.14, 0.28, 0.42].map((w) => toHex(mix(base, black, w)))
  return [...lighter, toHex(base), ...darker] as [Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex]
}
