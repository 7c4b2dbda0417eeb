import { getFormProps, type SubmissionResult } from '@conform-to/react'
import type { MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { constraints as claimOpenConstraints } from '#app/domain/form-constraints/claim-open'
import type { IntentReply } from '#app/http/intent.server'
import { Button, Group, Paper, Stack, Title } from '#app/ui/core'
import { TextField } from '#app/ui/fields'
import { FormAlerts } from '#app/ui/form-alerts'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'

export const claimOpenMeta: MetaFunction = () => [{ title: 'Edit Claim · mga-desk' }]

/** Edit Claim's entry (spec 3 §2): a claim id opens its editor; a refused Create says why above the form. */
export function ClaimOpenPage() {
  const { clid, result } = useLoaderData() as { clid: string; result: SubmissionResult<string[]> | null }
  const answer = useActionData() as IntentReply | undefined
  const [form, fields] = useServerForm<{ clid: string }>(formIdFor('claim-open', { clid }), claimOpenConstraints, {
    lastResult: result,
    defaultValue: { clid },
  })
  return (
    <Stack p="md" maw={420}>
      <Title order={1} size="h3">
        Edit Claim
      </Title>
      <FormAlerts error={answer?.error} />
      <Paper withBorder p="sm">
        <Form method="get" {...getFormProps(form)}>
          <Group align="flex-end" gap="xs">
            <TextField field={fields.clid} label="Claim ID" inputMode="numeric" pattern="[1-9][0-9]{0,9}" />
            <Button type="submit">Open</Button>
          </Group>
        </Form>
      </Paper>
    </Stack>
  )
}
