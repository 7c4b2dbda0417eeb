import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { buildTheme, cssVariablesResolver, DEFAULT_THEME_COLORS, preparedTheme } from './theme'

/** The `<style data-mantine-styles>` MantineProvider writes itself for a theme. */
function mantineOwnCss(colors: typeof DEFAULT_THEME_COLORS, dense: boolean): string {
  const html = renderToStaticMarkup(
    <MantineProvider
      theme={buildTheme(colors, dense)}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
    />,
  )
  return /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html)![1]!
}

describe('preparedTheme', () => {
  const custom = { primary: '#7b1fa2', secondary: '#ef6c00', accent: '#0277bd', background: '#fffde7' }

  it.each([
    ['the default theme', DEFAULT_THEME_COLORS, false],
    ['a dense custom theme', custom, true],
  ] as const)('writes the CSS variables MantineProvider would write for %s', (_name, colors, dense) => {
    const { css } = preparedTheme(colors, dense)
    expect(css).toContain('--mantine-color-primary-filled')
    expect(css).toBe(mantineOwnCss(colors, dense).replaceAll('&quot;', '"'))
  })

  it('builds each theme once', () => {
    expect(preparedTheme(custom, false)).toBe(preparedTheme({ ...custom }, false))
    expect(preparedTheme(custom, false)).not.toBe(preparedTheme(custom, true))
  })
})
