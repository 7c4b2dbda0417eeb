import { createTheme, type MantineColorsTuple } from '@mantine/core'
import { HEX_COLOR, shadesOf } from '#app/domain/colors'

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
    components: {
      Notification: { defaultProps: { withCloseButton: true } },
    },
  })
}
