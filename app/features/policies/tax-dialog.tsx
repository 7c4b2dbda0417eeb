import { getFormProps } from '@conform-to/react'
import { StepButtons } from '#app/ui/step-buttons'
import { inputProps } from '#app/ui/field-props'
import { Alert, Button, Checkbox, Stack, Text } from '#app/ui/core'
import { Form } from '@remix-run/react'
import { constraints as policyTaxChoiceConstraints } from '#app/domain/form-constraints/policy-tax-choice'
import { replyFor } from '#app/http/intent'
import { SelectField } from '#app/ui/fields'
import { HiddenFields } from '#app/ui/search'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { CalculatorDialog } from './calculator-dialog'
import { formatMoney } from '#app/domain/money'
import type { ViewerLinks } from '#app/ui/firm-tab'
import { CALC_PARAMS, type PolicyActionResult, type TaxDialogData } from './policies-tab-types'
import { FormAlerts } from '#app/ui/form-alerts'
import { formatDecimalMoney } from '#app/domain/money'

type TaxRow = Extract<NonNullable<TaxDialogData['outcome']>, { ok: true }>['entries'][number]

// Mantine's List (size xs, no padding) drawn as a plain list.
const TAX_STEPS_STYLE = {
  margin: 0,
  padding: 0,
  listStylePosition: 'outside',
  fontSize: 'var(--mantine-font-size-xs)',
  lineHeight: 'var(--mantine-line-height-xs)',
} as const

const TAX_COLUMNS: DataColumn<TaxRow>[] = [
  { key: 'entity', label: 'Entity', render: (entry) => `${entry.entity} (${entry.field})` },
  { key: 'rate', label: 'Rate', nowrap: true },
  { key: 'amount', label: 'Amount', nowrap: true, render: (entry) => formatDecimalMoney(entry.amount) },
  {
    key: 'steps',
    label: 'Calculation',
    render: (entry) => (
      <ul style={TAX_STEPS_STYLE}>
        {entry.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
    ),
  },
]

/**
 * The tax calculator (spec 3 §2.5): step 1 confirms the state and Admitted, step 2 computes the taxes
 * per entity. The step is in the URL: step 1 is a GET form to step 2, so each step is a bookmarkable
 * page and works without JavaScript; applying the amounts to the policy is a POST.
 */
export function TaxDialog({
  dialog,
  fid,
  links,
  closeHref,
  canApply,
  actionResult,
}: {
  dialog: TaxDialogData
  fid: number
  links: ViewerLinks
  closeHref: string
  canApply: boolean
  actionResult?: PolicyActionResult | null
}) {
  const applyError = replyFor(actionResult, 'policy-tax-apply')?.error
  // Step 1 is a GET form bound by Conform; the loader reads the state and Admitted leniently.
  const choice = { state: dialog.state ?? '', admitted: dialog.admitted ? 'on' : '' }
  const [choiceForm, choiceFields] = useServerForm<typeof choice>(
    formIdFor(`tax-choice-${dialog.pid}`, choice),
    policyTaxChoiceConstraints,
    { defaultValue: choice },
  )
  return (
    <CalculatorDialog title={`Taxes for policy ${dialog.pid}`} closeHref={closeHref} step={dialog.step} steps={2}>
      {dialog.step === 1 ? (
        <Form method="get" preventScrollReset {...getFormProps(choiceForm)}>
          <HiddenFields entries={[...links.keep([CALC_PARAMS.step, 'state', 'admitted']), [CALC_PARAMS.step, '2']]} />
          <Stack gap="xs">
            <FormAlerts error={dialog.error} />
            <SelectField
              field={choiceFields.state}
              label="State"
              options={(dialog.states ?? []).map((state) => ({
                value: state.code,
                label: `${state.code} ${state.name}`,
              }))}
              w={280}
            />
            <Checkbox
              {...inputProps(choiceFields.admitted, { type: 'checkbox' })}
              key={choiceFields.admitted.key}
              label="Admitted"
            />
            <StepButtons />
          </Stack>
        </Form>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            State {dialog.state}, {dialog.admitted ? 'admitted' : 'surplus lines'}; inception{' '}
            {dialog.incept ?? 'not set'}.
          </Text>
          {dialog.outcome && !dialog.outcome.ok ? (
            <Alert color="yellow" role="status">
              {dialog.outcome.message}
            </Alert>
          ) : null}
          {dialog.outcome?.ok ? (
            dialog.outcome.entries.length === 0 ? (
              <Text size="sm">No taxing entity of this state applies to this placement.</Text>
            ) : (
              <DataTable
                label="Taxes"
                dense
                columns={TAX_COLUMNS}
                rows={dialog.outcome.entries}
                rowKey={(entry) => `${entry.field}-${entry.entity}`}
              />
            )
          ) : null}
          {dialog.outcome?.ok ? (
            <Text size="sm" fw={600}>
              DOI {formatMoney(dialog.outcome.doifee)} · SLA {formatMoney(dialog.outcome.slafee)} · Taxes{' '}
              {formatMoney(dialog.outcome.doifee + dialog.outcome.slafee)}
            </Text>
          ) : null}
          <FormAlerts error={applyError} />
          <StepButtons back={links.withParams({ [CALC_PARAMS.step]: '1' })}>
            {canApply && dialog.outcome?.ok ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="fid" value={fid} />
                <input type="hidden" name="pid" value={dialog.pid} />
                <input type="hidden" name="version" value={dialog.version} />
                <input type="hidden" name="state" value={dialog.state} />
                {dialog.admitted ? <input type="hidden" name="admitted" value="on" /> : null}
                <Button type="submit" name="intent" value="policy-tax-apply" size="xs">
                  Apply to policy
                </Button>
              </Form>
            ) : null}
          </StepButtons>
        </Stack>
      )}
    </CalculatorDialog>
  )
}
