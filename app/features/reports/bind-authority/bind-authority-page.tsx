import type { MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import { Button, Group, Stack, Text } from '#app/ui/core'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { PageHeader } from '#app/ui/search'
import { BIND_AUTHORITY_PAGE_SIZES } from '#app/domain/bind-authority'
import { formatMoney } from '#app/domain/money'
import { formatReportDate } from '#app/domain/reports'
import type { BindAuthorityLoaded, loadBindAuthority } from './bind-authority.server'

export const bindAuthorityMeta: MetaFunction = () => [{ title: 'Bind Authority · mga-desk' }]

type Report = NonNullable<BindAuthorityLoaded['report']>
type Row = Report['rows'][number]
type Totals = Report['totals'] & { key: 'totals' }

const COLUMNS: readonly DataColumn<Row>[] = [
  { key: 'pid', label: 'Policy ID', rowHeader: true, html: (row) => row.pid },
  { key: 'fid', label: 'Firm ID', html: (row) => row.fid },
  { key: 'incept', label: 'Incept', nowrap: true, html: (row) => formatReportDate(row.incept) },
  { key: 'note', label: 'Notes', html: (row) => row.note },
  { key: 'booked', label: 'Booked', money: true, nowrap: true, html: (row) => formatMoney(row.booked) },
  { key: 'received', label: 'Received', money: true, nowrap: true, html: (row) => formatMoney(row.received) },
  { key: 'sort', label: 'Sort', money: true, html: (row) => row.sort },
]

const TOTAL_COLUMNS: readonly DataColumn<Totals>[] = [
  { key: 'booked', label: 'Booked', money: true, nowrap: true, render: (t) => formatMoney(t.booked) },
  { key: 'received', label: 'Funds Received', money: true, nowrap: true, render: (t) => formatMoney(t.received) },
  { key: 'unpaid', label: 'Unpaid', money: true, nowrap: true, render: (t) => formatMoney(t.unpaid) },
]

/**
 * Bind Authority Production (spec 3 §2.7): 'Generate Report' sends the GET form (`?run=1`), so the
 * report is its URL, reloads and bookmarks as it is and works without JavaScript; with JavaScript the
 * button shows that the report is on its way.
 */
export function BindAuthorityPage() {
  const { today, size, report } = useLoaderData<typeof loadBindAuthority>()
  const navigation = useNavigation()
  const running = navigation.state === 'loading' && navigation.location.pathname === '/reports/bindauthority'
  return (
    <Stack gap="md">
      <PageHeader title="Bind Authority">
        <Text size="sm">Report date {formatReportDate(today)}</Text>
      </PageHeader>
      <Form method="get" aria-label="Bind Authority report" preventScrollReset>
        <input type="hidden" name="run" value="1" />
        {size !== BIND_AUTHORITY_PAGE_SIZES[0] ? <input type="hidden" name="size" value={size} /> : null}
        <Button type="submit" loading={running}>
          Generate Report
        </Button>
      </Form>
      <div aria-live="polite" aria-busy={running}>
        {report ? <BindAuthorityResults report={report} size={size} running={running} /> : null}
      </div>
    </Stack>
  )
}

function BindAuthorityResults({ report, size, running }: { report: Report; size: number; running: boolean }) {
  return (
    <Stack gap="md">
      <Group gap="xl" align="flex-end">
        <Text fw={600} data-total-records>
          Total Records: {report.count.toLocaleString('en-US')}
        </Text>
        <DataTable
          label="Bind Authority totals"
          columns={TOTAL_COLUMNS}
          rows={[{ ...report.totals, key: 'totals' }]}
          rowKey={(row) => row.key}
          fit
          dense
        />
      </Group>
      <DataTable
        label="Bind Authority policies, newest inception first"
        pagerLabel="Bind Authority pages"
        columns={COLUMNS}
        rows={report.rows}
        rowKey={(row) => row.pid}
        paging={{ page: report.page, perPage: size, count: report.count, pageSizes: BIND_AUTHORITY_PAGE_SIZES }}
        busy={running}
        empty={<Text>There is no data available for that search.</Text>}
        dense
      />
    </Stack>
  )
}
