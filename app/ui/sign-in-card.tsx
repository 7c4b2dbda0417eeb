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
    <main
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        padding: 16,
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
