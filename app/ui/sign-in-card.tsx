import { Button, Group, Paper, Stack, Text, Title } from '#app/ui/core'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'

/**
 * The card of the pages a user sees around signing in (login and its code step, /mfa, /idle,
 * /password): a centred paper with the page's heading and the line under it.
 */
export function SignInCard({
  title,
  subtitle,
  width = 380,
  children,
}: {
  title: string
  subtitle?: ReactNode
  width?: number
  children: ReactNode
}) {
  return (
    // Room at the foot for the snackbar (fixed at the bottom; without JavaScript it stays): the card's
    // buttons (the /mfa page's Log out) are never under it, the page scrolling clear of it when the card is taller.
    <main
      style={{
        minHeight: '100vh',
        display: 'grid',
        // One column no wider than the window: the card's max-width of 100% then holds at 200% zoom
        // (an auto column grew to the card's own width and the page scrolled sideways).
        gridTemplateColumns: 'minmax(0, 1fr)',
        placeItems: 'center',
        padding: '16px 16px 128px',
      }}
    >
      <Paper withBorder shadow="sm" p="xl" w={width} maw="100%">
        <Stack>
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            ) : null}
          </div>
          {children}
        </Stack>
      </Paper>
    </main>
  )
}

/** The sign-in card pages' Log out: a plain POST form to /logout, with an optional lead-in ("Not admin?"). */
export function SignInLogout({ lead }: { lead?: ReactNode }) {
  return (
    <Form method="post" action="/logout" onSubmit={() => window.sessionStorage.clear()}>
      <Group gap={4}>
        {lead ? <Text size="sm">{lead}</Text> : null}
        <Button type="submit" variant="subtle" size="compact-sm">
          Log out
        </Button>
      </Group>
    </Form>
  )
}
