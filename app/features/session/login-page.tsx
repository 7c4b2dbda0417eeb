import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import type { loadLogin, loginAction } from './login.server'

export const loginMeta: MetaFunction = () => [{ title: 'Login · mga-desk' }]

export function LoginPage() {
  const loaderData = useLoaderData<typeof loadLogin>()
  const actionData = useActionData<typeof loginAction>()
  const step = actionData?.step ?? loaderData.step
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  // The sign-in page is the first a thin client loads: it takes the server's answer as it is and
  // leaves the checks to the browser (required, lengths) and the server (the same Zod schema),
  // without shipping the form libraries.
  const errors = (actionData?.result?.error ?? {}) as Record<string, string[] | null | undefined>
  const formError = errors['']?.[0]
  const typedUsername = (actionData?.result?.initialValue as { username?: unknown } | undefined)?.username
  // A refused sign-in empties the password, as the page would without JavaScript.
  const password = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (actionData?.result && password.current) password.current.value = ''
  }, [actionData])
  const busy = navigation.state !== 'idle' && navigation.formAction === '/login'
  if (step === 'code') return <CodeStep error={errors.code?.[0] ?? formError} busy={busy} />
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Paper withBorder shadow="sm" p="xl" w={380} maw="100%">
        <Form method="post" id="login" aria-describedby={formError ? 'login-error' : undefined}>
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
            <TextInput
              key={typeof typedUsername === 'string' ? typedUsername : ''}
              name="username"
              label="Username"
              autoComplete="username"
              autoFocus
              required
              maxLength={100}
              defaultValue={typeof typedUsername === 'string' ? typedUsername : ''}
              error={errors.username?.[0]}
            />
            <PasswordInput
              ref={password}
              name="password"
              label="Password"
              autoComplete="current-password"
              required
              maxLength={1000}
              error={errors.password?.[0]}
            />
            <Button type="submit" loading={busy} fullWidth>
              Login
            </Button>
          </Stack>
        </Form>
      </Paper>
    </main>
  )
}

/** The second step of a sign-in with two-step sign-in: the code, or a recovery code. */
function CodeStep({ error, busy }: { error: string | undefined; busy: boolean }) {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Paper withBorder shadow="sm" p="xl" w={380} maw="100%">
        <Form method="post" id="login-code">
          <Stack>
            <div>
              <Title order={1} size="h2">
                mga-desk
              </Title>
              <Text c="dimmed" size="sm">
                Two-step sign-in
              </Text>
            </div>
            <input type="hidden" name="intent" value="code" />
            <TextInput
              key={error ?? ''}
              name="code"
              label="Code"
              description="The 6-digit code from your authenticator app, or one of your recovery codes."
              autoComplete="one-time-code"
              autoFocus
              required
              maxLength={40}
              error={error}
            />
            <Button type="submit" loading={busy} fullWidth>
              Verify
            </Button>
          </Stack>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="restart" />
          <Button type="submit" variant="subtle" size="compact-sm" mt="md">
            Start again
          </Button>
        </Form>
      </Paper>
    </main>
  )
}
