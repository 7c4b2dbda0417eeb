import { Link } from '@remix-run/react'
import { formatTimestamp } from '#app/domain/dates'
import type { HistoryEntry } from '#app/domain/history'
import { Button, Group, Paper, Title } from '#app/ui/core'
import { DataTable, type DataColumn } from '#app/ui/data-table'

/** One logged change as the server answers it. */
export type HistoryRow = HistoryEntry

const show = (value: unknown) =>
  (value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value)
  ).slice(0, 80)

/**
 * A record's history (who changed what, when, each field before and after), newest first: the one
 * table every screen shows a change log with. `what` names a row's change (default: its action).
 */
export function RecordHistory<Row extends HistoryRow>({
  rows,
  label = 'Change log',
  what = (row) => row.action,
}: {
  rows: Row[]
  label?: string
  what?: (row: Row) => string
}) {
  const columns: DataColumn<Row>[] = [
    { key: 'at', label: 'When', nowrap: true, render: (row) => formatTimestamp(row.at) },
    { key: 'username', label: 'Who', render: (row) => row.username ?? '' },
    { key: 'what', label: 'What', render: what },
    {
      key: 'changes',
      label: 'Changes',
      render: (row) =>
        row.changes.slice(0, 12).map((change) => (
          <div key={change.field}>
            {change.field}: {show(change.before)} → {show(change.after)}
          </div>
        )),
    },
  ]
  return (
    <DataTable
      label={label}
      dense
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      empty="No changes recorded."
    />
  )
}

/** A record's history in a panel of its own, addressed by the URL (`?history=ID`), with a Close link. */
export function HistoryPanel({ title, rows, closeHref }: { title: string; rows: HistoryRow[]; closeHref: string }) {
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h5">
          {title}
        </Title>
        <Button component={Link} to={closeHref} preventScrollReset size="xs" variant="default">
          Close
        </Button>
      </Group>
      <RecordHistory rows={rows} label={title} />
    </Paper>
  )
}
