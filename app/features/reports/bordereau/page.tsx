import './bordereau.css'
import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { useReloading } from '#app/ui/use-reloading'
import { useState } from 'react'
import { Alert, Button, Checkbox, Stack, Text, Title } from '#app/ui/core'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { RadioGroupField, SelectField } from '#app/ui/fields'
import { html, type HtmlValue } from '#app/ui/html'
import { InfoDialog } from '#app/ui/info-dialog'
import { PageHeader, SearchForm } from '#app/ui/search'
import { useHrefWith } from '#app/ui/use-href-with'
import { useHydrated } from '#app/ui/use-hydrated'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { constraints as bordereauConstraints } from '#app/domain/form-constraints/bordereau'
import {
  BORDEREAU_PAGE_SIZES,
  BORDEREAU_TYPE_LABELS,
  BORDEREAU_TYPES,
  CLAIM_COLUMNS,
  POLICY_COLUMNS,
  REFERRAL_THRESHOLD,
  type BordereauClaimRow,
  type BordereauColumn,
  type BordereauPolicyRow,
  type ColumnKind,
} from '#app/domain/bordereau'
import { formatDecimalMoney } from '#app/domain/money'
import { REPORT_MESSAGES, REPORT_MONTHS, formatBordereauDate } from '#app/domain/reports'
import { htmlAsLine } from '#app/domain/html-line'
import type { BordereauData } from './page.server'

export const bordereauMeta: MetaFunction = () => [{ title: 'Bordereaux · mga-desk' }]

const TYPE_OPTIONS = BORDEREAU_TYPES.map((type) => ({ value: type, label: BORDEREAU_TYPE_LABELS[type] }))
const MONTH_OPTIONS = [
  { value: 'all', label: 'All' },
  ...REPORT_MONTHS.map((label, index) => ({ value: String(index + 1), label })),
]
const DOWNLOADS = [
  { label: 'Download', format: 'csv', layout: 'office', title: 'bordereaux.csv' },
  { label: 'Excel', format: 'xlsx', layout: 'office', title: 'bordereaux.xlsx' },
  {
    label: "Lloyd's layout",
    format: 'xlsx',
    layout: 'lloyds',
    title: "bordereaux-lloyds.xlsx (Lloyd's Coverholder Reporting Standards)",
  },
] as const

function cellText(kind: ColumnKind, value: string | null): string {
  if (value === null || value === '') return ''
  if (kind === 'money') return formatDecimalMoney(value)
  if (kind === 'date') return formatBordereauDate(value)
  if (kind === 'percent') return `${Number(value)}%`
  return value
}

/** The Bordereaux page (spec 3 §2.8): a GET form (the URL is the report), its results, the downloads. */
export function BordereauPage() {
  const data = useLoaderData<BordereauData>()
  const location = useLocation()
  const loading = useReloading()
  const hrefWith = useHrefWith()
  const navigate = useNavigate()
  const closeHref = hrefWith({ dialog: null })
  return (
    <Stack gap="sm" p="md">
      <PageHeader title="Bordereaux" />
      <BordereauForm key={location.search} data={data} />
      <div aria-busy={loading} style={{ opacity: loading ? 0.6 : 1 }}>
        {data.result ? <BordereauResults data={data} /> : null}
      </div>
      {data.refused ? (
        <InfoDialog
          title="Bordereaux"
          closeHref={hrefWith({ run: null })}
          onClose={() => navigate(hrefWith({ run: null }), { preventScrollReset: true })}
        >
          <Text>{REPORT_MESSAGES.bordereauFillRequired}</Text>
        </InfoDialog>
      ) : data.dialog === 'generate-first' ? (
        <InfoDialog
          title="Bordereaux"
          closeHref={closeHref}
          onClose={() => navigate(closeHref, { preventScrollReset: true })}
        >
          <Text>{REPORT_MESSAGES.bordereauGenerateFirst}</Text>
        </InfoDialog>
      ) : null}
    </Stack>
  )
}

function BordereauForm({ data }: { data: BordereauData }) {
  const [form, fields] = useServerForm<Record<string, string>>(
    formIdFor('bordereau', data.values),
    bordereauConstraints,
    {
      lastResult: data.lastResult,
      defaultValue: data.values,
    },
  )
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const hrefWith = useHrefWith()
  const [contract, setContract] = useState(data.values.contract ?? '')
  const policies = data.type === 'policies'
  // The downloads: the report shown (its URL's fields); before one is generated, the spec's warning.
  const downloadHref = (format: string, layout: string) =>
    data.result
      ? `/api/reports/bordereau/download?${new URLSearchParams({ ...data.values, format, layout })}`
      : hrefWith({ dialog: 'generate-first' })
  return (
    <SearchForm form={form} label="Bordereau">
      <input type="hidden" name="run" value="1" />
      <div className="bdx-form">
        <div
          onChange={(event) => {
            // Switching between Claims and Policies clears the results and their headings (spec 3 §4).
            const chosen = (event.target as HTMLInputElement).value
            if (chosen !== data.type)
              navigate(`?${new URLSearchParams({ type: chosen, ...(contract ? { contract } : {}) })}`, {
                preventScrollReset: true,
              })
          }}
        >
          <RadioGroupField field={fields.type} label="Bordereau of" options={TYPE_OPTIONS} inline />
        </div>
        <SelectField
          field={fields.contract}
          label="Contract"
          required
          options={data.contracts.map((option) => ({ value: String(option.id), label: option.contract }))}
          placeholder="Choose a contract"
          onChange={(event) => setContract(event.currentTarget.value)}
          w={200}
        />
        {policies ? (
          <>
            <SelectField field={fields.month} label="Month" required options={MONTH_OPTIONS} placeholder="" w={140} />
            <SelectField
              field={fields.year}
              label="Year"
              options={data.years.map((year) => ({ value: String(year), label: String(year) }))}
              placeholder=""
              w={100}
            />
          </>
        ) : null}
        <Checkbox
          name="large"
          value="on"
          label={policies ? 'w/forms' : 'w/text'}
          defaultChecked={data.values.large === 'on'}
          mb={8}
        />
        <Button type="submit" disabled={hydrated && !contract}>
          Bordereau
        </Button>
        {data.can.download
          ? DOWNLOADS.map((download) => (
              <Button
                key={download.label}
                component={Link}
                to={downloadHref(download.format, download.layout)}
                reloadDocument={Boolean(data.result)}
                preventScrollReset
                variant="default"
                title={download.title}
              >
                {download.label}
              </Button>
            ))
          : null}
      </div>
      {data.refused ? (
        <Alert color="red" role="alert" mt="xs">
          {data.refused}
        </Alert>
      ) : null}
      <input type="hidden" name="size" value={String(data.paging.perPage)} />
    </SearchForm>
  )
}

function BordereauResults({ data }: { data: BordereauData }) {
  const result = data.result!
  const paging = {
    page: data.paging.page,
    perPage: data.paging.perPage,
    count: result.report.count,
    pageSizes: BORDEREAU_PAGE_SIZES,
  }
  if (result.kind === 'policies') {
    const { report } = result
    const large = data.values.large === 'on'
    const columns: DataColumn<BordereauPolicyRow>[] = (POLICY_COLUMNS as readonly BordereauColumn[])
      .filter((column) => large || !column.large)
      .map((column) => ({
        key: column.key,
        label: column.label,
        money: column.kind === 'money',
        html: (row: BordereauPolicyRow) => cellText(column.kind, row[column.key as keyof BordereauPolicyRow]),
      }))
    return (
      <Stack gap="xs">
        <Text fw={600} size="sm" role="status">
          Total Records: {report.count}
        </Text>
        <DataTable
          label="Bordereau totals"
          fit
          columns={[
            {
              key: 'gross',
              label: 'Gross Premium',
              money: true,
              render: () => formatDecimalMoney(report.totals.totalgross),
            },
            {
              key: 'retained',
              label: 'Retained',
              money: true,
              render: () => formatDecimalMoney(report.totals.totaldominion),
            },
            {
              key: 'remitted',
              label: 'Remitted',
              money: true,
              render: () => formatDecimalMoney(report.totals.totalmiller),
            },
          ]}
          rows={[report.totals]}
          rowKey={() => 'totals'}
        />
        <Text size="xs" c="dimmed">
          Gross Premium, the part Retained by the provider (the commissions), and the part Remitted to the carrier.
        </Text>
        {report.count > 0 ? (
          <DataTable
            label={`Policies bordereau, ${report.contract.contract}`}
            // One line a policy, as the spreadsheet the bordereau is: the table scrolls sideways anyway, and
            // text that never wraps is measured once (a hundred rows of wrapped text laid out half again as
            // slowly). Said once by the table's class, not by each of its 3,600 cells (54 KB of the page).
            className="data-table-nowrap"
            columns={columns}
            rows={report.rows}
            rowKey={(row) => `${row.polnum}-${row.incept}-${row.insured}`}
            // The cells read only the row (and which columns show).
            markupDeps={[]}
            paging={paging}
            maxHeight={720}
          />
        ) : (
          <Alert color="yellow">{REPORT_MESSAGES.noData}</Alert>
        )}
      </Stack>
    )
  }
  const { report } = result
  const large = data.values.large === 'on'
  return (
    <Stack gap="xs">
      <div className="bdx-heading">
        <Title order={2} size="h4">
          {report.contract.contract}
        </Title>
        <Text size="sm">
          Contract start: {result.start || '—'} · Contract end: {result.end || '—'}
        </Text>
        <Text size="sm">Coverholder: {report.contract.coverholder ?? 'not set for this contract'}</Text>
        <Text size="sm" className="bdx-refer">
          {REPORT_MESSAGES.underwritersReferral}
        </Text>
      </div>
      <Text fw={600} size="sm" role="status">
        Total Records: {report.count}
      </Text>
      {report.count > 0 ? (
        <DataTable
          label={`Claims bordereau, ${report.contract.contract}`}
          columns={claimColumns(large)}
          rows={report.rows}
          rowKey={(row) => row.fkb_file_no ?? ''}
          // The cells read only the row (and which columns show).
          markupDeps={[]}
          paging={paging}
          maxHeight={720}
        />
      ) : (
        <Alert color="yellow">{REPORT_MESSAGES.noData}</Alert>
      )}
    </Stack>
  )
}

type ClaimKey = keyof BordereauClaimRow
type Stacked = readonly (readonly [ClaimKey, string])[]

/** Each claim column's kind as the bordereau's columns declare it: a stacked cell names only key and label. */
const CLAIM_KINDS = Object.fromEntries(CLAIM_COLUMNS.map((column) => [column.key, column.kind])) as Record<
  ClaimKey,
  ColumnKind
>

/** A stacked cell: several values of a row, each with its label (a description list). */
function stacked(row: BordereauClaimRow, items: Stacked): HtmlValue {
  return html`<dl class="bdx-stack">${items.map(
    ([key, label]) => html`<dt>${label}</dt><dd>${cellText(CLAIM_KINDS[key], row[key]) || '—'}</dd>`,
  )}</dl>`
}

/** The three measures and their total, as the reserves, remaining, paid and current cells show them. */
const measures = (prefix: '' | 'remaining_' | 'paid_' | 'current_', total: ClaimKey): Stacked => [
  [`${prefix}indemnity`, 'Indemnity'],
  [`${prefix}defense`, 'Defense'],
  [`${prefix}fkb`, 'Monitoring'],
  [total, 'Total'],
]

const STACKS: readonly { key: string; label: string; items: Stacked }[] = [
  {
    key: 'policy',
    label: 'Policy',
    items: [
      ['policy_no', 'No'],
      ['incept', 'Incept'],
      ['expiry', 'Expiry'],
      ['limits', 'Limits'],
      ['risk_code', 'Risk code'],
    ],
  },
  {
    key: 'assured',
    label: 'Assured',
    items: [
      ['assured', 'Name'],
      ['address1', 'Address'],
      ['address2', ''],
      ['city', 'City'],
      ['state', 'State'],
      ['zip', 'Zip'],
    ],
  },
  {
    key: 'claim',
    label: 'Claim',
    items: [
      ['claimant', 'Claimant'],
      ['occurance_state', 'State'],
      ['denial', 'Status'],
    ],
  },
  {
    key: 'dates',
    label: 'Dates',
    items: [
      ['date_of_loss', 'Loss'],
      ['claim_acknowledgement_date', 'Acknowledged'],
      ['date_of_notification', 'Notified'],
      ['date_of_initial_report', 'Initial report'],
      ['date_reserve_established', 'Reserve set'],
      ['date_of_last_report', 'Last report'],
    ],
  },
  {
    key: 'counsel',
    label: 'Counsel',
    items: [
      ['supervising_attorney', 'Supervising'],
      ['assigned_attorney', 'Assigned'],
      ['defense_counsel', 'Defense firm'],
    ],
  },
  {
    key: 'deductible',
    label: 'Deductible',
    items: [
      ['retention_deductible', 'Retention'],
      ['deductible_paid', 'Paid'],
      ['balance', 'Balance'],
    ],
  },
  {
    key: 'reserves',
    label: 'Reserves',
    items: measures('', 'total_reserves'),
  },
  {
    key: 'remaining',
    label: 'Remaining',
    items: measures('remaining_', 'total_remaining_reserves'),
  },
  {
    key: 'paid',
    label: 'Paid',
    items: measures('paid_', 'total_paid'),
  },
  {
    key: 'current',
    label: 'Current',
    items: measures('current_', 'total_current'),
  },
  {
    key: 'totals',
    label: 'Totals',
    items: [
      ['total_indemnity', 'Indemnity'],
      ['total_defense', 'Defense'],
      ['total_fkb', 'Monitoring'],
      ['total_expenses', 'Expenses'],
      ['total_incurred', 'Incurred'],
    ],
  },
]

function claimColumns(large: boolean): DataColumn<BordereauClaimRow>[] {
  const texts: DataColumn<BordereauClaimRow>[] = large
    ? (
        [
          ['summary_of_claim', 'Summary of Claim'],
          ['status', 'Status (Notes)'],
          ['forms', 'Forms'],
        ] as const
      ).map(([key, label]) => ({
        key,
        label,
        html: (row: BordereauClaimRow) => html`<div class="bdx-text">${htmlAsLine(row[key] ?? '')}</div>`,
      }))
    : []
  return [
    {
      key: 'file',
      label: 'File',
      rowHeader: true,
      html: (row) => {
        const refer = Number(row.total_incurred ?? 0) > REFERRAL_THRESHOLD
        return html`<dl class="bdx-stack"><dt>File</dt><dd>${row.fkb_file_no}</dd><dt>Uwrs ref</dt><dd>${row.uwrs_ref_no ?? '—'}</dd></dl>${refer ? html`<span class="bdx-refer">Refer</span>` : ''}`
      },
    },
    ...STACKS.map((stack) => ({
      key: stack.key,
      label: stack.label,
      html: (row: BordereauClaimRow) => stacked(row, stack.items),
    })),
    ...texts,
  ]
}
