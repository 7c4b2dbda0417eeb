import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Button, Group, Paper, Stack, Text, Title } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useLocation } from '@remix-run/react'
import { BILLING_ALL_ROWS, BILLING_PAGE_SIZES } from '#app/domain/billing'
import { constraints as createConstraints } from '#app/domain/form-constraints/mga-create'
import { constraints as updateConstraints } from '#app/domain/form-constraints/mga-update'
import { formLevelError } from '#app/http/intent'
import type { IntentReply } from '#app/http/intent.server'
import type { MgaBillingRow, MgaChoice } from '#app/models/mga-billing.server'
import { ConfirmPanel } from '#app/ui/confirm-panel'
import { actionsColumn, type DataColumn } from '#app/ui/data-table'
import { SelectField } from '#app/ui/fields'
import { FormAlerts } from '#app/ui/form-alerts'
import { FIELD_LABEL_OFFSET, RowByRowTable, RowEditForm, rowActionLinks, useRowTableAnswers } from '#app/ui/row-edit'
import { PageHeader } from '#app/ui/search'
import { usePendingIntent } from '#app/ui/use-pending-intent'
import { useServerForm } from '#app/ui/use-server-form'
import type { MgaBillingData } from './billing.server'

export const mgaBillingMeta: MetaFunction = () => [{ title: 'MGA Billing Entities · mga-desk' }]

type Reply = IntentReply<{ result: SubmissionResult<string[]>; current: MgaBillingRow | null }>

const optionsOf = (choices: readonly MgaChoice[]) =>
  choices.map((choice) => ({ value: String(choice.cid), label: `${choice.sort} (${choice.name1})` }))

/** Create: an MGA without a billing entity yet, and the contact that is paid for it. */
function CreateForm({ choices, reply }: { choices: readonly MgaChoice[]; reply: Reply | null }) {
  const pending = usePendingIntent()
  const location = useLocation()
  const [form, fields] = useServerForm<{ contact_id: string; billing_mga: string }>('mga-create', createConstraints, {
    lastResult: reply?.result,
  })
  const unbilled = choices.filter((choice) => !choice.billed)
  return (
    <Paper withBorder p="sm">
      <Form method="post" action={`${location.pathname}${location.search}`} {...getFormProps(form)}>
        <Title order={2} size="h5" mb={4}>
          New MGA billing entity
        </Title>
        <FormAlerts error={formLevelError(reply)} />
        <input type="hidden" name="intent" value="mga-create" />
        <Group gap="xs" align="flex-start" wrap="wrap">
          <SelectField field={fields.contact_id} label="MGA" size="xs" options={optionsOf(unbilled)} w={280} />
          <SelectField field={fields.billing_mga} label="Billing MGA" size="xs" options={optionsOf(choices)} w={280} />
          <Button type="submit" size="xs" mt={FIELD_LABEL_OFFSET} loading={pending === 'mga-create'}>
            Create
          </Button>
        </Group>
      </Form>
    </Paper>
  )
}

/** A row in edit mode: pick a new billing MGA, then Save or Discard (a link back to read mode). */
function EditRow({
  row,
  choices,
  reply,
  discardHref,
}: {
  row: MgaBillingRow
  choices: readonly MgaChoice[]
  reply: Reply | null
  discardHref: string
}) {
  const [form, fields] = useServerForm<{ billing_mga: string }>(
    `mga-update-${row.id}-v${row.version}`,
    updateConstraints,
    { lastResult: reply?.result, defaultValue: { billing_mga: String(row.billing_mga) } },
  )
  return (
    <RowEditForm
      form={form}
      intent="mga-update"
      row={row}
      name={row.mga_contact}
      label={`Edit ${row.mga_contact}`}
      error={formLevelError(reply)}
      discardHref={discardHref}
    >
      <SelectField
        field={fields.billing_mga}
        label={`Billing MGA of ${row.mga_contact}`}
        size="xs"
        options={optionsOf(choices)}
        w={280}
      />
    </RowEditForm>
  )
}

export function MgaBillingPage() {
  const { rows, paging, sort, editing, choices, confirm, history } = useLoaderData<MgaBillingData>()
  const { createReply, editReply, otherError, base } = useRowTableAnswers<Reply>(
    'mga',
    rows.some((row) => row.id === editing),
  )
  const columns: DataColumn<MgaBillingRow>[] = [
    { key: 'mga', label: 'MGA', sortable: true, nowrap: true, html: (row) => row.mga_contact },
    { key: 'billing', label: 'Billing MGA', sortable: true, nowrap: true, html: (row) => row.billing_contact },
    actionsColumn((row) => rowActionLinks(base, row.id, row.mga_contact)),
  ]
  return (
    <Stack gap="sm">
      <PageHeader title="MGA Billing Entities" />
      <Text size="sm" c="dimmed">
        The billing MGA receives the commission when the MGA appears on a policy.
      </Text>
      {/* A new form once a row is added (the count changes), so the picks of the last one are gone. */}
      <CreateForm key={paging.count} choices={choices} reply={createReply} />
      {confirm ? (
        <ConfirmPanel
          title={`Delete the billing entity of ${confirm.mga_contact}?`}
          warning={`${confirm.billing_contact} will no longer be paid for ${confirm.mga_contact}.`}
          confirm={{ intent: 'mga-delete', label: 'Delete', danger: true }}
          fields={{ id: confirm.id, version: confirm.version }}
          cancelHref={base}
        />
      ) : null}
      <RowByRowTable
        history={history}
        historyOf="MGA billing entity"
        error={otherError}
        base={base}
        editing={editing}
        editRow={(row) => <EditRow row={row} choices={choices} reply={editReply} discardHref={base} />}
        label="MGA Billing Entities"
        columns={columns}
        rows={rows}
        sort={sort}
        paging={{ ...paging, pageSizes: BILLING_PAGE_SIZES, allSize: BILLING_ALL_ROWS }}
        empty="There are no MGA billing entities."
      />
    </Stack>
  )
}
