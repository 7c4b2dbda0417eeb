import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '#app/ui/core'
import { Form } from '@remix-run/react'
import { useMemo, useState } from 'react'
import { constraints as commissionPolicyConstraints } from '#app/domain/form-constraints/commission-policy'
import { replyFor } from '#app/http/intent'
import { DateField, SelectField, TextField } from '#app/ui/fields'
import { useServerForm } from '#app/ui/use-server-form'
import { POLICY_STATUS_LIST } from '#app/domain/policies'
import { CalculatorDialog } from './calculator-dialog'
import type { CommissionDialogData, PolicyActionResult } from './policies-tab-types'

const STATUS_OPTIONS = POLICY_STATUS_LIST.map((status) => ({ value: status, label: status }))

const DATE_FIELDS = [
  ['incept', 'Incept'],
  ['expiry', 'Expiry'],
  ['quoted', 'Quoted'],
  ['booked', 'Booked'],
  ['bound', 'Bound'],
] as const

/**
 * The commission dialog (spec 3 §2.6), four steps addressed by the URL: 1 confirm (and save) the
 * policy data (here), 2 choose among conditional rules, 3 review and save the rates, 4 done (their code
 * is `commission-steps.tsx`, so the first step's page loads only its own). Saves are POSTs; moving
 * between steps is a link or a GET form, so every step works without JavaScript.
 */
export function CommissionDialog({
  dialog,
  fid,
  closeHref,
  actionResult,
}: {
  dialog: Extract<CommissionDialogData, { step: 1 }>
  fid: number
  closeHref: string
  actionResult?: PolicyActionResult | null
}) {
  const result = replyFor(actionResult, 'commission-')
  return (
    <CalculatorDialog title={`Commissions for policy ${dialog.pid}`} closeHref={closeHref} step={1} steps={4}>
      {result?.error ? (
        <Alert color="red" role="alert" mb="xs">
          {result.error}
        </Alert>
      ) : null}
      <PolicyDataStep
        key={dialog.version}
        dialog={dialog}
        fid={fid}
        lastResult={replyFor(result, 'commission-policy', 'commission-next')?.result}
      />
    </CalculatorDialog>
  )
}

type Reply = SubmissionResult<string[]> | undefined

const REQUIRED_DATES = new Set(['incept', 'expiry', 'quoted'])

/**
 * Step 1: the policy data the rules need. What the saved data lacks shows at its fields as a refused
 * save would (the loader's problems), until a save answers for itself.
 */
function PolicyDataStep({ dialog, fid, lastResult }: { dialog: CommissionDialogData; fid: number; lastResult: Reply }) {
  const [edited, setEdited] = useState(false)
  const invalid = Object.keys(dialog.problems).length > 0
  // One object per loader answer: Conform takes a new lastResult as a new answer (a new one each render would loop).
  const problems: Reply = useMemo(
    () =>
      invalid
        ? {
            initialValue: dialog.values,
            error: Object.fromEntries(Object.entries(dialog.problems).map(([name, message]) => [name, [message]])),
          }
        : undefined,
    [invalid, dialog.values, dialog.problems],
  )
  const [form, fields] = useServerForm<Record<string, string>>(
    `commission-policy-${dialog.pid}-v${dialog.version}`,
    commissionPolicyConstraints,
    {
      lastResult: lastResult ?? problems,
      defaultValue: dialog.values,
    },
  )
  return (
    <Form method="post" preventScrollReset onChange={() => setEdited(true)} {...getFormProps(form)}>
      <input type="hidden" name="fid" value={fid} />
      <input type="hidden" name="pid" value={dialog.pid} />
      <input type="hidden" name="version" value={dialog.version} />
      <Stack gap="xs">
        <Text size="sm">PID {dialog.pid}</Text>
        <SimpleGrid cols={4}>
          <TextField field={fields.type} label="Type" />
          <TextField field={fields.carrier} label="Carrier" />
          <SelectField field={fields.status} label="Status" options={STATUS_OPTIONS} placeholder={null} />
          <TextField field={fields.is_new} label="Placement" />
          {/* Incept, Expiry, Quoted and MGA are required (spec 3 §5): marked as Status and Producer are. */}
          {DATE_FIELDS.map(([name, label]) => (
            <DateField
              key={name}
              field={fields[name]}
              label={label}
              format="MM-DD-YYYY"
              required={REQUIRED_DATES.has(name)}
            />
          ))}
          <TextField field={fields.mgaid} label="MGA (cid)" inputMode="numeric" required />
          <TextField field={fields.spnid} label="Sponsor (cid)" inputMode="numeric" />
          <TextField field={fields.prodname} label="Producer" />
        </SimpleGrid>
        <Group justify="space-between">
          <Button type="submit" name="intent" value="commission-policy" size="xs" variant="default">
            Save
          </Button>
          {invalid || edited ? (
            <Button
              size="xs"
              disabled
              title={edited ? 'Save the changes first' : 'Complete the required fields and save'}
            >
              Next
            </Button>
          ) : (
            // A submit, not a link: without JavaScript the server sees typed changes (they stay, with the
            // reason) instead of leaving them behind; unchanged data goes on to step 2.
            <Button type="submit" name="intent" value="commission-next" size="xs">
              Next
            </Button>
          )}
        </Group>
      </Stack>
    </Form>
  )
}
