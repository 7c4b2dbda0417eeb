import { Table, Text } from '@mantine/core'
import { formatDisplayDate, formatDuration, formatTimestamp } from '#app/domain/dates'
import { formatPhone } from '#app/domain/masks'

export const NO_SESSIONS = 'Notice: no sessions found.'

export interface ActiveRow {
  username: string
  mobile: string | null
  home: string | null
  direct: string | null
  ext: string | null
}

export type HoursResult =
  | {
      kind: 'log'
      logs: { id: number; username: string; login: string; logout: string | null; type: string | null; session_interval: number }[]
      core: { page: number; pages: number; count: number }
      sum: number
    }
  | { kind: 'daily'; logs: { _login: string; _hours: number }[]; sum: number }
  | { kind: 'period'; logs: { username: string; _hours: number }[]; sum: number }

export function ActiveSessionsTable({ rows }: { rows: ActiveRow[] }) {
  if (rows.length === 0) return <Text role="status">{NO_SESSIONS}</Text>
  return (
    <Table striped highlightOnHover aria-label="Active sessions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Username</Table.Th>
          <Table.Th>Mobile</Table.Th>
          <Table.Th>Home</Table.Th>
          <Table.Th>Direct</Table.Th>
          <Table.Th>Ext</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.username}>
            <Table.Td>{row.username}</Table.Td>
            <Table.Td>{formatPhone(row.mobile)}</Table.Td>
            <Table.Td>{formatPhone(row.home)}</Table.Td>
            <Table.Td>{formatPhone(row.direct)}</Table.Td>
            <Table.Td>{row.ext ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** Log, daily or period results with their total, durations as [Nd ]HH:MM:SS. */
export function HoursResultTable({ result }: { result: HoursResult }) {
  if (result.logs.length === 0) return <Text role="status">{NO_SESSIONS}</Text>
  const total = (
    <Table.Tr>
      <Table.Th colSpan={result.kind === 'log' ? 4 : 1}>Total</Table.Th>
      <Table.Th>{formatDuration(result.sum)}</Table.Th>
    </Table.Tr>
  )
  if (result.kind === 'log') {
    return (
      <Table striped aria-label="Time entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Username</Table.Th>
            <Table.Th>Login</Table.Th>
            <Table.Th>Logout</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Interval</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.logs.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.username}</Table.Td>
              <Table.Td>{formatTimestamp(row.login, true)}</Table.Td>
              <Table.Td>{row.logout ? formatTimestamp(row.logout, true) : 'signed in'}</Table.Td>
              <Table.Td>{row.type ?? ''}</Table.Td>
              <Table.Td>{formatDuration(row.session_interval)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>{total}</Table.Tfoot>
      </Table>
    )
  }
  return (
    <Table striped aria-label={result.kind === 'daily' ? 'Daily totals' : 'Period totals'}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{result.kind === 'daily' ? 'Day' : 'Username'}</Table.Th>
          <Table.Th>Hours</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {result.kind === 'daily'
          ? result.logs.map((row) => (
              <Table.Tr key={row._login}>
                <Table.Td>{formatDisplayDate(row._login)}</Table.Td>
                <Table.Td>{formatDuration(row._hours)}</Table.Td>
              </Table.Tr>
            ))
          : result.logs.map((row) => (
              <Table.Tr key={row.username}>
                <Table.Td>{row.username}</Table.Td>
                <Table.Td>{formatDuration(row._hours)}</Table.Td>
              </Table.Tr>
            ))}
      </Table.Tbody>
      <Table.Tfoot>{total}</Table.Tfoot>
    </Table>
  )
}
