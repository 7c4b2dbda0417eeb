import { Alert, Anchor, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { formatDecimalMoney } from '#app/domain/money'
import { TAX_MESSAGES } from '#app/domain/tax-rates'
import { DataTable, type DataColumn } from '#app/ui/data-table'
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
  const columns: DataColumn<TaxRateView>[] = [
    { key: 'entity', label: 'Entity', render: (rate) => rate.entity },
    { key: 'rate', label: 'Rate', nowrap: true, render: (rate) => (rate.percent ? `${rate.percent}%` : '') },
    { key: 'flat', label: 'Flat', nowrap: true, render: (rate) => formatDecimalMoney(rate.flat) },
    { key: 'taxed_fees', label: 'Taxed Fees', render: (rate) => rate.taxedLabel },
    { key: 'round', label: 'Rounding', render: (rate) => rate.roundLabel },
    { key: 'admitted', label: 'Admitted', render: (rate) => (rate.admitted ? 'Yes' : 'No') },
    { key: 'field', label: 'Field', render: (rate) => rate.field },
    { key: 'start_date', label: 'Start Date', nowrap: true, render: (rate) => rate.start_date },
    { key: 'end_date', label: 'End Date', nowrap: true, render: (rate) => rate.end_date ?? '' },
    {
      key: 'actions',
      label: 'Actions',
      render: (rate) => (
        <Group gap={8} wrap="wrap">
          {rate.can.update ? (
            <RowLink to={dialogLink({ dialog: 'update', id: String(rate.id) })} label="Update" rate={rate} />
          ) : null}
          {rate.can.addEnd ? (
            <RowLink to={dialogLink({ dialog: 'add-end', id: String(rate.id) })} label="Add end date" rate={rate} />
          ) : null}
          {rate.can.removeEnd ? (
            <RowLink
              to={dialogLink({ dialog: 'remove-end', id: String(rate.id) })}
              label="Remove end date"
              rate={rate}
            />
          ) : null}
          {rate.can.delete ? (
            <RowLink to={dialogLink({ dialog: 'delete', id: String(rate.id) })} label="Delete" rate={rate} />
          ) : null}
          <RowLink to={dialogLink({ dialog: 'history', id: String(rate.id) })} label="History" rate={rate} />
        </Group>
      ),
    },
  ]
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
              <Text component="span" fw={600}>
                {state.name}
              </Text>{' '}
              <Text component="span" size="sm" c="dimmed">
                ({state.code}, {state.rates.length} {state.rates.length === 1 ? 'rate' : 'rates'})
              </Text>
            </summary>
            <Stack gap="xs" p="xs">
              {state.rates.length ? (
                <DataTable
                  label={`${state.name} tax rates`}
                  dense
                  columns={columns}
                  rows={state.rates}
                  rowKey={(rate) => rate.id}
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
            </Stack>
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

function RowLink({ to, label, rate }: { to: string; label: string; rate: TaxRateView }) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      preventScrollReset
      aria-label={`${label}: ${rate.entity} from ${rate.start_date}`}
    >
      {label}
    </Anchor>
  )
}
