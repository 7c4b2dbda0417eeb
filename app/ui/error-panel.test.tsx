import { MantineProvider } from '@mantine/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DEFAULT_ERROR_TEXT, ErrorPanel, NotFoundPanel } from './error-panel'

const render = (node: React.ReactNode) => renderToString(<MantineProvider>{node}</MantineProvider>)

describe('ErrorPanel', () => {
  it("renders the spec's generic error dialog with the developer detail folded away", () => {
    const html = render(<ErrorPanel detail='relation "firms" does not exist (request 42)' />)
    expect(html).toContain('Sorry, there was a problem')
    expect(html).toContain(DEFAULT_ERROR_TEXT)
    expect(html).toMatch(/<details>.*<summary[^>]*>For Developers<\/summary>/s)
    expect(html).toContain('request 42')
  })

  it('has no developer section without detail', () => {
    expect(render(<ErrorPanel />)).not.toContain('For Developers')
  })

  it('renders a 404 page', () => {
    expect(render(<NotFoundPanel />)).toContain('Page not found')
  })
})
