import { Link } from '@remix-run/react'
import { Button, type ButtonProps } from './core'

/**
 * A small button that is a link to another state of the same page (a panel or a view opened or closed
 * by the URL): the page keeps its scroll position. Mantine's Button with `component={Link}`, same markup.
 */
export function LinkButton({ to, ...props }: ButtonProps & { to: string } & Record<string, unknown>) {
  return <Button component={Link} to={to} size="xs" preventScrollReset {...props} />
}
