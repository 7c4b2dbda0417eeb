import type { MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { getFormProps } from '@conform-to/react'
import { Button, Checkbox, Text } from '#app/ui/core'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { inputProps } from '#app/ui/field-props'
import { SelectField, TextField } from '#app/ui/fields'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { constraints } from '#app/domain/form-constraints/loss-run'
import { lossRunColumns, type LossRunShown, type LossRunTotals } from '#app/domain/loss-run'
import { formatMoney } from '#app/domain/money'
import { formatReportDate } from '#app/domain/reports'
import { PopupReport, PopupResults, useResultsHidden } from '../popup-report'
import type { LossRunReport, LossRunRow, loadLossRun } from './loss-run.server'

export const lossRunMeta: MetaFunction = () => [{ title: 'Loss Run · mga-desk' }]

const money = (cents: number) => formatMoney(cents)

type LossRunColumn = DataColumn<LossRunRow> & { total?: (totals: LossRunTotals) => string }

/** A column of amounts (or the claims' count): each row's, and the whole report's in the totals row. */
const amount = (key: keyof LossRunTotals, label: string, show: (value: number) => string = money): LossRunColumn => ({
  key,
  label,
  money: true,
  render: (row) => show(row[key]),
  total: (t) => show(t[key]),
})

const COLUMNS: Record<string, LossRunColumn> = {
  polnum: { key: 'polnum', label: 'Policy Number', nowrap: true, rowHeader: true, render: (row) => row.polnum ?? '' },
  incept: { key: 'incept', label: 'Incept', nowrap: true, render: (row) => row.incept ?? '' },
  premium: amount('premium', 'Premium'),
  claims_count: amount('claims_count', 'Claims', String),
  monitoring: amount('monitoring', 'Monitoring'),
  reserves: amount('reserves', 'Reserves'),
  defense: amount('defense', 'Defense'),
  damages: amount('damages', 'Damages'),
  total: amount('total', 'Total'),
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
      <PopupResults state={state} hidden={hidden} running={running}>
        {report ? (
          <LossRunResults report={report} message={state.kind === 'results' ? state.message : null} today={today} />
        ) : null}
      </PopupResults>
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
