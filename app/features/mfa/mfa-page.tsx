import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Anchor, Button, Code, Group, Image, List, ListItem, Stack, Text, Title } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { constraints as mfaConfirmConstraints } from '#app/domain/form-constraints/mfa-confirm'
import { constraints as mfaDisableConstraints } from '#app/domain/form-constraints/mfa-disable'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { TextField } from '#app/ui/fields'
import { PasswordField } from '#app/ui/password-field'
import { FormAlerts } from '#app/ui/form-alerts'
import { SignInCard, SignInLogout } from '#app/ui/sign-in-card'
import { useServerForm } from '#app/ui/use-server-form'
import { formLevelError } from '#app/http/intent'
import type { IntentReply } from '#app/http/intent.server'
import type { loadMfa } from './mfa.server'

type MfaReply = IntentReply<{ result: SubmissionResult<string[]>; recoveryCodes: string[] }>

export const mfaMeta: MetaFunction = () => [{ title: 'Two-step sign-in · mga-desk' }]

/** /mfa: turn two-step sign-in on (QR code, secret, a first code, then the recovery codes once) or off. */
export function MfaPage() {
  const loaded = useLoaderData<typeof loadMfa>()
  const actionData = useActionData<MfaReply>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  // Each form takes only the answer to its own intent.
  const answerTo = (intent: 'confirm' | 'disable') => (actionData?.intent === intent ? actionData : undefined)
  return (
    <SignInCard title="Two-step sign-in" subtitle={`Signed in as ${loaded.username}`} width={520}>
      {actionData?.recoveryCodes ? (
        <RecoveryCodes codes={actionData.recoveryCodes} />
      ) : loaded.enabled ? (
        <DisableForm recoveryCodesLeft={loaded.recoveryCodesLeft} answer={answerTo('disable')} busy={busy} />
      ) : loaded.enrolment ? (
        <Enrol
          secret={loaded.enrolment.secret}
          qrCode={loaded.enrolment.qrCode}
          required={loaded.required}
          answer={answerTo('confirm')}
          busy={busy}
        />
      ) : (
        <StartEnrolment required={loaded.required} busy={busy} />
      )}
      <Group justify="space-between">
        {loaded.enabled || actionData?.recoveryCodes || !loaded.required ? (
          <Anchor href="/">Back to work</Anchor>
        ) : (
          <span />
        )}
        <SignInLogout />
      </Group>
    </SignInCard>
  )
}

function RequiredNotice({ required }: { required: boolean }) {
  return required ? (
    <Alert color="yellow" variant="light" role="status">
      {MFA_MESSAGES.enrolmentRequired}
    </Alert>
  ) : null
}

/** Two-step sign-in off and no enrolment started: the button that makes the secret (a POST). */
function StartEnrolment({ required, busy }: { required: boolean; busy: boolean }) {
  return (
    <Form method="post">
      <Stack>
        <RequiredNotice required={required} />
        <Text size="sm">
          Two-step sign-in asks for a code from an authenticator app on your phone each time you sign in, so a stolen
          password alone cannot open your account.
        </Text>
        <input type="hidden" name="intent" value="start" />
        <Button type="submit" loading={busy}>
          Set up two-step sign-in
        </Button>
      </Stack>
    </Form>
  )
}

function Enrol({
  secret,
  qrCode,
  required,
  answer,
  busy,
}: {
  secret: string
  qrCode: string
  required: boolean
  answer: MfaReply | undefined
  busy: boolean
}) {
  const [form, fields] = useServerForm<{ code: string }>('mfa-enrol', mfaConfirmConstraints, {
    lastResult: answer?.result,
  })
  return (
    <Form method="post" {...getFormProps(form)}>
      <Stack>
        <FormAlerts errors={form.errors} error={formLevelError(answer)} />
        <RequiredNotice required={required} />
        <Text size="sm">
          1. Scan this QR code with an authenticator app (Microsoft Authenticator, Google Authenticator, 1Password, …),
          or type the key below into it.
        </Text>
        <Image src={qrCode} alt="QR code for your authenticator app" w={200} h={200} />
        <Text size="sm">
          {/* The 32-character key breaks where it must (a narrow window, 200% zoom) instead of widening the page. */}
          Key:{' '}
          <Code data-testid="mfa-secret" style={{ overflowWrap: 'anywhere' }}>
            {secret}
          </Code>
        </Text>
        <Text size="sm">2. Enter the 6-digit code the app shows for mga-desk.</Text>
        <input type="hidden" name="intent" value="confirm" />
        <TextField field={fields.code} label="Code" autoComplete="one-time-code" inputMode="numeric" />
        <Button type="submit" loading={busy}>
          Turn on two-step sign-in
        </Button>
      </Stack>
    </Form>
  )
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Stack>
      <Alert color="green" variant="light" role="status" title="Two-step sign-in is on">
        Save these recovery codes now: each signs you in once if you lose your authenticator app, and they are not shown
        again.
      </Alert>
      <List aria-label="Recovery codes" ff="monospace" spacing={2}>
        {codes.map((code) => (
          <ListItem key={code}>{code}</ListItem>
        ))}
      </List>
    </Stack>
  )
}

function DisableForm({
  recoveryCodesLeft,
  answer,
  busy,
}: {
  recoveryCodesLeft: number
  answer: MfaReply | undefined
  busy: boolean
}) {
  const [form, fields] = useServerForm<{
    currentPassword: string
    code: string
  }>('mfa-disable', mfaDisableConstraints, { lastResult: answer?.result })
  return (
    <Form method="post" {...getFormProps(form)}>
      <Stack>
        <FormAlerts errors={form.errors} error={formLevelError(answer)} />
        <Text size="sm">Two-step sign-in is on. Unused recovery codes: {recoveryCodesLeft}.</Text>
        <Title order={2} size="h4">
          Turn off
        </Title>
        <input type="hidden" name="intent" value="disable" />
        <PasswordField field={fields.currentPassword} label="Current password" autoComplete="current-password" />
        <TextField
          field={fields.code}
          label="Code"
          description="From your authenticator app, or a recovery code."
          autoComplete="one-time-code"
        />
        <Button type="submit" color="red" variant="light" loading={busy}>
          Turn off two-step sign-in
        </Button>
      </Stack>
    </Form>
  )
}
