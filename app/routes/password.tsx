import { getFormProps } from '@conform-to/react'
import { parseForm } from '#app/http/conform.server'
import { Alert, Anchor, Button, Stack } from '#app/ui/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { clientIp } from '#app/auth/client-ip'
import { requireUser } from '#app/auth/guard.server'
import { retryAfterHeaders } from '#app/auth/login.server'
import { changeOwnPassword } from '#app/auth/password-change.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { readFormData } from '#app/http/form.server'
import { constraints as passwordChangeConstraints } from '#app/domain/form-constraints/password-change'
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '#app/domain/password-rules'
import { PasswordField } from '#app/ui/password-field'
import { SignInCard, SignInLogout } from '#app/ui/sign-in-card'
import { useServerForm } from '#app/ui/use-server-form'
import { passwordChangeSchema } from '#app/schemas/auth'

export const meta: MetaFunction = () => [{ title: 'Change password · mga-desk' }]

const ROUTE = '/password'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return {
    username: user.username,
    required: user.mustChangePassword === true,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const submission = parseForm(await readFormData(request), {
    schema: passwordChangeSchema,
  })
  const hide = ['currentPassword', 'newPassword', 'confirmPassword']
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: hide }) }, { status: 400 })
  const result = await changeOwnPassword(user, submission.value, clientIp(request))
  if (!result.ok) {
    return data(
      {
        result: submission.reply({
          fieldErrors: { [result.field]: [result.message] },
          hideFields: hide,
        }),
      },
      { status: result.status, headers: retryAfterHeaders(result) },
    )
  }
  return redirectWithFlash('/', {
    message: PASSWORD_MESSAGES.success,
    kind: 'success',
  })
}

export default function PasswordPage() {
  const { username, required } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
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
            description={`At least ${PASSWORD_MIN_LENGTH} characters; not a common password.`}
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
