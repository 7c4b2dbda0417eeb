import { Paper, Stack, Text, Title } from '@mantine/core'
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
