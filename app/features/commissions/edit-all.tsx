import { getFormProps } from '@conform-to/react'
import { Form, Link, useNavigate } from '@remix-run/react'
import { StepButtons } from '#app/ui/step-buttons'
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '#app/ui/core'
import { constraints as dateConstraints } from '#app/domain/form-constraints/commission-edit-all-date'
import { formLevelError, replyFor } from '#app/http/intent'
import type { IntentReply } from '#app/http/intent.server'
import { RULE_PERCENT_DECIMALS } from '#app/domain/commission-dating'
import { PLACEMENT_OPTIONS, placementLabel } from '#app/domain/placement'
import { fractionToPercent } from '#app/domain/percent'
import { SelectField, TextField } from '#app/ui/fields'
import { FormAlerts } from '#app/ui/form-alerts'
import { PageDialog } from '#app/ui/page-dialog'
import { HiddenFields } from '#app/ui/search'
import { useHrefWith } from '#app/ui/use-href-with'
import { useServerForm } from '#app/ui/use-server-form'
import type { CommissionDialog, CommissionRuleView, CommissionsData } from './commissions-types'
import { DATE_TYPE_OPTIONS, type RuleReply } from './rule-forms'

type EditAll = Extract<CommissionDialog, { name: 'editAll' }>

const ruleLabel = (rule: CommissionRuleView) =>
  `${rule.carrier} · ${rule.types.join(', ')} · ${placementLabel(rule.renewal)}${
    rule.condition ? ` · ${rule.condition}` : ''
  }: ${fractionToPercent(rule.commission, RULE_PERCENT_DECIMALS)}% from ${rule.start_date}`

/**
 * Edit All (spec 1 §2.9, §4) for one MGA's open rules, three steps addressed by the URL: 1 the
 * effective date and 2 the rules kept are GET forms (each step a page of its own, without JavaScript
 * too); 3 the kept rules' rates and the new rates, confirmed by one POST that the server commits in
 * one transaction (the rules not kept end on the date).
 */
export function EditAllDialog({
  dialog,
  back,
  closeHref,
  reply,
  choices,
}: {
  dialog: EditAll
  back: string
  closeHref: string
  reply: RuleReply | undefined
  choices: CommissionsData['choices']
}) {
  const navigate = useNavigate()
  return (
    <PageDialog
      title={`Edit All: ${dialog.mga_name}`}
      closeHref={closeHref}
      onClose={() => navigate(closeHref, { preventScrollReset: true })}
      width={860}
    >
      <Text size="xs" c="dimmed" mb="xs">
        Step {dialog.step} of 3
      </Text>
      {dialog.step === 1 ? <DateStep dialog={dialog} /> : null}
      {dialog.step === 2 ? <KeepStep dialog={dialog} /> : null}
      {dialog.step === 3 ? <RatesStep dialog={dialog} back={back} reply={reply} choices={choices} /> : null}
    </PageDialog>
  )
}

/** The page's own parameters (view, year, date) a step's GET form carries along. */
function useKept(names: readonly string[]) {
  const hrefWith = useHrefWith()
  const params = new URL(hrefWith({}), 'http://x').searchParams
  return [...params].filter(([name]) => !names.includes(name))
}

const STEP_PARAMS = ['dialog', 'mga', 'step', 'effective', 'effective_type', 'keep', 'kept', 'added', 'id']

function DateStep({ dialog }: { dialog: Extract<EditAll, { step: 1 }> }) {
  const keep = useKept(STEP_PARAMS)
  const [form, fields] = useServerForm<Record<string, string>>(`edit-all-date-${dialog.mga_id}`, dateConstraints, {
    lastResult: dialog.result ?? undefined,
    defaultValue: dialog.values,
  })
  return (
    <Form method="get" preventScrollReset {...getFormProps(form)}>
      <HiddenFields entries={[...keep, ['dialog', 'editAll'], ['mga', String(dialog.mga_id)], ['step', '2']]} />
      <Stack gap="xs">
        <Text size="sm">
          The date from which the new rates apply; the rates not kept end on it
          {dialog.earliest ? ` (on or after ${dialog.earliest})` : ''}.
        </Text>
        <SimpleGrid cols={2}>
          <TextField field={fields.effective} label="Effective date" type="date" />
          <SelectField field={fields.effective_type} label="Date type" options={DATE_TYPE_OPTIONS} placeholder={null} />
        </SimpleGrid>
        <StepButtons />
      </Stack>
    </Form>
  )
}

function KeepStep({ dialog }: { dialog: Extract<EditAll, { step: 2 }> }) {
  const keep = useKept(STEP_PARAMS)
  const hrefWith = useHrefWith()
  return (
    <Form method="get" preventScrollReset>
      <HiddenFields
        entries={[
          ...keep,
          ['dialog', 'editAll'],
          ['mga', String(dialog.mga_id)],
          ['step', '3'],
          ['effective', dialog.values.effective],
          ['effective_type', dialog.values.effective_type],
          ['kept', '1'],
        ]}
      />
      <Stack gap="xs">
        <fieldset className="radio-group">
          <legend>
            <Text size="sm" fw={500} component="span">
              Rates to keep (the others end on {dialog.values.effective})
            </Text>
          </legend>
          {dialog.open.map((rule) => (
            <label key={rule.id} className="radio-group-option">
              <input type="checkbox" name="keep" value={rule.id} defaultChecked={dialog.keep.includes(rule.id)} />
              <span>{ruleLabel(rule)}</span>
            </label>
          ))}
        </fieldset>
        <StepButtons back={hrefWith({ step: '1' })} />
      </Stack>
    </Form>
  )
}

function RatesStep({
  dialog,
  back,
  reply,
  choices,
}: {
  dialog: Extract<EditAll, { step: 3 }>
  back: string
  reply: RuleReply | undefined
  choices: CommissionsData['choices']
}) {
  const hrefWith = useHrefWith()
  const mine = replyFor(reply, 'commission-edit-all')
  const error = formLevelError(mine as IntentReply<object> | undefined)
  const errors = (mine?.result?.error ?? {}) as Record<string, string[] | null>
  const typed = (mine?.result?.initialValue ?? null) as Record<string, unknown> | null
  const typedAt = (list: 'kept' | 'added', index: number, name: string): string | undefined => {
    const rows = typed?.[list]
    const row = Array.isArray(rows) ? (rows[index] as Record<string, unknown> | undefined) : undefined
    const value = row?.[name]
    return typeof value === 'string' ? value : undefined
  }
  const errorAt = (name: string) => errors[name]?.[0]
  const kept = dialog.open.filter((rule) => dialog.keep.includes(rule.id))
  const ended = dialog.open.filter((rule) => !dialog.keep.includes(rule.id))
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="mga_id" value={dialog.mga_id} />
      <input type="hidden" name="effective" value={dialog.values.effective} />
      <input type="hidden" name="effective_type" value={dialog.values.effective_type} />
      {dialog.open.map((rule) => (
        <input key={rule.id} type="hidden" name="seen" value={rule.id} />
      ))}
      <Stack gap="xs">
        <FormAlerts error={error} />
        <Text size="sm">
          From {dialog.values.effective} ({dialog.values.effective_type}):
        </Text>
        {ended.length > 0 ? (
          <Text size="sm" component="div">
            These rates end on {dialog.values.effective}:
            <ul>
              {ended.map((rule) => (
                <li key={rule.id}>{ruleLabel(rule)}</li>
              ))}
            </ul>
          </Text>
        ) : null}
        {kept.map((rule, index) => (
          <Group key={rule.id} gap="xs" align="end" wrap="nowrap">
            <input type="hidden" name={`kept[${index}].id`} value={rule.id} />
            <Text size="sm" style={{ flex: 1 }}>
              {ruleLabel(rule)}
            </Text>
            <TextInput
              name={`kept[${index}].commission`}
              label={`Commission % (rule ${rule.id})`}
              size="xs"
              inputMode="decimal"
              required
              defaultValue={
                typedAt('kept', index, 'commission') ?? fractionToPercent(rule.commission, RULE_PERCENT_DECIMALS)
              }
              error={errorAt(`kept[${index}].commission`)}
            />
          </Group>
        ))}
        {Array.from({ length: dialog.added }, (_, index) => (
          <fieldset key={`added-${index}`} className="radio-group">
            <legend>
              <Text size="sm" fw={500} component="span">
                New rate {index + 1}
              </Text>
            </legend>
            <SimpleGrid cols={5}>
              <NativeSelect
                name={`added[${index}].carrier`}
                label="Carrier"
                size="xs"
                required
                defaultValue={typedAt('added', index, 'carrier') ?? ''}
                data={[{ value: '', label: '' }, ...choices.carriers]}
                error={errorAt(`added[${index}].carrier`)}
              />
              <div>
                <Text size="xs" fw={500} component="label" display="block" htmlFor={`added-${index}-types`}>
                  Types
                </Text>
                <select id={`added-${index}-types`} name={`added[${index}].types`} multiple size={4}>
                  {choices.types.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
                {errorAt(`added[${index}].types`) ? (
                  <Text size="xs" c="red">
                    {errorAt(`added[${index}].types`)}
                  </Text>
                ) : null}
              </div>
              <NativeSelect
                name={`added[${index}].renewal`}
                label="Placement"
                size="xs"
                defaultValue={typedAt('added', index, 'renewal') ?? 'all'}
                data={PLACEMENT_OPTIONS}
              />
              <TextInput
                name={`added[${index}].condition`}
                label="Condition"
                size="xs"
                defaultValue={typedAt('added', index, 'condition') ?? ''}
              />
              <TextInput
                name={`added[${index}].commission`}
                label="Commission %"
                size="xs"
                inputMode="decimal"
                required
                defaultValue={typedAt('added', index, 'commission') ?? ''}
                error={errorAt(`added[${index}].commission`)}
              />
            </SimpleGrid>
          </fieldset>
        ))}
        <Group justify="space-between">
          <Group gap="xs">
            <Button component={Link} to={hrefWith({ step: '2' })} size="xs" variant="default" preventScrollReset>
              Back
            </Button>
            {dialog.added < 20 ? (
              <Button
                component={Link}
                to={hrefWith({ added: String(dialog.added + 1) })}
                size="xs"
                variant="default"
                preventScrollReset
              >
                Add a new rate
              </Button>
            ) : null}
          </Group>
          <Button type="submit" name="intent" value="commission-edit-all" size="xs">
            Confirm
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}
