import { getFormProps } from '@conform-to/react'
import { Group, Stack, Text } from '#app/ui/core'
import { Form } from '@remix-run/react'
import { constraints as policyCreateConstraints } from '#app/domain/form-constraints/policy-create'
import { replyFor } from '#app/http/intent'
import { DateField, SelectField, TextField } from '#app/ui/fields'
import { FormAlerts } from '#app/ui/form-alerts'
import { PageDialog } from '#app/ui/page-dialog'
import { SubmitRow } from '#app/ui/step-buttons'
import { useServerForm } from '#app/ui/use-server-form'
import type { PolicyActionResult } from './policies-tab-types'

/** Create Policy (spec 3 §2.4): a program, the dates and amounts; the policy starts as Past. */
export function CreatePolicyDialog({
  fid,
  programs,
  closeHref,
  onClose,
  actionResult,
}: {
  fid: number
  programs: { value: string; label: string }[]
  closeHref: string
  onClose: () => void
  actionResult?: PolicyActionResult | null
}) {
  const answer = replyFor(actionResult, 'policy-create')
  const [form, fields] = useServerForm<
    Record<'prid' | 'incept' | 'expiry' | 'retro' | 'limits' | 'deduc' | 'premium', string>
  >('policy-create', policyCreateConstraints, {
    lastResult: answer?.result,
  })
  return (
    <PageDialog title="Create Policy" closeHref={closeHref} onClose={onClose}>
      <Form method="post" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="fid" value={fid} />
        <Stack gap="xs">
          <FormAlerts error={answer?.error} />
          <SelectField field={fields.prid} label="Program" options={programs} />
          <Group grow>
            <DateField field={fields.incept} label="Incept" format="M-D-YYYY" required />
            <TextField field={fields.expiry} label="Expiry" placeholder="M-D-YYYY (a year after incept)" />
            <DateField field={fields.retro} label="Retro" format="M-D-YYYY" />
          </Group>
          <Group grow>
            <TextField field={fields.limits} label="Limits" />
            <TextField field={fields.deduc} label="Deduc" />
            <TextField field={fields.premium} label="Premium" leftSection="$" inputMode="decimal" />
          </Group>
          <Text size="xs" c="dimmed">
            The policy starts as Past.
          </Text>
          <SubmitRow intent="policy-create">Create</SubmitRow>
        </Stack>
      </Form>
    </PageDialog>
  )
}
