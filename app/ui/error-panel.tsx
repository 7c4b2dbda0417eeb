import { Anchor, Button, Code, Group, Paper, Stack, Text, Title } from '#app/ui/core'
import { isRouteErrorResponse, useRouteError } from '@remix-run/react'

export const DEFAULT_ERROR_TITLE = 'Sorry, there was a problem'
export const DEFAULT_ERROR_TEXT =
  'A database access error occurred. If the problem persists please notify the development team with a detailed description of the error.'

/**
 * The spec's generic error dialog: a title, a plain explanation, and the developer detail folded
 * under 'For Developers' (a native <details>, so it opens without JavaScript).
 */
export function ErrorPanel({
  title = DEFAULT_ERROR_TITLE,
  text = DEFAULT_ERROR_TEXT,
  detail,
}: {
  title?: string
  text?: string
  detail?: string
}) {
  return (
    <Paper withBorder shadow="md" p="lg" maw={720} mx="auto" my="xl" role="alertdialog" aria-labelledby="error-title">
      <Stack gap="sm">
        <Title order={2} id="error-title" c="error.7">
          {title}
        </Title>
        <Text>{text}</Text>
        {detail ? (
          <details>
            <summary style={{ cursor: 'pointer' }}>For Developers</summary>
            <Code block mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
              {detail}
            </Code>
          </details>
        ) : null}
        <Group>
          <Button component="a" href="/">
            Go to the home page
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

export const NO_PAGE_TEXT = 'There is no page at this address. It may have been moved, or the link may be mistyped.'

/** A 404: an address with no page, or a record the address names that is not there (its own message). */
export function NotFoundPanel({ message }: { message?: string }) {
  return (
    <Paper withBorder p="lg" maw={720} mx="auto" my="xl" role={message ? 'alert' : undefined}>
      <Stack gap="sm">
        <Title order={2}>{message ? 'Not found' : 'Page not found'}</Title>
        <Text>{message ?? NO_PAGE_TEXT}</Text>
        <Anchor href="/">Go to the home page</Anchor>
      </Stack>
    </Paper>
  )
}

/** The message an error answer carries: a text body, or the `message` of the one error shape. */
function messageOf(data: unknown): string | undefined {
  if (typeof data === 'string') return data || undefined
  if (typeof data === 'object' && data && 'message' in data) return String((data as { message: unknown }).message)
  return undefined
}

/**
 * Shapes whatever a route threw into the right panel: a 404 with its own message ('Failed to get
 * Claim.', 'No such firm.'), a refusal with the server's message, the unexpected as the spec's dialog.
 */
export function RouteErrorPanel({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPanel message={messageOf(error.data)} />
    const message = messageOf(error.data) ?? error.statusText
    if (error.status < 500)
      return <ErrorPanel title={DEFAULT_ERROR_TITLE} text={message} detail={`HTTP ${error.status}`} />
    return <ErrorPanel detail={`HTTP ${error.status} ${error.statusText}\n${message}`} />
  }
  const detail = error instanceof Error ? error.message : String(error)
  return <ErrorPanel detail={detail} />
}

/** The ErrorBoundary of every route: `export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'`. */
export function RouteErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
