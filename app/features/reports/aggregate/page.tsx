import './aggregate.css'
import type { MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useLocation } from '@remix-run/react'
import { useReloading } from '#app/ui/use-reloading'
import { BarChart, type Bar } from '#app/ui/bar-chart'
import { Alert, Button, NativeSelect, Stack, Text } from '#app/ui/core'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { PageHeader } from '#app/ui/search'
import {
  AGG_LABELS,
  AGG_TYPES,
  AGGREGATE_PAGE_SIZE,
  COLUMN_LABELS,
  EXTRA_COLUMNS,
  isCountColumn,
  isLossColumn,
  QUERY_TYPES,
  STATE_MODE_LABELS,
  STATE_MODES,
  type ReportColumn,
} from '#app/domain/aggregate-report'
import { formatDecimalMoney } from '#app/domain/money'
import { formatRatio } from '#app/domain/aggregate-report'
import type { AggregateRow } from '#app/models/aggregate-report.server'
import type { AggregatePageData, Option } from './page.server'

export const aggregateReportMeta: MetaFunction = () => [{ title: 'Reports · mga-desk' }]

const QUERY_LABELS = { claims: 'Claims', policies: 'Policies' } as const
const MONEY = new Set<ReportColumn>([
  'premium',
  'reserve',
  'monitor',
  'defense',
  'damages',
  'total',
  'res_mon',
  'res_def',
  'sales',
])
const CHART_BARS = 60

/** A cell as the page shows it: money with $, ratios as percentages, counts with separators. */
function cellText(column: ReportColumn, value: AggregateRow[ReportColumn]): string {
  if (value === null || value === undefined || value === '') return isLossColumn(column) ? '—' : ''
  if (isLossColumn(column)) return formatRatio(value)
  if (MONEY.has(column)) return formatDecimalMoney(String(value))
  if (isCountColumn(column)) return Number(value).toLocaleString('en-US')
  return String(value)
}

type TableRow = AggregateRow & { key: string; isTotals?: boolean }

const groupLabel = (row: AggregateRow) =>
  row.fid !== undefined
    ? `Firm ${row.fid}`
    : row.county !== undefined
      ? `${row.county || 'Unknown county'}, ${row.state || '—'}`
      : row.zone !== undefined
        ? String(row.zone || 'No zone')
        : String(row.state || 'No state')

/**
 * Aggregate reports (spec 3 §2.9, decision 0035): the choices as a GET form (`run=1` runs it, so the URL
 * is the report and it works without JavaScript), then the totals row, a page of 100 groups sorted by
 * the column header links, and the chosen measure drawn as bars beside them.
 */
export function AggregateReportPage() {
  const data = useLoaderData<AggregatePageData>()
  const location = useLocation()
  const running = useReloading()
  return (
    <Stack gap="md" p="md">
      <PageHeader title="Reports" />
      <ReportForm key={location.search} data={data} running={running} />
      {data.failed ? (
        <Alert color="red" role="alert" title="Reports">
          {data.failed}
        </Alert>
      ) : null}
      <div aria-live="polite" aria-busy={running} style={{ opacity: running ? 0.6 : 1 }}>
        {data.report ? <Results data={data} running={running} /> : null}
      </div>
    </Stack>
  )
}

function Radios({ name, legend, options, value }: { name: string; legend: string; options: Option[]; value: string }) {
  return (
    <fieldset className="radio-group" role="radiogroup">
      <Text component="legend" size="sm" fw={500} className="radio-group-legend">
        {legend}
      </Text>
      {options.map((option) => (
        <label key={option.value} className="radio-group-option">
          <input type="radio" name={name} value={option.value} defaultChecked={option.value === value} />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  )
}

function MultiSelect({
  name,
  label,
  options,
  value,
}: {
  name: string
  label: string
  options: Option[]
  value: string[]
}) {
  const id = `agg-${name}`
  return (
    <div>
      <Text size="sm" fw={500} component="label" display="block" htmlFor={id}>
        {label}
      </Text>
      <select id={id} name={name} multiple size={5} defaultValue={value} aria-describedby={`${id}-hint`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Text size="xs" c="dimmed" id={`${id}-hint`}>
        None chosen: every one
      </Text>
    </div>
  )
}

function ReportForm({ data, running }: { data: AggregatePageData; running: boolean }) {
  const { query } = data
  return (
    <Form method="get" aria-label="Aggregate report" className="agg-form" preventScrollReset>
      <input type="hidden" name="run" value="1" />
      <Stack gap="xs">
        <Radios
          name="q"
          legend="Query type"
          value={query.q}
          options={QUERY_TYPES.map((value) => ({ value, label: QUERY_LABELS[value] }))}
        />
        <Radios
          name="agg"
          legend="Aggregation"
          value={query.agg}
          options={AGG_TYPES.map((value) => ({ value, label: AGG_LABELS[value] }))}
        />
      </Stack>
      <Radios
        name="state"
        legend="State grouping"
        value={query.state}
        options={STATE_MODES.map((value) => ({ value, label: STATE_MODE_LABELS[value] }))}
      />
      {data.carriersError ? (
        <Alert color="red" role="alert" title="Carrier">
          {data.carriersError}
        </Alert>
      ) : (
        <MultiSelect name="carrier" label="Carrier" options={data.carriers} value={query.carrier} />
      )}
      <MultiSelect name="type" label="Type" options={data.types} value={query.type} />
      <NativeSelect
        name="contract"
        label="Contract"
        defaultValue={query.contract ? String(query.contract) : ''}
        data={[{ value: '', label: 'Any contract' }, ...data.contracts]}
        w={180}
      />
      <fieldset className="radio-group">
        <Text component="legend" size="sm" fw={500} className="radio-group-legend">
          Firm columns (with Firm grouping)
        </Text>
        <div className="agg-extra">
          {EXTRA_COLUMNS.map((column) => (
            <label key={column}>
              <input type="checkbox" name="col" value={column} defaultChecked={query.col.includes(column)} />
              {COLUMN_LABELS[column]}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" loading={running} style={{ alignSelf: 'flex-end' }}>
        Run Report
      </Button>
    </Form>
  )
}

function Results({ data, running }: { data: AggregatePageData; running: boolean }) {
  const report = data.report!
  const columns: DataColumn<TableRow>[] = report.columns.map((column, index) => ({
    key: column,
    label: COLUMN_LABELS[column],
    sortable: true,
    money: MONEY.has(column) || isLossColumn(column) || isCountColumn(column),
    nowrap: MONEY.has(column),
    rowHeader: index === 0,
    html: (row) => (row.isTotals && index === 0 ? 'Totals' : cellText(column, row[column])),
  }))
  const rows: TableRow[] = [
    ...(report.totals ? [{ ...report.totals, key: 'totals', isTotals: true }] : []),
    ...report.rows.map((row) => ({
      ...row,
      key: report.columns
        .slice(0, 2)
        .map((c) => row[c])
        .join('|'),
    })),
  ]
  const measure = data.chart
  const bars: Bar[] = report.rows.slice(0, CHART_BARS).map((row) => ({
    label: groupLabel(row),
    value: Number(row[measure] ?? 0),
    text: cellText(measure, row[measure]),
  }))
  const grouping = STATE_MODE_LABELS[data.query.state].toLowerCase()
  const by = grouping === 'all states' ? 'state' : grouping
  const chartTitle =
    data.query.agg === 'glr'
      ? `Gross loss ratio by ${by}`
      : `${AGG_LABELS[data.query.agg]} of ${COLUMN_LABELS[measure]} by ${by}`
  return (
    <Stack gap="sm">
      <Text fw={600} data-total-records>
        Total Records: {report.count.toLocaleString('en-US')}
      </Text>
      <div className="agg-results">
        <DataTable
          label="Aggregate report, totals first"
          pagerLabel="Report pages"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.key}
          rowAttrs={(row) => ({ class: row.isTotals ? 'data-table-total' : undefined })}
          sort={{ by: report.sortBy, desc: report.sortDesc }}
          paging={{ page: report.page, perPage: AGGREGATE_PAGE_SIZE, count: report.count }}
          busy={running}
          empty={<Text>There is no data available for that search.</Text>}
          dense
        />
        {bars.length > 0 ? (
          <figure className="agg-chart" style={{ margin: 0 }}>
            <BarChart
              title={chartTitle}
              description={`Bars for the ${bars.length} groups shown first on this page, in the table's order; the table holds the figures.`}
              bars={bars}
            />
            <Text component="figcaption" size="xs" c="dimmed">
              {chartTitle}
              {report.rows.length > CHART_BARS ? ` (first ${CHART_BARS} rows of the page)` : ''}
            </Text>
          </figure>
        ) : null}
      </div>
    </Stack>
  )
}
