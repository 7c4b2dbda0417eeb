import { Anchor, Stack, Text } from '#app/ui/core'
import { Link } from '@remix-run/react'
import { ActiveSessionsTable, HoursResultTable, type ActiveRow, type HoursResult } from '#app/ui/hours-tables'
import { useHrefWith } from '#app/ui/use-href-with'
import { Tile, ViewTabs } from './tile'

/** The Hours tile (spec 2 §2.9): today's time entries, or the active sessions. */
export function HoursTile({ entries, active }: { entries: HoursResult | null; active: ActiveRow[] }) {
  const hrefWith = useHrefWith()
  return (
    <Tile
      id="hours-tile"
      title="Hours"
      actions={
        <ViewTabs
          label="Hours tile view"
          options={[
            { label: 'Time Entries', to: hrefWith({ hours: null }), selected: !!entries },
            { label: 'Active Sessions', to: hrefWith({ hours: 'active' }), selected: !entries },
          ]}
        />
      }
    >
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
    </Tile>
  )
}
