import {
  convertCssVariables,
  createTheme,
  deepMerge,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core'
import {
  contrastRatio,
  darkenToContrast,
  AA_TEXT_CONTRAST,
  HEX_COLOR,
  readableShade,
  shadesOf,
} from '#app/domain/colors'

export interface ThemeColors {
  primary: string
  secondary: string
  accent: string
  background: string
}

/** Spec 1 §3: primary dark navy, secondary green, accent teal, error dark red, background near white. */
export const DEFAULT_THEME_COLORS: ThemeColors = {
  primary: '#1b2a4a',
  secondary: '#2e7d32',
  accent: '#00897b',
  background: '#f7f8fa',
}
const ERROR_COLOR = '#b71c1c'

export function themeColors(custom: unknown): ThemeColors {
  const colors = { ...DEFAULT_THEME_COLORS }
  if (custom && typeof custom === 'object') {
    for (const key of Object.keys(colors) as (keyof ThemeColors)[]) {
      const value = (custom as Record<string, unknown>)[key]
      if (typeof value === 'string' && HEX_COLOR.test(value)) colors[key] = value
    }
  }
  return colors
}

export function buildTheme(colors: ThemeColors, dense = false) {
  return createTheme({
    primaryColor: 'primary',
    colors: {
      primary: shadesOf(colors.primary) as unknown as MantineColorsTuple,
      secondary: shadesOf(colors.secondary) as unknown as MantineColorsTuple,
      accent: shadesOf(colors.accent) as unknown as MantineColorsTuple,
      error: shadesOf(ERROR_COLOR) as unknown as MantineColorsTuple,
    },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'sm',
    scale: dense ? 0.9 : 1,
    // Users who ask their system for less motion get dialogs and menus without transitions (WCAG 2.3.3).
    respectReducedMotion: true,
    components: {
      Notification: { defaultProps: { withCloseButton: true } },
    },
  })
}

/**
 * The darkest light surface text is drawn on (Mantine's gray-2: hovered and selected rows, tinted
 * badges); text colours are chosen to reach WCAG AA (4.5:1) on it, so they pass on white, the
 * page background and striped rows too.
 */
export const TEXT_BACKGROUND = '#e9ecef'
/** Muted text: Mantine's gray-6 (#868e96) is 3.3:1 on white; this grey is 4.9:1 on TEXT_BACKGROUND. */
export const DIMMED_TEXT = '#5f666d'

/**
 * Mantine draws coloured text (`c="red"`, light and outline variants, status colours) in shade 6 and
 * white text on filled shade 6; for most palettes (red, blue, green, teal…) that is below AA. Each
 * palette's text shade darkens only as far as AA on TEXT_BACKGROUND needs, and its filled shade as far
 * as white text needs; hues stay the same (xtreme stays red, urgent blue). The theme's own colours
 * (primary, secondary, accent, error) go through the same check, so a user's custom theme stays legible.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': DIMMED_TEXT }
  for (const [name, shades] of Object.entries(theme.colors)) {
    // 'dark' is the dark scheme's surface palette, not a text colour.
    if (!shades || name === 'dark') continue
    const text = readable(name, shades, TEXT_BACKGROUND)
    light[`--mantine-color-${name}-text`] = text
    light[`--mantine-color-${name}-light-color`] = text
    light[`--mantine-color-${name}-outline`] = text
    const filled = readable(name, shades, '#ffffff')
    if (filled !== `var(--mantine-color-${name}-6)`) {
      light[`--mantine-color-${name}-filled`] = filled
      light[`--mantine-color-${name}-filled-hover`] = filled
    }
  }
  // Field errors and error alerts: the theme's dark red (spec 1 §3), not Mantine's red-6 (3.3:1 on white).
  light['--mantine-color-error'] = 'var(--mantine-color-error-text)'
  return { variables: {}, light, dark: {} }
}

/** A palette's first shade from 6 that reaches AA on `background`, or its darkest shade darkened further. */
function readable(name: string, shades: readonly string[], background: string): string {
  const shade = readableShade(shades, background)
  if (contrastRatio(shades[shade]!, background) >= AA_TEXT_CONTRAST) return `var(--mantine-color-${name}-${shade})`
  return darkenToContrast(shades[9]!, background)
}

export interface PreparedTheme {
  theme: MantineThemeOverride
  /** The `:root` CSS variables MantineProvider would write on every render (withCssVariables). */
  css: string
}

// Read before any theme is merged (merging writes into Mantine's default theme's headings).
const DEFAULT_VARIABLES = defaultCssVariablesResolver(DEFAULT_THEME)
const prepared = new Map<string, PreparedTheme>()

/**
 * The theme and its CSS variables, built once per set of colours and density and then reused:
 * MantineProvider recomputed about 400 variables on every server render (a few percent of a page's
 * CPU). The CSS is what Mantine's own MantineCssVariables writes: its variables and this app's
 * resolver, less those equal to Mantine's defaults (already in its stylesheet).
 */
export function preparedTheme(colors: ThemeColors, dense: boolean): PreparedTheme {
  const key = `${colors.primary}${colors.secondary}${colors.accent}${colors.background}${dense ? 'd' : ''}`
  let entry = prepared.get(key)
  if (!entry) {
    const theme = buildTheme(colors, dense)
    let css: string | undefined
    // The CSS is built when first read: a hydrating page keeps the server's (root.tsx, useKeptMarkup).
    entry = {
      theme,
      get css() {
        return (css ??= themeCss(theme))
      },
    }
    // Custom themes are few; a bound keeps a stream of odd colours from growing it.
    if (prepared.size >= 200) prepared.clear()
    prepared.set(key, entry)
  }
  return entry
}

function themeCss(theme: MantineThemeOverride): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme)
  const variables: ConvertCSSVariablesInput = deepMerge(
    defaultCssVariablesResolver(merged),
    cssVariablesResolver(merged),
  )
  const changed = (group: keyof ConvertCSSVariablesInput) =>
    Object.fromEntries(
      Object.entries(variables[group]).filter(
        ([name, value]) => (DEFAULT_VARIABLES[group] as Record<string, string>)[name] !== value,
      ),
    )
  return convertCssVariables({ variables: changed('variables'), light: changed('light'), dark: changed('dark') })
}
