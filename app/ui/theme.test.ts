import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { AA_TEXT_CONTRAST, contrastRatio } from '#app/domain/colors'
import { buildTheme, cssVariablesResolver, DEFAULT_THEME_COLORS, DIMMED_TEXT, TEXT_BACKGROUND } from './theme'

/** The hex a `var(--mantine-color-{name}-{shade})` (or a plain hex) stands for in the theme. */
function resolve(theme: ReturnType<typeof mergeMantineTheme>, value: string): string {
  if (value.startsWith('#')) return value
  const match = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value)
  if (!match) throw new Error(`Not a palette shade: ${value}`)
  return theme.colors[match[1]!]![Number(match[2])]!
}

describe('cssVariablesResolver', () => {
  for (const [label, colors] of [
    ['the default theme', DEFAULT_THEME_COLORS],
    ['a light custom theme', { primary: '#4dabf7', secondary: '#8ce99a', accent: '#63e6be', background: '#ffffff' }],
  ] as const) {
    it(`gives every palette AA text and AA white-on-filled in ${label}`, () => {
      const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(colors))
      const { light } = cssVariablesResolver(theme)
      for (const name of Object.keys(theme.colors).filter((name) => name !== 'dark')) {
        const text = resolve(theme, light[`--mantine-color-${name}-text`]!)
        expect(contrastRatio(text, TEXT_BACKGROUND), `${name} text ${text}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
        expect(light[`--mantine-color-${name}-light-color`]).toBe(light[`--mantine-color-${name}-text`])
        const filled = light[`--mantine-color-${name}-filled`] ?? `var(--mantine-color-${name}-6)`
        expect(contrastRatio(resolve(theme, filled), '#ffffff'), `${name} filled`).toBeGreaterThanOrEqual(
          AA_TEXT_CONTRAST,
        )
      }
      expect(light['--mantine-color-dimmed']).toBe(DIMMED_TEXT)
      expect(contrastRatio(DIMMED_TEXT, TEXT_BACKGROUND)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
      expect(light['--mantine-color-error']).toBe('var(--mantine-color-error-text)')
    })
  }

  it('keeps the status hues: xtreme text stays red, urgent blue, only darker', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(DEFAULT_THEME_COLORS))
    const { light } = cssVariablesResolver(theme)
    expect(light['--mantine-color-red-text']).toMatch(/^var\(--mantine-color-red-[6-9]\)$/)
    expect(light['--mantine-color-blue-text']).toMatch(/^var\(--mantine-color-blue-[6-9]\)$/)
  })
})
