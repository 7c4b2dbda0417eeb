import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireUser } from '#app/auth/guard.server'
import { AppointmentsTile, EventsTile } from '#app/features/home/calendar-tile'
import { loadHome } from '#app/features/home/home.server'
import { HoursTile } from '#app/features/home/hours-tile'
import { NewsTile } from '#app/features/home/news-tile'

export const meta: MetaFunction = () => [{ title: 'Home · mga-desk' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname === '/home' ? '/home' : '/'
  const user = await requireUser(request, path)
  return loadHome(request, user)
}

/**
 * The home page (spec 1 §2, spec 2 §2.10): News (full width), Events and Appointments (half each,
 * stacked on narrow screens), Hours (full width).
 */
export default function HomePage() {
  const { view, username, today, calendarDays, news, events, appts, entries, active } = useLoaderData<typeof loader>()
  return (
    <Stack maw={1200} mx="auto">
      <Paper withBorder p="lg">
        <Title order={1} size="h2">
          Welcome, {username}
        </Title>
        <Text c="dimmed">{today}</Text>
      </Paper>
      <NewsTile items={news.items} count={news.count} all={view.news === 'all'} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <EventsTile rows={events} days={calendarDays} />
        <AppointmentsTile rows={appts} days={calendarDays} scope={view.appts} />
      </SimpleGrid>
      <HoursTile entries={entries} active={active} />
    </Stack>
  )
}
