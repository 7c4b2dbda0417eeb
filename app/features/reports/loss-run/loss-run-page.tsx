import type { MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { getFormProps } from '@conform-to/react'
import { Alert, Button, Checkbox, Text } from '#app/ui/core'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { inputProps } from '#app/ui/field-props'
import { SelectField, TextField } from '#app/ui/fields'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { constraints } from '#app/domain/form-constraints/loss-run'
import { lossRunColumns, type LossRunShown, type LossRunTotals } from '#app/domain/loss-run'
import { formatMoney } from '#app/domain/money'
import { formatReportDate } from '#app/domain/reports'
import { PopupReport, useResultsHidden } from '../popup-report'
import type { LossRunReport, LossRunRow, loadLossRun } from './loss-run.server'

export const lossRunMeta: MetaFunction = () => [{ title: 'Loss Run · mga-desk' }]

const money = (cents: number) => formatMoney(cents)

const COLUMNS: Record<string, DataColumn<LossRunRow> & { total?: (totals: LossRunTotals) => string }> = {
  polnum: { key: 'polnum', label: 'Policy Number', nowrap: true, rowHeader: true, render: (row) => row.polnum ?? '' },
  incept: { key: 'incept', label: 'Incept', nowrap: true, render: (row) => row.incept ?? '' },
  premium: {
    key: 'premium',
    label: 'Premium',
    money: true,
    render: (row) => money(row.premium),
    total: (t) => money(t.premium),
  },
  claims_count: {
    key: 'claims_count',
    label: 'Claims',
    money: true,
    render: (row) => String(row.claims_count),
    total: (t) => String(t.claims_count),
  },
  monitoring: {
    key: 'monitoring',
    label: 'Monitoring',
    money: true,
    render: (row) => money(row.monitoring),
    total: (t) => money(t.monitoring),
  },
  reserves: {
    key: 'reserves',
    label: 'Reserves',
    money: true,
    render: (row) => money(row.reserves),
    total: (t) => money(t.reserves),
  },
  defense: {
    key: 'defense',
    label: 'Defense',
    money: true,
    render: (row) => money(row.defense),
    total: (t) => money(t.defense),
  },
  damages: {
    key: 'damages',
    label: 'Damages',
    money: true,
    render: (row) => money(row.damages),
    total: (t) => money(t.damages),
  },
  total: { key: 'total', label: 'Total', money: true, render: (row) => money(row.total), total: (t) => money(t.total) },
}

const TOGGLES: readonly { name: keyof LossRunShown; label: string }[] = [
  { name: 'premium', label: 'Show premium' },
  { name: 'reserves', label: 'Show reserves' },
  { name: 'monitor', label: 'Show monitor' },
]

/** Loss Run (spec 3 §2.10): a popup report for one firm, carrier and type; the URL is the report. */
export function LossRunPage() {
  const { values, lastResult, state, picklists, today } = useLoaderData<typeof loadLossRun>()
  const [form, fields] = useServerForm<Record<string, string>>(formIdFor('loss-run', values), constraints, {
    lastResult,
    defaultValue: values,
  })
  const { hidden, running, onChange } = useResultsHidden()
  const report = state.kind === 'results' ? state.report : null
  return (
    <PopupReport title="Loss Run" print={Boolean(report && report.rows.length > 0 && !hidden)}>
      <Form
        method="get"
        className="popup-report-form"
        aria-label="Loss Run"
        {...getFormProps(form)}
        onChange={onChange}
      >
        <input type="hidden" name="run" value="1" />
        <div className="popup-report-fields">
          <TextField field={fields.fid} label="FID" inputMode="numeric" w={120} />
          <SelectField field={fields.carrier} label="Carrier" options={picklists.carrier} w={200} />
          <SelectField field={fields.type} label="Type" options={picklists.ptype} w={200} />
          <div className="popup-report-toggles">
            {TOGGLES.map((toggle) => (
              <Checkbox
                key={`${fields[toggle.name].key}-${toggle.name}`}
                {...inputProps(fields[toggle.name], { type: 'checkbox', value: 'on' })}
                label={toggle.label}
              />
            ))}
          </div>
          <Button type="submit" size="sm" loading={running}>
            Run Loss Run
          </Button>
        </div>
      </Form>
      <div aria-live="polite" aria-busy={running} hidden={hidden} data-state={state.kind} style={{ marginTop: 12 }}>
        {state.kind === 'invalid' ? (
          <Alert color="red" role="alert">
            {state.message}
          </Alert>
        ) : null}
        {report ? (
          <LossRunResults report={report} message={state.kind === 'results' ? state.message : null} today={today} />
        ) : null}
      </div>
    </PopupReport>
  )
}

function LossRunResults({ report, message, today }: { report: LossRunReport; message: string | null; today: string }) {
  const columns = lossRunColumns(report.shown).map((key) => COLUMNS[key]!)
  return (
    <section aria-labelledby="loss-run-firm">
      <div className="popup-report-heading">
        <h2 id="loss-run-firm" style={{ margin: 0, fontSize: 18 }}>
          {report.firm.name} (FID {report.firm.fid})
        </h2>
        <p>
          Loss run · {report.carrier} · {report.type} · as of {formatReportDate(today)}
        </p>
      </div>
      {message ? (
        <Text role="status">{message}</Text>
      ) : (
        <DataTable
          label={`Loss run of ${report.firm.name}`}
          columns={columns}
          rows={report.rows}
          rowKey={(row) => row.pid ?? 0}
          fit
          footer={
            <tr data-totals>
              <th scope="row">Totals</th>
              {columns.slice(1).map((column) => (
                <td key={column.key} className={column.money ? 'data-table-money' : undefined}>
                  {column.total ? column.total(report.totals) : ''}
                </td>
              ))}
            </tr>
          }
        />
      )}
    </section>
  )
}
