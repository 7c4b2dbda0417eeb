import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Button, Group, Paper, Stack, Text, Title } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useLocation } from '@remix-run/react'
import { PLACEMENT_OPTIONS, placementLabel, placementOf } from '#app/domain/placement'
import { fractionToPercent } from '#app/domain/percent'
import { constraints as createConstraints } from '#app/domain/form-constraints/rate-create'
import { constraints as updateConstraints } from '#app/domain/form-constraints/rate-update'
import { formLevelError } from '#app/http/intent'
import type { IntentReply } from '#app/http/intent.server'
import type { ProducerRateRow } from '#app/models/producer-rate.server'
import { ConfirmPanel } from '#app/ui/confirm-panel'
import { actionsColumn, type DataColumn } from '#app/ui/data-table'
import { SelectField, TextField } from '#app/ui/fields'
import { FormAlerts } from '#app/ui/form-alerts'
import { FIELD_LABEL_OFFSET, RowByRowTable, RowEditForm, rowActionLinks, useRowTableAnswers } from '#app/ui/row-edit'
import { PageHeader } from '#app/ui/search'
import { usePendingIntent } from '#app/ui/use-pending-intent'
import { useServerForm } from '#app/ui/use-server-form'
import type { ProducerRatesData } from './producer-rates.server'

/** A button beside labelled fields (aligned at the top, so a field's message does not move it) sits one label line down. */

export const producerRatesMeta: MetaFunction = () => [{ title: 'Producer Rates · mga-desk' }]

type Reply = IntentReply<{ result: SubmissionResult<string[]>; current: ProducerRateRow | null }>

/** The producer as the table names it: the default rate, or the list's short and full name. */
export function producerName(row: Pick<ProducerRateRow, 'short' | 'long'>): string {
  if (row.short === null) return 'Default'
  return row.long && row.long !== row.short ? `${row.short} (${row.long})` : row.short
}

const percent = (fraction: string) => `${fractionToPercent(fraction)}%`

function CreateForm({ producers, reply }: { producers: ProducerRatesData['producers']; reply: Reply | null }) {
  const pending = usePendingIntent()
  const location = useLocation()
  const [form, fields] = useServerForm<{ list_id: string; placement: string; commission: string }>(
    'rate-create',
    createConstraints,
    { lastResult: reply?.result, defaultValue: { placement: 'all' } },
  )
  const options = producers.map((producer) => ({
    value: String(producer.lst_id),
    label: producerName(producer),
  }))
  return (
    <Paper withBorder p="sm">
      <Form method="post" action={`${location.pathname}${location.search}`} {...getFormProps(form)}>
        <Title order={2} size="h5" mb={4}>
          New producer rate
        </Title>
        <FormAlerts error={formLevelError(reply)} />
        <input type="hidden" name="intent" value="rate-create" />
        <Group gap="xs" align="flex-start" wrap="wrap">
          <SelectField field={fields.list_id} label="Producer" size="xs" options={options} w={240} />
          <SelectField field={fields.placement} label="Placement" size="xs" options={PLACEMENT_OPTIONS} w={160} />
          <TextField field={fields.commission} label="Rate (%)" size="xs" inputMode="decimal" w={110} />
          <Button type="submit" size="xs" mt={FIELD_LABEL_OFFSET} loading={pending === 'rate-create'}>
            Create
          </Button>
        </Group>
      </Form>
    </Paper>
  )
}

/** A rate in edit mode: the producer fixed; placement and rate (the default rate: its rate only). */
function EditRow({ row, reply, discardHref }: { row: ProducerRateRow; reply: Reply | null; discardHref: string }) {
  const isDefault = row.list_id === null
  const [form, fields] = useServerForm<{ placement: string; commission: string }>(
    `rate-update-${row.id}-v${row.version}`,
    updateConstraints,
    {
      lastResult: reply?.result,
      defaultValue: { placement: placementOf(row.renewal), commission: fractionToPercent(row.commission) },
    },
  )
  const name = producerName(row)
  return (
    <RowEditForm
      form={form}
      intent="rate-update"
      row={row}
      name={name}
      label={`Edit the rate of ${name}`}
      error={formLevelError(reply)}
      discardHref={discardHref}
    >
      {isDefault ? null : (
        <SelectField
          field={fields.placement}
          label="Placement"
          size="xs"
          options={PLACEMENT_OPTIONS}
          placeholder={null}
          w={160}
        />
      )}
      <TextField field={fields.commission} label="Rate (%)" size="xs" inputMode="decimal" w={110} />
    </RowEditForm>
  )
}

export function ProducerRatesPage() {
  const { rows, producers, editing, confirm, history } = useLoaderData<ProducerRatesData>()
  const { createReply, editReply, otherError, base } = useRowTableAnswers<Reply>(
    'rate',
    rows.some((row) => row.id === editing),
  )
  const columns: DataColumn<ProducerRateRow>[] = [
    { key: 'producer', label: 'Producer', nowrap: true, html: (row) => producerName(row) },
    {
      key: 'placement',
      label: 'Placement',
      nowrap: true,
      html: (row) => (row.list_id === null ? '' : placementLabel(row.renewal)),
    },
    {
      key: 'commission',
      label: 'Commission',
      nowrap: true,
      className: 'data-table-money',
      html: (row) => percent(row.commission),
    },
    actionsColumn((row) =>
      rowActionLinks(
        base,
        row.id,
        `the rate of ${producerName(row)}${row.list_id === null ? '' : `, ${placementLabel(row.renewal)}`}`,
        row.list_id !== null,
      ),
    ),
  ]
  return (
    <Stack gap="sm">
      <PageHeader title="Producer Rates" />
      <Text size="sm" c="dimmed">
        A producer&apos;s rate for the policy&apos;s placement, else for all placements, else the default rate.
      </Text>
      {/* A new form once a rate is added (the count changes), so the last one's values are gone. */}
      <CreateForm key={rows.length} producers={producers} reply={createReply} />
      {confirm && confirm.list_id !== null ? (
        <ConfirmPanel
          title={`Delete the rate of ${producerName(confirm)} (${placementLabel(confirm.renewal)}, ${percent(confirm.commission)})?`}
          confirm={{ intent: 'rate-delete', label: 'Delete', danger: true }}
          fields={{ id: confirm.id, version: confirm.version }}
          cancelHref={base}
        />
      ) : null}
      <RowByRowTable
        history={history}
        historyOf="producer rate"
        error={otherError}
        base={base}
        editing={editing}
        editRow={(row) => <EditRow row={row} reply={editReply} discardHref={base} />}
        label="Producer Rates"
        columns={columns}
        rows={rows}
        empty="There are no producer rates."
      />
    </Stack>
  )
}
