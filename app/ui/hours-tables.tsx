import { Text } from '#app/ui/core'
import { DataTable, type DataColumn } from '#app/ui/data-table'
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
      logs: {
        id: number
        username: string
        login: string
        logout: string | null
        type: string | null
        session_interval: number
      }[]
      core: { page: number; pages: number; count: number }
      sum: number
    }
  | { kind: 'daily'; logs: { _login: string; _hours: number }[]; sum: number }
  | { kind: 'period'; logs: { username: string; _hours: number }[]; sum: number }

const ACTIVE_COLUMNS: DataColumn<ActiveRow>[] = [
  { key: 'username', label: 'Username' },
  { key: 'mobile', label: 'Mobile', nowrap: true, html: (row) => formatPhone(row.mobile) },
  { key: 'home', label: 'Home', nowrap: true, html: (row) => formatPhone(row.home) },
  { key: 'direct', label: 'Direct', nowrap: true, html: (row) => formatPhone(row.direct) },
  { key: 'ext', label: 'Ext' },
]

export function ActiveSessionsTable({ rows }: { rows: ActiveRow[] }) {
  if (rows.length === 0) return <Text role="status">{NO_SESSIONS}</Text>
  return (
    <DataTable
      label="Active sessions"
      columns={ACTIVE_COLUMNS}
      rows={rows}
      rowKey={(row) => row.username}
      dense={false}
    />
  )
}

type LogRow = Extract<HoursResult, { kind: 'log' }>['logs'][number]
type DailyRow = Extract<HoursResult, { kind: 'daily' }>['logs'][number]
type PeriodRow = Extract<HoursResult, { kind: 'period' }>['logs'][number]

const LOG_COLUMNS: DataColumn<LogRow>[] = [
  { key: 'username', label: 'Username' },
  { key: 'login', label: 'Login', html: (row) => formatTimestamp(row.login, true) },
  { key: 'logout', label: 'Logout', html: (row) => (row.logout ? formatTimestamp(row.logout, true) : 'signed in') },
  { key: 'type', label: 'Type' },
  { key: 'session_interval', label: 'Interval', nowrap: true, html: (row) => formatDuration(row.session_interval) },
]
const DAILY_COLUMNS: DataColumn<DailyRow>[] = [
  { key: '_login', label: 'Day', html: (row) => formatDisplayDate(row._login) },
  { key: '_hours', label: 'Hours', nowrap: true, html: (row) => formatDuration(row._hours) },
]
const PERIOD_COLUMNS: DataColumn<PeriodRow>[] = [
  { key: 'username', label: 'Username' },
  { key: '_hours', label: 'Hours', nowrap: true, html: (row) => formatDuration(row._hours) },
]

/** One results table with its total under the last column (a duration as [Nd ]HH:MM:SS). */
function TotalTable<Row>({
  result,
  ...table
}: {
  label: string
  columns: DataColumn<Row>[]
  result: { logs: Row[]; sum: number }
  rowKey: (row: Row) => string | number
}) {
  const footer = (
    <tr>
      <th scope="row" colSpan={table.columns.length - 1}>
        Total
      </th>
      <th className="nowrap">{formatDuration(result.sum)}</th>
    </tr>
  )
  return <DataTable {...table} rows={result.logs} footer={footer} dense={false} />
}

/** Log, daily or period results with their total. */
export function HoursResultTable({ result }: { result: HoursResult }) {
  if (result.logs.length === 0) return <Text role="status">{NO_SESSIONS}</Text>
  switch (result.kind) {
    case 'log':
      return <TotalTable label="Time entries" columns={LOG_COLUMNS} result={result} rowKey={(row) => row.id} />
    case 'daily':
      return <TotalTable label="Daily totals" columns={DAILY_COLUMNS} result={result} rowKey={(row) => row._login} />
    case 'period':
      return (
        <TotalTable label="Period totals" columns={PERIOD_COLUMNS} result={result} rowKey={(row) => row.username} />
      )
  }
}
