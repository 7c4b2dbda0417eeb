import { Paper, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireUser } from '#app/auth/guard.server'
import { formatDisplayDate } from '#app/domain/dates'

export const meta: MetaFunction = () => [{ title: 'Home · mga-desk' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname === '/home' ? '/home' : '/'
  const user = await requireUser(request, path)
  return { username: user.username, today: formatDisplayDate(new Date()) }
}

// The home page greets the user; the News, Events, Appointments and Hours tiles of spec 1 §2.6
// join it as their screens are delivered.
export default function HomePage() {
  const { username, today } = useLoaderData<typeof loader>()
  return (
    <Stack maw={1200} mx="auto">
      <Paper withBorder p="lg">
        <Title order={1} size="h2">
          Welcome, {username}
        </Title>
        <Text c="dimmed">{today}</Text>
      </Paper>
    </Stack>
  )
}
