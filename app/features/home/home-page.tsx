import { Paper, SimpleGrid, Stack, Text, Title } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AppointmentsTile, EventsTile } from './calendar-tile'
import type { loadHome } from './home.server'
import { HoursTile } from './hours-tile'
import { NewsTile } from './news-tile'

export const homeMeta: MetaFunction = () => [{ title: 'Home · mga-desk' }]

/**
 * The home page (spec 1 §2, spec 2 §2.10): News (full width), Events and Appointments (half each,
 * stacked on narrow screens), Hours (full width).
 */
export function HomePage() {
  const { view, username, today, calendarDays, news, events, appts, entries, active } = useLoaderData<typeof loadHome>()
  return (
    <Stack maw={1200} mx="auto">
      <Paper withBorder p="lg">
        <Title order={1} size="h2">
          Welcome, {username}
        </Title>
        <Text c="dimmed">{today}</Text>
      </Paper>
      <NewsTile
        items={news.items}
        count={news.count}
        all={view.news === 'all'}
        page={news.page}
        perPage={news.perPage}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <EventsTile rows={events} days={calendarDays} />
        <AppointmentsTile rows={appts} days={calendarDays} scope={view.appts} />
      </SimpleGrid>
      <HoursTile entries={entries} active={active} />
    </Stack>
  )
}
