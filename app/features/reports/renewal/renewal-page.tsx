import type { MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { getFormProps } from '@conform-to/react'
import { Button, Text } from '#app/ui/core'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { MultiSelectField, SelectField } from '#app/ui/fields'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { constraints } from '#app/domain/form-constraints/renewal'
import { formatDecimalMoney } from '#app/domain/money'
import { RENEWAL_PAGE_SIZES } from '#app/domain/renewal'
import type { RenewalRow } from '#app/models/renewal.server'
import { PopupReport, PopupResults, useResultsHidden } from '../popup-report'
import type { loadRenewal } from './renewal.server'

export const renewalMeta: MetaFunction = () => [{ title: 'Renewal · mga-desk' }]

const COLUMNS: readonly DataColumn<RenewalRow>[] = [
  { key: 'incept', label: 'Incept', nowrap: true, sortable: true },
  { key: 'insured', label: 'Insured', sortable: true, rowHeader: true },
  { key: 'carrier', label: 'Carrier', sortable: true, render: (row) => row.carrier ?? '' },
  { key: 'premium', label: 'Premium', money: true, sortable: true, render: (row) => formatDecimalMoney(row.premium) },
  { key: 'prior_carrier', label: 'Prior Carrier', sortable: true, render: (row) => row.prior_carrier ?? '' },
  {
    key: 'prior_premium',
    label: 'Prior Premium',
    money: true,
    sortable: true,
    render: (row) => formatDecimalMoney(row.prior_premium),
  },
]

/** Renewal (spec 3 §2.11): a popup report of a month's renewals away from a prior carrier; the URL is the report. */
export function RenewalPage() {
  const { values, lastResult, state, table, picklists, months, years } = useLoaderData<typeof loadRenewal>()
  const [form, fields] = useServerForm<Record<string, string | string[]>>(
    formIdFor(
      'renewal',
      Object.fromEntries(Object.entries(values).map(([key, value]) => [key, [value].flat().join(',')])),
    ),
    constraints,
    { lastResult, defaultValue: values },
  )
  const { hidden, running, onChange } = useResultsHidden()
  const page = state.kind === 'results' ? state.page : null
  return (
    <PopupReport title="Renewal" print={Boolean(page && page.total > 0 && !hidden)}>
      <Form method="get" className="popup-report-form" aria-label="Renewal" {...getFormProps(form)} onChange={onChange}>
        <input type="hidden" name="run" value="1" />
        <div className="popup-report-fields">
          <SelectField field={fields.carrier} label="Carrier" options={picklists.carrier} placeholder="Any" w={170} />
          <SelectField field={fields.prevCarrier} label="Prior Carrier" options={picklists.carrier} w={170} />
          <MultiSelectField field={fields.types} label="Type" options={picklists.ptype.map((item) => item.value)} />
          <MultiSelectField
            field={fields.firmTypes}
            label="Firm Type"
            options={picklists.ftype.map((item) => item.value)}
            minWidth={160}
          />
          <SelectField field={fields.month} label="Month" options={months} w={140} />
          <SelectField field={fields.year} label="Year" options={years} w={100} />
          <Button type="submit" size="sm" loading={running}>
            Run Renewal
          </Button>
        </div>
        <Text size="xs" c="dimmed" mt={4}>
          Type and Firm Type take several choices (Ctrl or Cmd and click).
        </Text>
      </Form>
      <PopupResults state={state} hidden={hidden} running={running}>
        {page ? (
          state.kind === 'results' && state.message ? (
            <Text role="status">{state.message}</Text>
          ) : (
            <section aria-label="Renewals">
              <Text size="sm" fw={600} mb={4}>
                Total Records: {page.total}
              </Text>
              <DataTable
                label="Renewals"
                columns={COLUMNS}
                rows={page.rows}
                rowKey={(row) => row.pid}
                sort={{ by: table.sortBy, desc: table.sortDesc }}
                paging={{
                  page: page.page,
                  perPage: table.perPage,
                  count: page.total,
                  pageSizes: RENEWAL_PAGE_SIZES,
                }}
                busy={running}
              />
            </section>
          )
        ) : null}
      </PopupResults>
    </PopupReport>
  )
}
