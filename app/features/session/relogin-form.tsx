import { getFormProps } from '@conform-to/react'
import { selectProps } from '#app/ui/field-props'
import { Alert, Button, NativeSelect, Stack, Text } from '#app/ui/core'
import { Form } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { constraints as reloginConstraints } from '#app/domain/form-constraints/relogin'
import { DESCRIBE_ACTIVITY_TYPE } from '#app/domain/session'
import { TextField } from '#app/ui/fields'
import { PasswordField } from '#app/ui/password-field'
import { TextareaField } from '#app/ui/textarea-field'
import { useServerForm } from '#app/ui/use-server-form'

export interface ActivityType {
  id: number
  description: string
}

/**
 * The idle relogin form of spec 1 §2.5 (activity, description, password, Confirm), shared by the
 * /idle page (a plain form posting to /idle) and the idle dialog, which calls
 * POST /api/auth/relogin itself (`onRelogin`) so the page behind it is not reloaded while the
 * session is still timed out. Like every form, the server validates (the /idle action or the API
 * with the same schema); the dialog lets the browser check the constraints before it posts.
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
  lastResult?: unknown
  message?: string | null
  busy: boolean
  /** The fields as typed, for the dialog's POST /api/auth/relogin. */
  onRelogin?: (fields: Record<string, string>) => void
  notice?: ReactNode
}) {
  const [form, fields] = useServerForm<{
    sessionNotesType: string
    sessionNotes: string
    password: string
    code: string
  }>(onRelogin ? 'relogin-dialog' : 'relogin', reloginConstraints, {
    lastResult,
  })
  const [typeId, setTypeId] = useState(String(fields.sessionNotesType.initialValue ?? ''))
  // A refused relogin empties the password (the page's answer hides it; the dialog's is a JSON message).
  const password = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (message && password.current) password.current.value = ''
  }, [message])
  const onSubmit = onRelogin
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault()
        if (!event.currentTarget.reportValidity()) return
        const typed: Record<string, string> = {}
        for (const [name, value] of new FormData(event.currentTarget))
          if (typeof value === 'string' && value !== '') typed[name] = value
        onRelogin(typed)
      }
    : getFormProps(form).onSubmit
  return (
    // The page's address keeps where to go back to: a refused confirmation (sent without JavaScript) is
    // drawn again at this address, and its hidden field must still say where the user was.
    <Form
      method="post"
      action={`/idle?redirectTo=${encodeURIComponent(redirectTo)}`}
      {...getFormProps(form)}
      onSubmit={onSubmit}
    >
      <Stack>
        {notice}
        {message ? (
          <Alert color="error" variant="light" role="alert" title="Could not confirm">
            {message}
          </Alert>
        ) : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <NativeSelect
          {...selectProps(fields.sessionNotesType)}
          key={fields.sessionNotesType.key}
          label="Activity"
          description="What were you doing?"
          error={fields.sessionNotesType.errors?.[0]}
          value={typeId}
          onChange={(event) => setTypeId(event.currentTarget.value)}
          data={[
            { value: '', label: 'Choose an activity…' },
            ...types.map((t) => ({
              value: String(t.id),
              label: t.description,
            })),
          ]}
        />
        <TextareaField
          field={fields.sessionNotes}
          label="Description"
          description={typeId === String(DESCRIBE_ACTIVITY_TYPE) ? 'Required for this activity' : 'Optional'}
          required={typeId === String(DESCRIBE_ACTIVITY_TYPE)}
          minRows={2}
        />
        <PasswordField ref={password} field={fields.password} label="Password" autoComplete="current-password" />
        {askCode ? (
          <TextField
            field={fields.code}
            label="Code"
            description="The 6-digit code from your authenticator app, or a recovery code."
            autoComplete="one-time-code"
            required
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
