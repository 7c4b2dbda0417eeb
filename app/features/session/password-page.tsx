import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Anchor, Button, Stack } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { constraints as passwordChangeConstraints } from '#app/domain/form-constraints/password-change'
import { PASSWORD_LENGTH } from '#app/domain/password-rules'
import type { IntentReply } from '#app/http/intent.server'
import { PasswordField } from '#app/ui/password-field'
import { SignInCard, SignInLogout } from '#app/ui/sign-in-card'
import { useServerForm } from '#app/ui/use-server-form'
import type { loadPassword } from './password.server'

export const passwordMeta: MetaFunction = () => [{ title: 'Change password · mga-desk' }]

/** /password: change one's own password (required first when it was set for one use only). */
export function PasswordPage() {
  const { username, required } = useLoaderData<typeof loadPassword>()
  const actionData = useActionData<IntentReply<{ result: SubmissionResult<string[]> }>>()
  const navigation = useNavigation()
  const [form, fields] = useServerForm<{
    currentPassword: string
    newPassword: string
    confirmPassword: string
  }>('password-change', passwordChangeConstraints, {
    lastResult: actionData?.result,
  })
  return (
    <SignInCard title="Change password" subtitle={`Signed in as ${username}`} width={420}>
      <Form method="post" {...getFormProps(form)}>
        <Stack>
          {required ? (
            <Alert color="yellow" variant="light" role="status">
              Your password was set for one use only. Choose your own password to continue.
            </Alert>
          ) : null}
          <PasswordField field={fields.currentPassword} label="Current password" autoComplete="current-password" />
          <PasswordField
            field={fields.newPassword}
            label="New password"
            description={`At least ${PASSWORD_LENGTH.min} characters; not a common password.`}
            autoComplete="new-password"
          />
          <PasswordField field={fields.confirmPassword} label="Confirm new password" autoComplete="new-password" />
          <Button type="submit" loading={navigation.state === 'submitting'} fullWidth>
            Change password
          </Button>
          {required ? null : <Anchor href="/">Back</Anchor>}
        </Stack>
      </Form>
      <SignInLogout />
    </SignInCard>
  )
}
