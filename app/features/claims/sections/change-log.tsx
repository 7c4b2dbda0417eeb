import { Text } from '@mantine/core'
import { formatTimestamp } from '#app/domain/dates'
import type { ClaimLogEntry } from '#app/models/claim.server'
import { Section } from './section'

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value)).slice(0, 80)

/** The claim's change log (GET /api/claims/{id}/logs): who changed what, newest first. */
export function ChangeLogSection({ logs }: { logs: ClaimLogEntry[] }) {
  return (
    <Section title="Change Log">
      {logs.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded.
        </Text>
      ) : (
        <table className="data-table data-table-dense" aria-label="Change log">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {logs.map((log) => (
              <tr key={log.id}>
                <td className="nowrap">{formatTimestamp(log.at)}</td>
                <td>{log.username ?? ''}</td>
                <td>{`${log.entity === 'claim' ? 'Claim' : 'Ledger'} ${log.action}`}</td>
                <td>
                  {log.changes.slice(0, 12).map((change) => (
                    <div key={change.field}>
                      {change.field}: {show(change.before)} → {show(change.after)}
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  )
}
