import { Alert, Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { formatDecimalMoney } from '#app/domain/money'
import { TAX_MESSAGES } from '#app/domain/tax-rates'
import { actionsColumn, DataTable, type DataColumn } from '#app/ui/data-table'
import { attrs, html } from '#app/ui/html'
import { ViewLinks } from '#app/ui/search'
import { useHrefWith } from '#app/ui/use-href-with'
import type { loadStateRates, TaxRateView } from './state-rates.server'
import { StateRatesDialog } from './state-rates-dialogs'

export const stateRatesMeta: MetaFunction = () => [{ title: 'State Rates · mga-desk' }]

const VIEWS = ['Date', 'Year'] as const

/** State Rates (spec 1 §2.8): the view form, a panel per state, the dialogs the URL names. */
export function StateRatesPage() {
  const data = useLoaderData<typeof loadStateRates>()
  const hrefWith = useHrefWith()
  const view = data.view === 'date' ? 'Date' : 'Year'
  const dialogLink = (changes: Record<string, string>) =>
    hrefWith({ dialog: null, id: null, for: null, tab: null, ...changes })
  // Rows as markup (decision 0021): every state's table is on the page at once (about 60 rates, 250 KB
  // of elements as components); the actions are plain links the table's one handler follows in the app.
  const rowLink = (rate: TaxRateView, dialog: string, label: string) =>
    html`<a${attrs({ href: dialogLink({ dialog, id: String(rate.id) }), 'data-nav': true, 'aria-label': `${label}: ${rate.entity} from ${rate.start_date}` })}>${label}</a>`
  const columns: DataColumn<TaxRateView>[] = [
    { key: 'entity', label: 'Entity' },
    { key: 'rate', label: 'Rate', nowrap: true, html: (rate) => (rate.percent ? `${rate.percent}%` : '') },
    { key: 'flat', label: 'Flat', nowrap: true, html: (rate) => formatDecimalMoney(rate.flat) },
    { key: 'taxed_fees', label: 'Taxed Fees', html: (rate) => rate.taxedLabel },
    { key: 'round', label: 'Rounding', html: (rate) => rate.roundLabel },
    { key: 'admitted', label: 'Admitted', html: (rate) => (rate.admitted ? 'Yes' : 'No') },
    { key: 'field', label: 'Field' },
    { key: 'start_date', label: 'Start Date', nowrap: true },
    { key: 'end_date', label: 'End Date', nowrap: true },
    actionsColumn((rate) => [
      rate.can.update ? rowLink(rate, 'update', 'Update') : null,
      rate.can.addEnd ? rowLink(rate, 'add-end', 'Add end date') : null,
      rate.can.removeEnd ? rowLink(rate, 'remove-end', 'Remove end date') : null,
      rate.can.delete ? rowLink(rate, 'delete', 'Delete') : null,
      rowLink(rate, 'history', 'History'),
    ]),
  ]
  // What the rows' links read besides the row: the address they keep.
  const linkBase = dialogLink({})
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h3">
          State Rates
        </Title>
        <Button
          component={Link}
          to={dialogLink({ dialog: 'help', tab: 'General' })}
          size="xs"
          variant="default"
          preventScrollReset
        >
          Help
        </Button>
      </Group>
      <Paper withBorder p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <nav aria-label="View">
            <Group gap={4}>
              <ViewLinks
                views={VIEWS}
                current={view}
                href={(next) => hrefWith({ view: next.toLowerCase(), open: null, dialog: null, id: null, for: null })}
              />
            </Group>
          </nav>
          <Form method="get" action="/manage/taxes" aria-label={`${view} view`}>
            <input type="hidden" name="view" value={data.view} />
            <Group gap="xs" align="flex-end">
              {data.view === 'date' ? (
                <TextInput
                  key={data.typedDate}
                  type="date"
                  name="date"
                  label="Start Date"
                  size="xs"
                  defaultValue={data.typedDate}
                  error={data.dateError ?? undefined}
                />
              ) : (
                <NativeSelect
                  key={data.year}
                  name="year"
                  label="Year"
                  size="xs"
                  defaultValue={String(data.year)}
                  data={data.years.map((year) => String(year))}
                />
              )}
              <Button type="submit" size="xs">
                Show
              </Button>
            </Group>
          </Form>
        </Group>
      </Paper>
      {data.failed ? (
        <Alert color="red" role="alert">
          {data.failed}
        </Alert>
      ) : data.count === 0 ? (
        <Alert color="blue" role="status">
          {TAX_MESSAGES.empty}
        </Alert>
      ) : null}
      <div className="tax-states">
        {data.states.map((state) => (
          <details key={state.code} className="tax-state" open={state.code === openState(data) || undefined}>
            <summary>
              <span className="tax-state-name">{state.name}</span>{' '}
              <span className="tax-state-count">
                {`(${state.code}, ${state.rates.length} ${state.rates.length === 1 ? 'rate' : 'rates'})`}
              </span>
            </summary>
            <div className="tax-state-body">
              {state.rates.length ? (
                <DataTable
                  label={`${state.name} tax rates`}
                  dense
                  columns={columns}
                  rows={state.rates}
                  rowKey={(rate) => rate.id}
                  markupDeps={[linkBase]}
                />
              ) : null}
              {state.addable.length ? (
                <div>
                  <Button
                    component={Link}
                    to={dialogLink({ dialog: 'create', for: state.code })}
                    size="xs"
                    variant="light"
                    preventScrollReset
                    aria-label={`Add tax rate for ${state.name}`}
                  >
                    Add tax rate
                  </Button>
                </div>
              ) : null}
            </div>
          </details>
        ))}
      </div>
      {data.dialog ? <StateRatesDialog dialog={data.dialog} roundings={data.roundings} today={data.date} /> : null}
    </Stack>
  )
}

/** The panel opened by the URL (after a change), or the one of the dialog's state. */
function openState(data: ReturnType<typeof useLoaderData<typeof loadStateRates>>): string | null {
  const dialog = data.dialog
  if (dialog && dialog.kind === 'create') return dialog.state
  if (dialog && 'rate' in dialog) return dialog.rate.state
  return data.open
}
