import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Alert, Button, NativeSelect, PasswordInput, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { Form } from '@remix-run/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { DESCRIBE_ACTIVITY_TYPE, reloginSchema, type ReloginInput } from '#app/schemas/session'

export interface ActivityType {
  id: number
  description: string
}

/**
 * The idle relogin form of spec 1 §2.5 (activity, description, password, Confirm), shared by the
 * /idle page (a plain form posting to /idle) and the idle dialog, which calls
 * POST /api/auth/relogin itself (`onRelogin`) so the page behind it is not reloaded while the
 * session is still timed out.
 */
export function ReloginForm({
  types,
  redirectTo,
  lastResult,
  message,
  busy,
  onRelogin,
  notice,
  askCode = false,
}: {
  types: ActivityType[]
  /** Two-step sign-in: the code is asked again. */
  askCode?: boolean
  redirectTo: string
  lastResult?: SubmissionResult<string[]> | null
  message?: string | null
  busy: boolean
  onRelogin?: (input: ReloginInput) => void
  notice?: ReactNode
}) {
  const [form, fields] = useForm({
    id: onRelogin ? 'relogin-dialog' : 'relogin',
    lastResult,
    constraint: getZodConstraint(reloginSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reloginSchema }),
    onSubmit: onRelogin
      ? (event, { submission }) => {
          event.preventDefault()
          if (submission?.status === 'success') onRelogin(submission.value)
        }
      : undefined,
  })
  const [typeId, setTypeId] = useState(String(fields.sessionNotesType.initialValue ?? ''))
  const password = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (message && password.current) password.current.value = ''
  }, [message, lastResult])
  const { type: _type, ...passwordProps } = getInputProps(fields.password, { type: 'password' })
  return (
    <Form method="post" action="/idle" {...getFormProps(form)}>
      <Stack>
        {notice}
        {message ? (
          <Alert color="error" variant="light" role="alert" title="Could not confirm">
            {message}
          </Alert>
        ) : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <NativeSelect
          {...getSelectProps(fields.sessionNotesType)}
          key={fields.sessionNotesType.key}
          label="Activity"
          description="What were you doing?"
          error={fields.sessionNotesType.errors?.[0]}
          value={typeId}
          onChange={(event) => setTypeId(event.currentTarget.value)}
          data={[{ value: '', label: 'Choose an activity…' }, ...types.map((t) => ({ value: String(t.id), label: t.description }))]}
        />
        <Textarea
          {...getTextareaProps(fields.sessionNotes)}
          key={fields.sessionNotes.key}
          label="Description"
          description={typeId === String(DESCRIBE_ACTIVITY_TYPE) ? 'Required for this activity' : 'Optional'}
          required={typeId === String(DESCRIBE_ACTIVITY_TYPE)}
          autosize
          minRows={2}
          error={fields.sessionNotes.errors?.[0]}
        />
        <PasswordInput
          {...passwordProps}
          key={fields.password.key}
          ref={password}
          label="Password"
          autoComplete="current-password"
          error={fields.password.errors?.[0]}
        />
        {askCode ? (
          <TextInput
            {...getInputProps(fields.code, { type: 'text' })}
            key={fields.code.key}
            label="Code"
            description="The 6-digit code from your authenticator app, or a recovery code."
            autoComplete="one-time-code"
            required
            error={fields.code.errors?.[0]}
          />
        ) : null}
        <Button type="submit" loading={busy}>
          Confirm
        </Button>
        <Text size="xs" c="dimmed">
          Your session timed out after a period without activity. Nothing you were doing has been lost.
        </Text>
      </Stack>
    </Form>
  )
}
