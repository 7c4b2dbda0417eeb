import { formatTimestamp } from '#app/domain/dates'
import type { ClaimLogEntry } from '#app/models/claim.server'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { Section } from './section'

const show = (value: unknown) =>
  (value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value)
  ).slice(0, 80)

const COLUMNS: DataColumn<ClaimLogEntry>[] = [
  { key: 'at', label: 'When', nowrap: true, render: (log) => formatTimestamp(log.at) },
  { key: 'username', label: 'Who', render: (log) => log.username ?? '' },
  { key: 'what', label: 'What', render: (log) => `${log.entity === 'claim' ? 'Claim' : 'Ledger'} ${log.action}` },
  {
    key: 'changes',
    label: 'Changes',
    render: (log) =>
      log.changes.slice(0, 12).map((change) => (
        <div key={change.field}>
          {change.field}: {show(change.before)} → {show(change.after)}
        </div>
      )),
  },
]

/** The claim's change log (GET /api/claims/{id}/logs): who changed what, newest first. */
export function ChangeLogSection({ logs }: { logs: ClaimLogEntry[] }) {
  return (
    <Section title="Change Log">
      <DataTable
        label="Change log"
        dense
        columns={COLUMNS}
        rows={logs}
        rowKey={(log) => log.id}
        empty="No changes recorded."
      />
    </Section>
  )
}
