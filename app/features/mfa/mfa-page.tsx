import { Alert, Anchor, Button, Code, Group, Image, List, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { MFA_MESSAGES } from '#app/domain/mfa'
import type { loadMfa, mfaAction } from './mfa.server'

export const mfaMeta: MetaFunction = () => [{ title: 'Two-step sign-in · mga-desk' }]

type Errors = Record<string, string[] | null | undefined>

/** /mfa: turn two-step sign-in on (QR code, secret, a first code, then the recovery codes once) or off. */
export function MfaPage() {
  const loaded = useLoaderData<typeof loadMfa>()
  const actionData = useActionData<typeof mfaAction>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const errors = (actionData?.result?.error ?? {}) as Errors
  const formError = errors['']?.[0]
  return (
    // Room at the foot for the snackbar (fixed at the bottom; without JavaScript it stays): the card's
    // Log out button is never under it, the page scrolling clear of it when the card is taller.
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: '16px 16px 128px' }}>
      <Paper withBorder shadow="sm" p="xl" w={520} maw="100%">
        <Stack>
          <div>
            <Title order={1} size="h2">
              Two-step sign-in
            </Title>
            <Text c="dimmed" size="sm">
              Signed in as {loaded.username}
            </Text>
          </div>
          {formError ? (
            <Alert color="yellow" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          {actionData?.recoveryCodes ? (
            <RecoveryCodes codes={actionData.recoveryCodes} />
          ) : loaded.enabled ? (
            <DisableForm recoveryCodesLeft={loaded.recoveryCodesLeft} errors={actionData?.intent === 'disable' ? errors : {}} busy={busy} />
          ) : (
            <Enrol secret={loaded.secret} qrCode={loaded.qrCode} required={loaded.required} errors={errors} busy={busy} />
          )}
          <Group justify="space-between">
            {loaded.enabled || actionData?.recoveryCodes || !loaded.required ? <Anchor href="/">Back to work</Anchor> : <span />}
            <Form method="post" action="/logout">
              <Button type="submit" variant="subtle" size="compact-sm">
                Log out
              </Button>
            </Form>
          </Group>
        </Stack>
      </Paper>
    </main>
  )
}

function Enrol({ secret, qrCode, required, errors, busy }: { secret: string; qrCode: string; required: boolean; errors: Errors; busy: boolean }) {
  return (
    <Form method="post" id="mfa-enrol">
      <Stack>
        {required ? (
          <Alert color="yellow" variant="light" role="status">
            {MFA_MESSAGES.enrolmentRequired}
          </Alert>
        ) : null}
        <Text size="sm">
          1. Scan this QR code with an authenticator app (Microsoft Authenticator, Google Authenticator, 1Password, …), or type
          the key below into it.
        </Text>
        <Image src={qrCode} alt="QR code for your authenticator app" w={200} h={200} />
        <Text size="sm">
          Key: <Code data-testid="mfa-secret">{secret}</Code>
        </Text>
        <Text size="sm">2. Enter the 6-digit code the app shows for mga-desk.</Text>
        <input type="hidden" name="intent" value="confirm" />
        <TextInput
          name="code"
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          maxLength={40}
          error={errors.code?.[0]}
        />
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
        Save these recovery codes now: each signs you in once if you lose your authenticator app, and they are not shown again.
      </Alert>
      <List aria-label="Recovery codes" ff="monospace" spacing={2}>
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
    </Stack>
  )
}

function DisableForm({ recoveryCodesLeft, errors, busy }: { recoveryCodesLeft: number; errors: Errors; busy: boolean }) {
  return (
    <Form method="post" id="mfa-disable">
      <Stack>
        <Text size="sm">
          Two-step sign-in is on. Unused recovery codes: {recoveryCodesLeft}.
        </Text>
        <Title order={2} size="h4">
          Turn off
        </Title>
        <input type="hidden" name="intent" value="disable" />
        <PasswordInput name="currentPassword" label="Current password" autoComplete="current-password" required maxLength={1000} error={errors.currentPassword?.[0]} />
        <TextInput name="code" label="Code" description="From your authenticator app, or a recovery code." autoComplete="one-time-code" required maxLength={40} error={errors.code?.[0]} />
        <Button type="submit" color="red" variant="light" loading={busy}>
          Turn off two-step sign-in
        </Button>
      </Stack>
    </Form>
  )
}
