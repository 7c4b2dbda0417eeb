import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { StepButtons } from '#app/ui/step-buttons'
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '#app/ui/core'
import { Form, Link } from '@remix-run/react'
import { constraints as commissionRatesConstraints } from '#app/domain/form-constraints/commission-rates'
import { replyFor } from '#app/http/intent'
import { RadioGroupField, TextField } from '#app/ui/fields'
import { HiddenFields } from '#app/ui/search'
import { useServerForm } from '#app/ui/use-server-form'
import { constraints as commissionChoiceConstraints } from '#app/domain/form-constraints/commission-choice'
import { NONE_OF_THE_ABOVE, type RateSource } from '#app/domain/commission'
import { fractionToPercent } from '#app/domain/percent'
import type { ViewerLinks } from '#app/ui/firm-tab'
import { CalculatorDialog } from './calculator-dialog'
import { CALC_PARAMS, type CommissionDialogData, type PolicyActionResult } from './policies-tab-types'

const RATE_FIELDS = [
  ['mgacom', 'MGA %'],
  ['procom', 'Producer %'],
  ['subcom', 'Sub Producer %'],
  ['spncom', 'Sponsor %'],
] as const
/** Where a proposed rate comes from (a rate with no rule found is the policy's own, never a rule's). */
const SOURCE_LABELS: Record<RateSource, string> = {
  rule: 'From the MGA rule',
  producer: "The producer's rate",
  policy: "The policy's current rate",
}

type LaterStep = Exclude<CommissionDialogData, { step: 1 }>

/**
 * The commission dialog's steps 2 to 4 (spec 3 §2.6; step 1 is `commission-dialog.tsx`): 2 choose
 * among conditional rules, 3 review and save the rates, 4 done.
 */
export function CommissionStepsDialog({
  dialog,
  fid,
  links,
  closeHref,
  actionResult,
}: {
  dialog: LaterStep
  fid: number
  links: ViewerLinks
  closeHref: string
  actionResult?: PolicyActionResult | null
}) {
  const result = replyFor(actionResult, 'commission-')
  return (
    <CalculatorDialog title={`Commissions for policy ${dialog.pid}`} closeHref={closeHref} step={dialog.step} steps={4}>
      {result?.error ? (
        <Alert color="red" role="alert" mb="xs">
          {result.error}
        </Alert>
      ) : null}
      {dialog.step === 2 ? <ChoiceStep key={dialog.choice} dialog={dialog} links={links} /> : null}
      {dialog.step === 3 ? (
        <RatesStep dialog={dialog} fid={fid} links={links} lastResult={replyFor(result, 'commission-rates')?.result} />
      ) : null}
      {dialog.step === 4 ? (
        <Stack gap="xs">
          {Object.values(dialog.saved).some((percent) => percent !== '') ? (
            <>
              <Text size="sm">Policy {dialog.pid} holds these commissions:</Text>
              <SimpleGrid cols={4}>
                {RATE_FIELDS.map(([name, label]) => (
                  <div key={name}>
                    <Text size="xs" c="dimmed">
                      {label}
                    </Text>
                    <Text size="sm">{dialog.saved[name] === '' ? 'none' : `${dialog.saved[name]}%`}</Text>
                  </div>
                ))}
              </SimpleGrid>
            </>
          ) : (
            <Text size="sm">No commissions are saved on policy {dialog.pid}.</Text>
          )}
          <Group justify="flex-end">
            <Button component={Link} to={closeHref} size="xs" preventScrollReset>
              Close
            </Button>
          </Group>
        </Stack>
      ) : null}
    </CalculatorDialog>
  )
}

type Reply = SubmissionResult<string[]> | undefined

/** Step 3: the proposed rates, as percents. */
function RatesStep({
  dialog,
  fid,
  links,
  lastResult,
}: {
  dialog: Extract<CommissionDialogData, { step: 3 }>
  fid: number
  links: ViewerLinks
  lastResult: Reply
}) {
  const [form, fields] = useServerForm<Record<(typeof RATE_FIELDS)[number][0], string>>(
    `commission-rates-${dialog.pid}-v${dialog.version}`,
    commissionRatesConstraints,
    {
      lastResult,
      defaultValue: dialog.rates,
    },
  )
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="fid" value={fid} />
      <input type="hidden" name="pid" value={dialog.pid} />
      <input type="hidden" name="version" value={dialog.version} />
      <Stack gap="xs">
        {dialog.message ? (
          <Alert color="yellow" role="status">
            {dialog.message}
          </Alert>
        ) : null}
        {dialog.rule ? (
          <Text size="sm">
            MGA rule {dialog.rule.id}
            {dialog.rule.condition ? ` (${dialog.rule.condition})` : ''}: {fractionToPercent(dialog.rule.commission)}%
            {fractionToPercent(dialog.rule.commission) !== dialog.rates.mgacom
              ? `, saved as ${dialog.rates.mgacom}%`
              : ''}
          </Text>
        ) : null}
        <SimpleGrid cols={4}>
          {RATE_FIELDS.map(([name, label]) => (
            <div key={name}>
              <TextField
                field={fields[name]}
                label={label}
                inputMode="decimal"
                description={SOURCE_LABELS[dialog.sources[name]]}
              />
              {dialog.payees[name].map((line) => (
                <Text key={line} size="xs">
                  {line}
                </Text>
              ))}
            </div>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Percent from 0 to 100, rounded to two decimals (22.125 is saved as 22.13).
        </Text>
        {/* Back to the condition chosen at step 2 (kept), or to step 1 when there was none to choose. */}
        <StepButtons
          back={links.withParams(
            dialog.choice ? { [CALC_PARAMS.step]: '2' } : { [CALC_PARAMS.step]: '1', choice: null },
          )}
        >
          <Button type="submit" name="intent" value="commission-rates" size="xs">
            Save
          </Button>
        </StepButtons>
      </Stack>
    </Form>
  )
}

/**
 * Step 2: which conditional rule applies (or none of them). A GET form bound by Conform: Next asks for
 * step 3 with the choice; without one that applies the loader answers step 2 again, marked at the field.
 */
function ChoiceStep({ dialog, links }: { dialog: Extract<CommissionDialogData, { step: 2 }>; links: ViewerLinks }) {
  // One id per policy; the step remounts for another choice (its key), so a refusal is never reset away.
  const [form, fields] = useServerForm<{ choice: string }>(
    `commission-choice-${dialog.pid}`,
    commissionChoiceConstraints,
    {
      lastResult: dialog.result,
      defaultValue: { choice: dialog.choice },
    },
  )
  const options = [
    ...dialog.options.map((option) => ({
      value: String(option.id),
      label: `${option.condition} (${fractionToPercent(option.commission)}%)`,
    })),
    { value: NONE_OF_THE_ABOVE, label: 'None of the above' },
  ]
  return (
    <Form method="get" preventScrollReset {...getFormProps(form)}>
      <HiddenFields entries={links.keep([CALC_PARAMS.step, 'choice'])} />
      <input type="hidden" name={CALC_PARAMS.step} value="3" />
      <RadioGroupField field={fields.choice} label="Which condition applies to this policy?" options={options} />
      <StepButtons back={links.withParams({ [CALC_PARAMS.step]: '1' })} mt="sm" />
    </Form>
  )
}
