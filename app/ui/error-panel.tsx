import { Code } from '@mantine/core'
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '#app/ui/core'
import { isRouteErrorResponse } from '@remix-run/react'

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

export function NotFoundPanel() {
  return (
    <Paper withBorder p="lg" maw={720} mx="auto" my="xl">
      <Stack gap="sm">
        <Title order={2}>Page not found</Title>
        <Text>There is no page at this address. It may have been moved, or the link may be mistyped.</Text>
        <Anchor href="/">Go to the home page</Anchor>
      </Stack>
    </Paper>
  )
}

/** Shapes whatever a route threw into the right panel. */
export function RouteErrorPanel({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPanel />
    const message =
      typeof error.data === 'string'
        ? error.data
        : typeof error.data === 'object' && error.data && 'message' in error.data
          ? String((error.data as { message: unknown }).message)
          : error.statusText
    if (error.status < 500)
      return <ErrorPanel title={DEFAULT_ERROR_TITLE} text={message} detail={`HTTP ${error.status}`} />
    return <ErrorPanel detail={`HTTP ${error.status} ${error.statusText}\n${message}`} />
  }
  const detail = error instanceof Error ? error.message : String(error)
  return <ErrorPanel detail={detail} />
}
