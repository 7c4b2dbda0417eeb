import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Button, Stack } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { constraints as loginConstraints } from '#app/domain/form-constraints/login'
import { constraints as loginCodeConstraints } from '#app/domain/form-constraints/login-code'
import { formLevelError } from '#app/http/intent'
import type { IntentReply } from '#app/http/intent.server'
import { TextField } from '#app/ui/fields'
import { PasswordField } from '#app/ui/password-field'
import { SignInCard } from '#app/ui/sign-in-card'
import { useServerForm } from '#app/ui/use-server-form'
import type { loadLogin, LoginStep } from './login.server'

export const loginMeta: MetaFunction = () => [{ title: 'Login · mga-desk' }]

type LoginReply = IntentReply<{ result: SubmissionResult<string[]>; step: LoginStep }>

export function LoginPage() {
  const loaderData = useLoaderData<typeof loadLogin>()
  const answer = useActionData<LoginReply>()
  // The server's answer belongs to the step it answered: a code refused after the pending sign-in
  // expired comes back as the password step with the form's error.
  const step = answer ? (answer.step ?? (answer.intent === 'code' ? 'code' : 'password')) : loaderData.step
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction === '/login'
  if (step === 'code')
    return <CodeStep lastResult={answer?.intent === 'code' ? answer.result : undefined} busy={busy} />
  return (
    <PasswordStep
      lastResult={answer?.intent === '' ? answer.result : undefined}
      formError={formLevelError(answer)}
      busy={busy}
    />
  )
}

function PasswordStep({
  lastResult,
  formError,
  busy,
}: {
  lastResult: unknown
  formError: string | undefined
  busy: boolean
}) {
  const [searchParams] = useSearchParams()
  const [form, fields] = useServerForm<{ username: string; password: string; redirectTo: string }>(
    'login',
    loginConstraints,
    { lastResult },
  )
  // A refused sign-in empties the password, as the page does without JavaScript (the answer hides it).
  const password = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if ((lastResult || formError) && password.current) password.current.value = ''
  }, [lastResult, formError])
  return (
    <SignInCard title="mga-desk" subtitle="Sign in to continue">
      <Form method="post" {...getFormProps(form)} aria-describedby={formError ? 'login-error' : undefined}>
        <Stack>
          {formError ? (
            <Alert color="yellow" variant="light" role="alert" title="Login failed" id="login-error">
              {formError}
            </Alert>
          ) : null}
          <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
          <TextField field={fields.username} label="Username" autoComplete="username" autoFocus />
          <PasswordField ref={password} field={fields.password} label="Password" autoComplete="current-password" />
          <Button type="submit" loading={busy} fullWidth>
            Login
          </Button>
        </Stack>
      </Form>
    </SignInCard>
  )
}

/** The second step of a sign-in with two-step sign-in: the code, or a recovery code. */
function CodeStep({ lastResult, busy }: { lastResult: unknown; busy: boolean }) {
  const [form, fields] = useServerForm<{ code: string }>('login-code', loginCodeConstraints, { lastResult })
  return (
    <SignInCard title="mga-desk" subtitle="Two-step sign-in">
      <Form method="post" {...getFormProps(form)}>
        <Stack>
          <input type="hidden" name="intent" value="code" />
          <TextField
            field={fields.code}
            label="Code"
            description="The 6-digit code from your authenticator app, or one of your recovery codes."
            autoComplete="one-time-code"
            autoFocus
          />
          <Button type="submit" loading={busy} fullWidth>
            Verify
          </Button>
        </Stack>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="restart" />
        <Button type="submit" variant="subtle" size="compact-sm">
          Start again
        </Button>
      </Form>
    </SignInCard>
  )
}
