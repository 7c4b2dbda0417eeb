import { MantineProvider } from '@mantine/core'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Button } from './index'
import { preparedTheme, themeColors } from '#app/ui/theme'
import { PlainSubmitButton } from './plain-button'

const { theme } = preparedTheme(themeColors(null), false)
const render = (element: ReactElement) =>
  renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false}>
      {element}
    </MantineProvider>,
  )

describe('PlainSubmitButton', () => {
  for (const disabled of [false, true])
    it(`is the kit's subtle compact-xs Button${disabled ? ', disabled' : ''}`, () => {
      const props = { form: 'remove-group-2', name: 'scopeId', value: '7', 'aria-label': 'Remove x from y', disabled }
      expect(render(<PlainSubmitButton {...props}>Remove</PlainSubmitButton>)).toBe(
        render(
          <Button type="submit" size="compact-xs" variant="subtle" {...props}>
            Remove
          </Button>,
        ),
      )
    })
})
