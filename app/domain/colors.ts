/** Colour maths for the theme: ten Mantine shades around a base colour, no dependency. */
export type Hex = `#${string}`

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/

function toRgb(hex: string): [number, number, number] {
  const value = parseInt(hex.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function toHex([r, g, b]: [number, number, number]): Hex {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
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

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2.x contrast ratio of two #rrggbb colours: 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

/** WCAG AA for normal text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5

/**
 * The first shade from `from` towards the darkest (9) whose contrast with `background` reaches WCAG
 * AA, so a colour keeps its hue and only darkens as far as it must; 9 when none does.
 */
export function readableShade(shades: readonly string[], background: string, from = 6): number {
  for (let index = from; index < shades.length; index++) {
    if (contrastRatio(shades[index], background) >= AA_TEXT_CONTRAST) return index
  }
  return shades.length - 1
}

/**
 * The colour itself when it reaches AA on `background`, else the same hue darkened (mixed with black
 * in small steps) just until it does: for palettes whose darkest shade is still too light (green,
 * orange, yellow).
 */
export function darkenToContrast(hex: string, background: string): Hex {
  const base = toRgb(hex)
  for (let weight = 0; weight <= 1; weight += 0.02) {
    const candidate = toHex(mix(base, [0, 0, 0], weight))
    if (contrastRatio(candidate, background) >= AA_TEXT_CONTRAST) return candidate
  }
  return '#000000'
}
