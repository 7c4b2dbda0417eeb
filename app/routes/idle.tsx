import { parseWithZod } from '@conform-to/zod/v4'
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { requireUser, safeRedirect } from '#app/auth/guard.server'
import { clientIp } from '#app/auth/client-ip'
import { retryAfterHeaders } from '#app/auth/login.server'
import { relogin } from '#app/auth/relogin.server'
import { ReloginForm } from '#app/features/session/relogin-form'
import { getDb } from '#app/db/client.server'
import { listSessionNoteTypes, takePendingForm, type PendingForm } from '#app/models/session.server'
import { readFormData } from '#app/http/form.server'
import { reloginSchema } from '#app/schemas/session'

export const meta: MetaFunction = () => [{ title: 'Session timed out · mga-desk' }]

const GUARD = { allowTimedOut: true, countActivity: false } as const

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, '/idle', GUARD)
  const params = new URL(request.url).searchParams
  const redirectTo = safeRedirect(params.get('redirectTo'), '/')
  if (!user.timedOut) {
    // Just confirmed: a form sent while timed out is offered once; otherwise back to work.
    const pending = params.has('resume') ? await takePendingForm(getDb(), user.sessionId) : null
    if (!pending) throw redirect(redirectTo)
    return { mode: 'resume' as const, pending }
  }
  return { mode: 'confirm' as const, types: await listSessionNoteTypes(getDb()), redirectTo, username: user.username }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, '/idle', GUARD)
  const submission = parseWithZod(await readFormData(request), { schema: reloginSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }), message: null }, { status: 400 })
  }
  const redirectTo = safeRedirect(submission.value.redirectTo, '/')
  let setCookie: string | null = null
  if (user.timedOut) {
    const result = await relogin(request, user, submission.value, clientIp(request))
    if (!result.ok) {
      return data(
        { result: submission.reply({ hideFields: ['password'] }), message: result.message },
        { status: result.status, headers: retryAfterHeaders(result) },
      )
    }
    setCookie = result.setCookie
  }
  return redirect(`/idle?resume=1&redirectTo=${encodeURIComponent(redirectTo)}`, {
    headers: setCookie ? { 'Set-Cookie': setCookie } : undefined,
  })
}

export default function IdlePage() {
  const loaded = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  if (loaded.mode === 'resume') return <ResumeForm pending={loaded.pending} />
  const { types, redirectTo, username } = loaded
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Paper withBorder shadow="sm" p="xl" w={440} maw="100%">
        <Stack gap="xs" mb="md">
          <Title order={1} size="h3">
            Session timed out
          </Title>
          <Text size="sm" c="dimmed">
            Signed in as {username}. Confirm to continue where you left off.
          </Text>
        </Stack>
        <ReloginForm
          types={types}
          redirectTo={redirectTo}
          lastResult={actionData?.result}
          message={actionData?.message}
          busy={navigation.state === 'submitting'}
        />
        <Form method="post" action="/logout">
          <Group gap={4} mt="md">
            <Text size="sm">Not {username}?</Text>
            <Button type="submit" variant="subtle" size="compact-sm">
              Log out
            </Button>
          </Group>
        </Form>
      </Paper>
    </main>
  )
}

/**
 * A form posted while the session was timed out, offered again: its fields as they were typed,
 * posted to where they were going. With JavaScript it is sent at once.
 */
function ResumeForm({ pending }: { pending: PendingForm }) {
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    form.current?.requestSubmit()
  }, [])
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Paper withBorder shadow="sm" p="xl" w={480} maw="100%">
        <Form method="post" action={pending.action} ref={form} reloadDocument>
          {pending.fields.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <Stack>
            <Title order={1} size="h3">
              Welcome back
            </Title>
            <Text>The form you sent while your session was timed out has been kept. Send it now?</Text>
            {pending.droppedFiles > 0 ? (
              <Alert color="yellow" variant="light">
                Attached files could not be kept ({pending.droppedFiles}). Please attach them again.
              </Alert>
            ) : null}
            <Group>
              <Button type="submit">Send my form</Button>
              <Anchor href={pending.action}>Discard it and go back</Anchor>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </main>
  )
}
