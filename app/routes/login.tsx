import { parseWithZod } from '@conform-to/zod/v4'
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { getOptionalUser, safeRedirect } from '#app/auth/guard.server'
import { homePath } from '#app/auth/home'
import { retryAfterHeaders, signIn } from '#app/auth/login.server'
import { getDb } from '#app/db/client.server'
import { getUserAccess } from '#app/models/user.server'
import { loginSchema } from '#app/schemas/auth'
import { readFormData } from '#app/http/form.server'

export const meta: MetaFunction = () => [{ title: 'Login · mga-desk' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request)
  if (user) {
    const redirectTo = new URL(request.url).searchParams.get('redirectTo')
    throw redirect(safeRedirect(redirectTo, homePath(user.scopeSet, user.preferences)))
  }
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request.clone()), { schema: loginSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const result = await signIn(request, context)
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [result.message], hideFields: ['password'] }) },
      { status: result.status, headers: retryAfterHeaders(result) },
    )
  }
  const access = await getUserAccess(getDb(), result.user.id)
  const target = safeRedirect(submission.value.redirectTo, homePath(access.scopes, access.preferences))
  return redirect(target, { headers: { 'Set-Cookie': result.setCookie } })
}

export default function LoginPage() {
  const actionData = useActionData<typeof action>()
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
