import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { getOptionalUser, safeRedirect } from '#app/auth/guard.server'
import { homePath } from '#app/auth/home'
import { signIn } from '#app/auth/login.server'
import { getDb } from '#app/db/client.server'
import { getUserAccess } from '#app/models/user.server'
import { loginSchema } from '#app/schemas/auth'
import { readFormData } from '#app/schemas/form.server'

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
      { status: result.status },
    )
  }
  const access = await getUserAccess(getDb(), result.user.id)
  const target = safeRedirect(submission.value.redirectTo, homePath(access.scopes, access.preferences))
  return redirect(target, { headers: { 'Set-Cookie': result.setCookie } })
}

// PasswordInput sets its own type (it can reveal the password).
function withoutType<T extends { type?: unknown }>(props: T): Omit<T, 'type'> {
  const { type: _type, ...rest } = props
  return rest
}

export default function LoginPage() {
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'login',
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  })
  // A refused sign-in empties the password, as the page would without JavaScript.
  const password = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (actionData?.result && password.current) password.current.value = ''
  }, [actionData])
  const busy = navigation.state !== 'idle' && navigation.formAction === '/login'
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Paper withBorder shadow="sm" p="xl" w={380} maw="100%">
        <Form method="post" {...getFormProps(form)}>
          <Stack>
            <div>
              <Title order={1} size="h2">
                mga-desk
              </Title>
              <Text c="dimmed" size="sm">
                Sign in to continue
              </Text>
            </div>
            {form.errors?.length ? (
              <Alert color="yellow" variant="light" role="alert" title="Login failed" id={form.errorId}>
                {form.errors[0]}
              </Alert>
            ) : null}
            <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
            <TextInput
              {...getInputProps(fields.username, { type: 'text' })}
              key={fields.username.key}
              label="Username"
              autoComplete="username"
              autoFocus
              error={fields.username.errors?.[0]}
            />
            <PasswordInput
              {...withoutType(getInputProps(fields.password, { type: 'password' }))}
              key={fields.password.key}
              ref={password}
              label="Password"
              autoComplete="current-password"
              error={fields.password.errors?.[0]}
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
