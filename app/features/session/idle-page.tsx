import type { SubmissionResult } from '@conform-to/react'
import { Alert, Anchor, Button, Group, Stack, Text } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { SignInCard, SignInLogout } from '#app/ui/sign-in-card'
import { ReloginForm } from './relogin-form'
import type { PendingForm } from '#app/models/session.server'
import { formLevelError } from '#app/http/intent'
import type { IntentReply } from '#app/http/intent.server'
import type { loadIdle } from './idle.server'

export const idleMeta: MetaFunction = () => [{ title: 'Session timed out · mga-desk' }]

export function IdlePage() {
  const loaded = useLoaderData<typeof loadIdle>()
  const actionData = useActionData<IntentReply<{ result: SubmissionResult<string[]> }>>()
  const navigation = useNavigation()
  if (loaded.mode === 'resume') return <ResumeForm pending={loaded.pending} />
  const { types, redirectTo, username, askCode } = loaded
  return (
    <SignInCard
      title="Session timed out"
      subtitle={`Signed in as ${username}. Confirm to continue where you left off.`}
      width={440}
    >
      <ReloginForm
        types={types}
        askCode={askCode}
        redirectTo={redirectTo}
        lastResult={actionData?.result}
        message={formLevelError(actionData) ?? null}
        busy={navigation.state === 'submitting'}
      />
      <SignInLogout lead={<>Not {username}?</>} />
    </SignInCard>
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
    <SignInCard title="Welcome back" width={480}>
      <Form method="post" action={pending.action} ref={form} reloadDocument>
        {pending.fields.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <Stack>
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
    </SignInCard>
  )
}
