import { getFormProps } from '@conform-to/react'
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, useActionData, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { FORM_CONSTRAINTS } from '#app/domain/form-constraints'
import { PasswordField, TextField } from '#app/ui/fields'
import { useServerForm } from '#app/ui/use-server-form'
import type { loginAction } from './login.server'

export const loginMeta: MetaFunction = () => [{ title: 'Login · mga-desk' }]

export function LoginPage() {
  const actionData = useActionData<typeof loginAction>()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  // Conform binds the fields to the server's answer (the same Zod schema there); the browser checks
  // the generated constraints, so Zod stays off the sign-in page.
  const [form, fields] = useServerForm<{ username: string; password: string }>('login', FORM_CONSTRAINTS.login, { lastResult: actionData?.result })
  const formError = form.errors?.[0]
  // A refused sign-in empties the password, as the page would without JavaScript.
  const password = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (actionData?.result && password.current) password.current.value = ''
  }, [actionData])
  const busy = navigation.state !== 'idle' && navigation.formAction === '/login'
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Paper withBorder shadow="sm" p="xl" w={380} maw="100%">
        <Form method="post" {...getFormProps(form)} aria-describedby={formError ? 'login-error' : undefined}>
          <Stack>
            <div>
              <Title order={1} size="h2">
                mga-desk
              </Title>
              <Text c="dimmed" size="sm">
                Sign in to continue
              </Text>
            </div>
            {formError ? (
              <Alert color="yellow" variant="light" role="alert" title="Login failed" id="login-error">
                {formError}
              </Alert>
            ) : null}
            <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
            <TextField field={fields.username} label="Username" autoComplete="username" autoFocus />
            <PasswordField field={fields.password} ref={password} label="Password" autoComplete="current-password" />
            <Button type="submit" loading={busy} fullWidth>
              Login
            </Button>
          </Stack>
        </Form>
      </Paper>
    </main>
  )
}
