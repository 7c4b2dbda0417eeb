import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import dayjs from 'dayjs'
import { requireUser } from '#app/auth/guard.server'
import { ActiveSessionsTable, HoursResultTable, type HoursResult } from '#app/components/hours-tables'
import { getDb } from '#app/db/client.server'
import { formatDisplayDate } from '#app/domain/dates'
import { activeSessions, runHoursSearch } from '#app/models/hours.server'

export const meta: MetaFunction = () => [{ title: 'Home · mga-desk' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const path = url.pathname === '/home' ? '/home' : '/'
  const user = await requireUser(request, path)
  const db = getDb()
  const hoursView = url.searchParams.get('hours') === 'active' ? 'active' : 'entries'
  const today = dayjs().format('YYYY-MM-DD')
  return {
    path,
    username: user.username,
    today: formatDisplayDate(new Date()),
    hoursView,
    // Switching to Active Sessions leaves the time entries behind (spec 2 §2.9).
    entries:
      hoursView === 'entries'
        ? ((await runHoursSearch(db, { userId: user.id, start: today, end: today, type: 'Any', kind: 'log', page: 1 })) as unknown as HoursResult)
        : null,
    active: hoursView === 'active' ? await activeSessions(db) : [],
  }
}

// The home page of spec 1 §2.6: the Hours tile (full width); News, Events and Appointments join it
// with the notes screens.
export default function HomePage() {
  const { path, username, today, hoursView, entries, active } = useLoaderData<typeof loader>()
  return (
    <Stack maw={1200} mx="auto">
      <Paper withBorder p="lg">
        <Title order={1} size="h2">
          Welcome, {username}
        </Title>
        <Text c="dimmed">{today}</Text>
      </Paper>
      <Paper withBorder p="lg" component="section" aria-labelledby="hours-tile">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="hours-tile">
            Hours
          </Title>
          <Group gap="xs" role="tablist" aria-label="Hours tile view">
            <Button component={Link} to={path} size="xs" variant={hoursView === 'entries' ? 'filled' : 'default'} role="tab" aria-selected={hoursView === 'entries'}>
              Time Entries
            </Button>
            <Button component={Link} to={`${path}?hours=active`} size="xs" variant={hoursView === 'active' ? 'filled' : 'default'} role="tab" aria-selected={hoursView === 'active'}>
              Active Sessions
            </Button>
          </Group>
        </Group>
        {entries ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              Your sessions today.{' '}
              <Anchor component={Link} to="/hours">
                Search hours
              </Anchor>
            </Text>
            <HoursResultTable result={entries} />
          </Stack>
        ) : (
          <ActiveSessionsTable rows={active} />
        )}
      </Paper>
    </Stack>
  )
}
