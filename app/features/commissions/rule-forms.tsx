import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { SimpleGrid, Stack, Text } from '#app/ui/core'
import { COMMISSION_DATE_TYPES } from '#app/domain/commission'
import { constraints as createConstraints } from '#app/domain/form-constraints/commission-rule-create'
import { constraints as changeConstraints } from '#app/domain/form-constraints/commission-rule-change'
import { constraints as endConstraints } from '#app/domain/form-constraints/commission-rule-end'
import { formLevelError, replyFor } from '#app/http/intent'
import type { IntentReply } from '#app/http/intent.server'
import { RULE_PERCENT_DECIMALS } from '#app/domain/commission-dating'
import { PLACEMENT_OPTIONS } from '#app/domain/placement'
import { fractionToPercent } from '#app/domain/percent'
import { ConfirmPanel } from '#app/ui/confirm-panel'
import { MultiSelectField, SelectField, TextField } from '#app/ui/fields'
import { FormAlerts } from '#app/ui/form-alerts'
import { SubmitRow } from '#app/ui/step-buttons'
import { useServerForm } from '#app/ui/use-server-form'
import type { CommissionRuleView, CommissionsData } from './commissions-types'

/** An intent's refusal as the page gets it: its message and Conform's reply marking the fields. */
export type RuleReply = IntentReply<{ result?: SubmissionResult<string[]> }>

export const DATE_TYPE_OPTIONS = COMMISSION_DATE_TYPES.map((type) => ({ value: type, label: type }))

/** The refusal of this form's intent, if the last answer was one. */
function refusalOf(reply: RuleReply | undefined, intent: string) {
  const mine = replyFor(reply, intent)
  return { result: mine?.result, error: formLevelError(mine as IntentReply<object> | undefined) }
}

/** What a dialog says about the rule it acts on. */
function RuleSummary({ rule }: { rule: CommissionRuleView }) {
  return (
    <Text size="sm">
      {rule.mga_name} · {rule.carrier} · {rule.types.join(', ')}
      {rule.condition ? ` · ${rule.condition}` : ''}: {fractionToPercent(rule.commission, RULE_PERCENT_DECIMALS)}% from{' '}
      {rule.start_date}
      {rule.end_date ? ` to ${rule.end_date}` : ''}
    </Text>
  )
}

type RuleIntent = 'commission-change' | 'commission-end'

/** A form on one rule (change, end date): its Conform state with the rule's id and version, and its refusal. */
function useRuleForm(
  intent: RuleIntent,
  constraints: Parameters<typeof useServerForm>[1],
  rule: CommissionRuleView,
  reply: RuleReply | undefined,
  values: Record<string, string>,
) {
  const { result, error } = refusalOf(reply, intent)
  const [form, fields] = useServerForm<Record<string, string>>(`${intent}-${rule.id}`, constraints, {
    lastResult: result,
    defaultValue: { id: String(rule.id), version: String(rule.version), ...values },
  })
  return { intent, formProps: getFormProps(form), fields, error }
}

/** A form on one rule: the rule's id, version and way back, its summary, a refusal, the fields, Save. */
function RuleForm({
  rule,
  back,
  form,
  children,
}: {
  rule: CommissionRuleView
  back: string
  form: Omit<ReturnType<typeof useRuleForm>, 'fields'>
  children: ReactNode
}) {
  return (
    <Form method="post" preventScrollReset {...form.formProps}>
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="id" value={rule.id} />
      <input type="hidden" name="version" value={rule.version} />
      <Stack gap="xs">
        <RuleSummary rule={rule} />
        <FormAlerts error={form.error} />
        {children}
        <SubmitRow intent={form.intent}>Save</SubmitRow>
      </Stack>
    </Form>
  )
}

/** A rule's date and the policy date it is read against (start or end). */
function RuleDate({
  which,
  fields,
  optional = false,
}: {
  which: 'start' | 'end'
  fields: ReturnType<typeof useServerForm<Record<string, string | string[]>>>[1]
  optional?: boolean
}) {
  const label = which === 'start' ? 'Start' : 'End'
  return (
    <>
      <TextField field={fields[`${which}_date`]} label={`${label} Date`} type="date" />
      <SelectField
        field={fields[`${which}_date_type`]}
        label={`${label} date type`}
        options={DATE_TYPE_OPTIONS}
        placeholder={optional ? undefined : null}
      />
    </>
  )
}

export function NewCommissionForm({
  data,
  back,
  reply,
}: {
  data: CommissionsData
  back: string
  reply: RuleReply | undefined
}) {
  const { result, error } = refusalOf(reply, 'commission-create')
  const [form, fields] = useServerForm<Record<string, string | string[]>>('commission-create', createConstraints, {
    lastResult: result,
    defaultValue: { start_date: data.today, start_date_type: 'incept', renewal: 'all' },
  })
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="back" value={back} />
      <Stack gap="xs">
        <FormAlerts error={error} />
        <SimpleGrid cols={3}>
          <SelectField field={fields.mga_id} label="MGA" options={data.choices.mgas} />
          <SelectField field={fields.carrier} label="Carrier" options={data.choices.carriers} />
          <SelectField field={fields.renewal} label="Placement" options={PLACEMENT_OPTIONS} placeholder={null} />
          <MultiSelectField field={fields.types} label="Types" options={data.choices.types} size={5} />
          <TextField field={fields.condition} label="Condition" />
          <TextField field={fields.commission} label="Commission %" inputMode="decimal" />
          <RuleDate which="start" fields={fields} />
          <span />
          <RuleDate which="end" fields={fields} optional />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Percent from 0 to 100 with up to three decimals.
        </Text>
        <SubmitRow intent="commission-create">Save</SubmitRow>
      </Stack>
    </Form>
  )
}

/** What a dialog on one rule is given: the rule, the way back, the last answer, and today. */
interface RuleDialogProps {
  rule: CommissionRuleView
  back: string
  reply: RuleReply | undefined
  today: string
}

/** Change (pencil): a new rule of the same set from its start date; the current rule ends on that date. */
export function ChangeForm({ rule, back, reply, today }: RuleDialogProps) {
  const form = useRuleForm('commission-change', changeConstraints, rule, reply, {
    commission: fractionToPercent(rule.commission, RULE_PERCENT_DECIMALS),
    start_date: today > rule.start_date ? today : '',
    start_date_type: rule.start_date_type,
  })
  return (
    <RuleForm rule={rule} back={back} form={form}>
      <SimpleGrid cols={3}>
        <TextField field={form.fields.commission} label="Commission %" inputMode="decimal" />
        <RuleDate which="start" fields={form.fields} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        The current rate ends on the new start date.
      </Text>
    </RuleForm>
  )
}

export function EndForm({ rule, back, reply, today }: RuleDialogProps) {
  const form = useRuleForm('commission-end', endConstraints, rule, reply, {
    end_date: today >= rule.start_date ? today : rule.start_date,
    end_date_type: rule.start_date_type,
  })
  return (
    <RuleForm rule={rule} back={back} form={form}>
      <SimpleGrid cols={2}>
        <RuleDate which="end" fields={form.fields} />
      </SimpleGrid>
    </RuleForm>
  )
}

/** Remove end date and delete: a confirm panel posting the rule and the version read. */
export function RowConfirm({
  rule,
  back,
  reply,
  intent,
  label,
  closeHref,
  danger,
}: {
  rule: CommissionRuleView
  back: string
  reply: RuleReply | undefined
  intent: string
  label: string
  closeHref: string
  danger?: boolean
}) {
  const { error } = refusalOf(reply, intent)
  return (
    <ConfirmPanel
      title={`${label}?`}
      error={error}
      warning={danger ? 'The previous rate of this rule becomes current again.' : undefined}
      confirm={{ intent, label, danger }}
      fields={{ id: rule.id, version: rule.version, back }}
      cancelHref={closeHref}
    >
      <RuleSummary rule={rule} />
    </ConfirmPanel>
  )
}
