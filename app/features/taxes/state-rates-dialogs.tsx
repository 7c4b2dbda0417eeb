import { Alert, Anchor, Button, Checkbox, Group, Stack, Text } from '#app/ui/core'
import type { SubmissionResult } from '@conform-to/react'
import { Form, Link, useActionData } from '@remix-run/react'
import { useState } from 'react'
import { constraints as taxEndConstraints } from '#app/domain/form-constraints/tax-end'
import { constraints as taxRateConstraints } from '#app/domain/form-constraints/tax-rate'
import { formatDecimalMoney } from '#app/domain/money'
import { DEFAULT_ROUNDING, disabledFees, HELP_TABS, TAXED_FEE_OPTIONS } from '#app/domain/tax-rates'
import { formLevelError, replyFor } from '#app/http/intent'
import type { IntentReply } from '#app/http/intent.server'
import { SelectField, TextField } from '#app/ui/fields'
import { FormAlerts } from '#app/ui/form-alerts'
import { INFO_CONFIRM_LABEL, useDialogParam } from '#app/ui/info-dialog'
import { PageDialog } from '#app/ui/page-dialog'
import { RecordHistory } from '#app/ui/record-history'
import { useHrefWith } from '#app/ui/use-href-with'
import { useHydrated } from '#app/ui/use-hydrated'
import { usePendingIntent } from '#app/ui/use-pending-intent'
import { useServerForm } from '#app/ui/use-server-form'
import type { TaxDialog, TaxRateView } from './state-rates.server'

type Reply = IntentReply<{ result: SubmissionResult<string[]> }>
type TaxRateValues = {
  state: string
  entity: string
  rate: string
  flat: string
  taxed_fees: string[]
  round: string
  admitted: string
  field: string
  start_date: string
  end_date: string
  current: string
}
type Rounding = { code: string; description: string }

/** The dialog the URL names (spec 1 §2.8): create, update, add or remove an end date, delete, a rate's history, help. */
export function StateRatesDialog({
  dialog,
  roundings,
  today,
}: {
  dialog: TaxDialog
  roundings: Rounding[]
  today: string
}) {
  const { closeHref, close } = useDialogParam('dialog')
  const hrefWith = useHrefWith()
  const closeTo = hrefWith({ dialog: null, id: null, for: null, tab: null })
  const common = { closeHref: closeTo, onClose: () => (closeHref ? close() : undefined) }
  switch (dialog.kind) {
    case 'help':
      return <HelpDialog tab={dialog.tab} {...common} />
    case 'create':
      return (
        <PageDialog title={`New tax rate for ${dialog.stateName}`} {...common} width={720}>
          {dialog.fields.length ? (
            <TaxRateForm
              intent="tax-create"
              state={dialog.state}
              fields={dialog.fields}
              roundings={roundings}
              today={today}
              cancelHref={closeTo}
            />
          ) : (
            <Text>{dialog.stateName} already has a DOI and an SLA rate in this view.</Text>
          )}
        </PageDialog>
      )
    case 'update':
      return (
        <PageDialog title={`Update tax rate: ${dialog.rate.entity}`} {...common} width={720}>
          <Text size="sm" mb="xs">
            The new rate starts on its start date; the current rate ({dialog.rate.field}, from {dialog.rate.start_date})
            ends on that date.
          </Text>
          <TaxRateForm
            intent="tax-update"
            state={dialog.rate.state}
            rate={dialog.rate}
            roundings={roundings}
            today={today}
            cancelHref={closeTo}
          />
        </PageDialog>
      )
    case 'add-end':
      return (
        <PageDialog title="Add end date" {...common}>
          <RateSummary rate={dialog.rate} stateName={dialog.stateName} />
          <EndDateForm rate={dialog.rate} today={today} cancelHref={closeTo} />
        </PageDialog>
      )
    case 'remove-end':
    case 'delete':
      return (
        <PageDialog title={dialog.kind === 'delete' ? 'Delete tax rate' : 'Remove end date'} {...common}>
          <RateSummary rate={dialog.rate} stateName={dialog.stateName} />
          <ConfirmForm kind={dialog.kind} rate={dialog.rate} cancelHref={closeTo} />
        </PageDialog>
      )
    case 'history':
      return (
        <PageDialog
          title={`History: ${dialog.rate.entity} (${dialog.rate.field}) from ${dialog.rate.start_date}`}
          {...common}
          width={900}
        >
          <RecordHistory rows={dialog.history} label="Tax rate history" />
        </PageDialog>
      )
  }
}

function RateSummary({ rate, stateName }: { rate: TaxRateView; stateName: string }) {
  return (
    <Text size="sm" mb="xs">
      {stateName} {rate.field}: {rate.entity}, {rate.percent ? `${rate.percent}%` : ''}
      {rate.flat ? ` ${formatDecimalMoney(rate.flat)}` : ''}, from {rate.start_date}
      {rate.end_date ? ` to ${rate.end_date}` : ''}.
    </Text>
  )
}

function TaxRateForm({
  intent,
  state,
  rate,
  fields: choices,
  roundings,
  today,
  cancelHref,
}: {
  intent: 'tax-create' | 'tax-update'
  state: string
  rate?: TaxRateView
  fields?: string[]
  roundings: Rounding[]
  today: string
  cancelHref: string
}) {
  const reply = replyFor(useActionData<Reply>(), intent)
  const pending = usePendingIntent()
  const [form, fields] = useServerForm<TaxRateValues>(`${intent}-${rate?.id ?? state}`, taxRateConstraints, {
    lastResult: reply?.result,
    defaultValue: {
      state,
      entity: rate?.entity ?? '',
      rate: rate?.percent ?? '',
      flat: rate?.flat ?? '',
      round: rate?.round ?? DEFAULT_ROUNDING,
      field: rate?.field ?? choices?.[0] ?? '',
      start_date: today,
      current: rate ? String(rate.id) : '',
    },
  })
  const sentFees = (reply?.result as { initialValue?: { taxed_fees?: string | string[] } } | undefined)?.initialValue
    ?.taxed_fees
  const initialFees =
    sentFees === undefined ? (rate?.taxed_fees ?? ['*']) : Array.isArray(sentFees) ? sentFees : [sentFees]
  const sentAdmitted = (reply?.result as { initialValue?: { admitted?: string } } | undefined)?.initialValue
  const admitted = reply ? sentAdmitted?.admitted === 'on' : (rate?.admitted ?? false)
  return (
    <Form method="post" id={form.id} noValidate={form.noValidate} onSubmit={form.onSubmit} preventScrollReset>
      <input type="hidden" name="state" value={state} />
      {rate ? (
        <>
          <input type="hidden" name="current" value={rate.id} />
          <input type="hidden" name="field" value={rate.field} />
        </>
      ) : null}
      <Stack gap="xs">
        <FormAlerts error={formLevelError(reply)} />
        {rate ? (
          <Text size="sm">Field: {rate.field}</Text>
        ) : (
          <SelectField
            field={fields.field}
            label="Field"
            options={(choices ?? []).map((value) => ({ value, label: value }))}
            placeholder={null}
          />
        )}
        <TextField field={fields.entity} label="Entity" />
        <Group gap="sm" grow>
          <TextField field={fields.rate} label="Rate (%)" inputMode="decimal" />
          <TextField field={fields.flat} label="Flat ($)" inputMode="decimal" />
        </Group>
        <TaxedFees initial={initialFees} error={fields.taxed_fees.errors?.[0]} />
        <SelectField
          field={fields.round}
          label="Rounding"
          options={roundings.map((rounding) => ({ value: rounding.code, label: rounding.description }))}
          placeholder={null}
        />
        <Checkbox name="admitted" label="Admitted" defaultChecked={admitted} key={`admitted-${String(admitted)}`} />
        <Group gap="sm" grow>
          <TextField field={fields.start_date} label="Start Date" type="date" />
          {rate ? null : <TextField field={fields.end_date} label="End Date" type="date" required={false} />}
        </Group>
        <Group gap="xs" justify="flex-end">
          <Button component={Link} to={cancelHref} variant="default" size="sm" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" name="intent" value={intent} size="sm" loading={pending === intent}>
            {intent === 'tax-create' ? 'Create' : 'Update'}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

/** All, or any of the fees: All excludes the others (spec 1 §5); with JavaScript the excluded choices are disabled. */
function TaxedFees({ initial, error }: { initial: string[]; error?: string }) {
  const [chosen, setChosen] = useState<string[]>(initial)
  const hydrated = useHydrated()
  const disabled = hydrated ? disabledFees(chosen) : new Set<string>()
  return (
    <fieldset className="tax-fees" aria-describedby={error ? 'taxed-fees-error' : undefined}>
      <legend>Taxed Fees</legend>
      <Group gap="sm" mt={4}>
        {TAXED_FEE_OPTIONS.map((option) => (
          <Checkbox
            key={option.value}
            name="taxed_fees"
            value={option.value}
            label={option.label}
            defaultChecked={initial.includes(option.value)}
            disabled={disabled.has(option.value)}
            onChange={(event) => {
              const on = event.currentTarget.checked
              setChosen((now) => (on ? [...now, option.value] : now.filter((value) => value !== option.value)))
            }}
          />
        ))}
      </Group>
      {error ? (
        <Text id="taxed-fees-error" c="red" size="xs" mt={4}>
          {error}
        </Text>
      ) : null}
    </fieldset>
  )
}

function EndDateForm({ rate, today, cancelHref }: { rate: TaxRateView; today: string; cancelHref: string }) {
  const reply = replyFor(useActionData<Reply>(), 'tax-add-end')
  const pending = usePendingIntent()
  const [form, fields] = useServerForm(`tax-add-end-${rate.id}`, taxEndConstraints, {
    lastResult: reply?.result,
    defaultValue: { id: String(rate.id), end_date: today },
  })
  return (
    <Form method="post" id={form.id} noValidate={form.noValidate} onSubmit={form.onSubmit} preventScrollReset>
      <input type="hidden" name="id" value={rate.id} />
      <Stack gap="xs">
        <FormAlerts error={formLevelError(reply)} />
        <TextField field={fields.end_date} label="End Date" type="date" />
        <Group gap="xs" justify="flex-end">
          <Button component={Link} to={cancelHref} variant="default" size="sm" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" name="intent" value="tax-add-end" size="sm" loading={pending === 'tax-add-end'}>
            Add end date
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

function ConfirmForm({
  kind,
  rate,
  cancelHref,
}: {
  kind: 'remove-end' | 'delete'
  rate: TaxRateView
  cancelHref: string
}) {
  const intent = kind === 'delete' ? 'tax-delete' : 'tax-remove-end'
  const reply = replyFor(useActionData<Reply>(), intent)
  const pending = usePendingIntent()
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={rate.id} />
      <Stack gap="xs">
        <Text size="sm">
          {kind === 'delete'
            ? 'The rate is deleted and the previous rate of this field, if any, becomes current again.'
            : 'The rate becomes current again (it has no end date).'}
        </Text>
        {reply?.error ? (
          <Alert color="red" role="alert">
            {reply.error}
          </Alert>
        ) : null}
        <Group gap="xs" justify="flex-end">
          <Button component={Link} to={cancelHref} variant="default" size="sm" preventScrollReset>
            Cancel
          </Button>
          <Button
            type="submit"
            name="intent"
            value={intent}
            size="sm"
            color={kind === 'delete' ? 'red' : undefined}
            loading={pending === intent}
          >
            {kind === 'delete' ? 'Delete' : 'Remove end date'}
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

const HELP: Record<(typeof HELP_TABS)[number], string[]> = {
  General: [
    'Each state has at most two taxing entities: its DOI tax and its SLA (stamping) fee. A rate without an end date is current.',
    'Rates are shown as percents; the tax calculator of a policy uses the rates in force on its inception date (from the start date, up to but not including the end date).',
  ],
  View: [
    'Year view (the default) lists the rates in force on any day of the chosen year (2020 to 50 years ahead).',
    'Date view lists the rates in force on the chosen date (default today). Both views are addresses you can bookmark.',
  ],
  'Create/Update': [
    'Add tax rate creates a rate for a field the state does not have yet. Update creates a new rate: the current one ends on the new start date, in the same save.',
    'Taxed Fees: All includes every fee and excludes the others; choosing a specific fee excludes All. Rounding defaults to the nearest cent.',
    'Add end date and Remove end date are offered on the most recent rate of a field only.',
  ],
  Delete: [
    'Only a rate without an end date can be deleted. The previous rate of its field then becomes current again (its end date is removed).',
    'Taxes of policies already calculated are never changed by a rate change.',
  ],
}

function HelpDialog({
  tab,
  closeHref,
  onClose,
}: {
  tab: (typeof HELP_TABS)[number]
  closeHref: string
  onClose: () => void
}) {
  const hrefWith = useHrefWith()
  return (
    <PageDialog title="State Rates help" closeHref={closeHref} onClose={onClose}>
      <nav aria-label="Help topics">
        <Group gap={4} mb="sm">
          {HELP_TABS.map((name) => (
            <Button
              key={name}
              component={Link}
              to={hrefWith({ dialog: 'help', tab: name })}
              size="xs"
              variant={name === tab ? 'filled' : 'default'}
              aria-current={name === tab ? 'page' : undefined}
              preventScrollReset
              replace
            >
              {name}
            </Button>
          ))}
        </Group>
      </nav>
      <Stack gap="xs">
        <Text fw={600}>{tab}</Text>
        {HELP[tab].map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
      <Group justify="flex-end" mt="md">
        <Anchor component={Link} to={closeHref} preventScrollReset>
          {INFO_CONFIRM_LABEL}
        </Anchor>
      </Group>
    </PageDialog>
  )
}
