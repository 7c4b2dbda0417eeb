import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Textarea } from '#app/ui/core'
import { Form, Link, useNavigate } from '@remix-run/react'
import type { ReactNode } from 'react'
import { NEW_USER_DEFAULTS, ROLES_MESSAGES, SUGGESTED_IP_PATTERNS, timeoutParts } from '#app/domain/roles'
import type { IntentReply } from '#app/http/intent.server'
import { formLevelError } from '#app/http/intent'
import { ConfirmPanel } from '#app/ui/confirm-panel'
import { PageDialog } from '#app/ui/page-dialog'
import { RecordHistory, type HistoryRow } from '#app/ui/record-history'
import { useHrefWith } from '#app/ui/use-href-with'
import { usePendingIntent } from '#app/ui/use-pending-intent'
import type { loadRoles } from './roles.server'

type Loaded = Awaited<ReturnType<typeof loadRoles>>
type Reply = IntentReply<{
  result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null }
}>

/** The intents whose refusals show in their dialog (the others above the columns). */
export const DIALOG_INTENTS = ['user-create', 'user-update', 'user-password', 'group-create', 'scope-create']

/** The confirmation dialogs: heading, question, warning, and the intent its danger button posts. */
const CONFIRMATIONS = {
  'delete-scope': {
    heading: 'Delete Scope',
    title: (name: string) => `Delete scope ${name}?`,
    warning: 'Every group that has it loses it.',
    intent: 'scope-delete',
    label: 'Delete',
  },
  'disable-user': {
    heading: 'Confirm Disable',
    title: (name: string) => `Disable user ${name}?`,
    warning: 'The user leaves all groups and is signed out at once.',
    intent: 'user-disable',
    label: 'Disable',
  },
  'disable-group': {
    heading: 'Confirm Disable',
    title: (name: string) => `Disable group ${name}?`,
    warning: 'The group is removed from all users and scopes.',
    intent: 'group-disable',
    label: 'Disable',
  },
}

/** The dialog the URL names (`?dialog=new-user`, `?dialog=edit-user&id=3`, …), rendered by the server. */
export function RolesDialogs({ data, reply }: { data: Loaded; reply: Reply | null }) {
  const hrefWith = useHrefWith()
  const navigate = useNavigate()
  const { dialog } = data.params
  const record = data.record
  if (!dialog) return null
  const closeHref = hrefWith({ dialog: null, id: null })
  const shell = (title: string, children: ReactNode, width = 520) => (
    <PageDialog
      title={title}
      closeHref={closeHref}
      onClose={() => navigate(closeHref, { preventScrollReset: true })}
      width={width}
    >
      {children}
    </PageDialog>
  )
  // A confirmation (delete a scope, disable a user or a group): one danger button posting the record's id.
  const confirmation = (name: keyof typeof CONFIRMATIONS, id: number, record: string) => {
    const what = CONFIRMATIONS[name]
    return shell(
      what.heading,
      <ConfirmPanel
        title={what.title(record)}
        warning={what.warning}
        confirm={{ intent: what.intent, label: what.label, danger: true }}
        fields={{ id }}
        cancelHref={closeHref}
      />,
    )
  }
  // An info dialog: the record's facts, a line each, and its history.
  const info = (title: string, name: string, history: HistoryRow[], lines: string[]) =>
    shell(
      title,
      <Stack gap="xs">
        {lines.map((line, index) => (
          <Text key={index} size="sm">
            {line}
          </Text>
        ))}
        <RecordHistory rows={history} label={`History of ${name}`} />
      </Stack>,
      760,
    )
  const user = record?.kind === 'user' ? record.user : null
  const group = record?.kind === 'group' ? record.group : null
  const scope = record?.kind === 'scope' ? record.scope : null
  switch (dialog) {
    case 'new-user':
      return shell('New User', <UserForm reply={reply} closeHref={closeHref} />)
    case 'copy-user':
    case 'edit-user': {
      const copy = dialog === 'copy-user'
      return user
        ? shell(
            `${copy ? 'Copy' : 'Edit'} User ${user.username}`,
            <UserForm reply={reply} closeHref={closeHref} from={{ user, copy }} />,
          )
        : null
    }
    case 'password':
      return user
        ? shell(`Change Password of ${user.username}`, <PasswordForm user={user} reply={reply} closeHref={closeHref} />)
        : null
    case 'new-group':
      return shell('New Group', <GroupForm reply={reply} closeHref={closeHref} />)
    case 'copy-group':
      return group
        ? shell(`Copy Group ${group.name}`, <GroupForm reply={reply} closeHref={closeHref} copyOf={group} />)
        : null
    case 'new-scope':
      return data.scopesEditable ? shell('New Scope', <ScopeForm reply={reply} closeHref={closeHref} />) : null
    case 'delete-scope':
      return scope && data.scopesEditable ? confirmation(dialog, scope.id, scope.name) : null
    case 'disable-user':
      return user ? confirmation(dialog, user.id, user.username) : null
    case 'disable-group':
      return group ? confirmation(dialog, group.id, group.name) : null
    case 'user-info':
      return user && record?.kind === 'user'
        ? info(`User ${user.username}`, user.username, record.history, [
            `Enabled: ${user.enabled ? 'yes' : 'no'}`,
            `Timeout: ${user.timeout.hours} hours ${user.timeout.minutes} minutes`,
            `IP restrictions: ${user.ipRestrictions.join(', ') || 'none'}`,
            `Multiple logins: ${user.multipleLogins ? 'yes' : 'no'}`,
            `Groups: ${user.authGroups.map((g) => g.name).join(', ') || 'none'}`,
          ])
        : null
    case 'group-info':
      return group && record?.kind === 'group'
        ? info(`Group ${group.name}`, group.name, record.history, [
            `Active: ${group.active ? 'yes' : 'no'}`,
            `Scopes: ${group.scopes.map((s) => s.name).join(', ') || 'none'}`,
            `Users: ${group.users.map((u) => u.username).join(', ') || 'none'}`,
          ])
        : null
    case 'scope-info':
      return scope && record?.kind === 'scope'
        ? info(`Scope ${scope.name}`, scope.name, record.history, [scope.description || 'No description.'])
        : null
  }
}

/** A refused dialog form: the spec's snackbar words above, each field's own message at the field. */
function useFormReply(reply: Reply | null, intent: string) {
  const mine = reply?.intent === intent ? reply : null
  const errorOf = (name: string) => mine?.result?.error?.[name]?.[0]
  const typed = (name: string) => {
    const value = mine?.result?.initialValue?.[name]
    return typeof value === 'string' ? value : undefined
  }
  const alert = mine?.error ? (
    <Alert color="red" role="alert">
      {ROLES_MESSAGES.saveFailed}
      {formLevelError(mine) && formLevelError(mine) !== ROLES_MESSAGES.saveFailed ? ` ${formLevelError(mine)}` : ''}
    </Alert>
  ) : null
  return { mine, errorOf, typed, alert }
}

/** A dialog's form: the refusal above its fields, then the submit button of its intent and Cancel. */
function DialogForm({
  form,
  intent,
  label = 'Save',
  closeHref,
  children,
}: {
  form: ReturnType<typeof useFormReply>
  intent: string
  label?: string
  closeHref: string
  children: ReactNode
}) {
  const pending = usePendingIntent()
  return (
    <Form method="post" preventScrollReset noValidate key={form.mine ? 'refused' : 'fresh'}>
      <Stack gap="xs">
        {form.alert}
        {children}
        <Group gap="xs" mt="sm">
          <Button type="submit" name="intent" value={intent} loading={pending === intent}>
            {label}
          </Button>
          <Button component={Link} to={closeHref} variant="default" preventScrollReset>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Form>
  )
}

/** A new password and its confirmation, each with its own refusal. */
function PasswordPair({ name, errorOf }: { name: string; errorOf: (name: string) => string | undefined }) {
  return (
    <>
      <TextInput
        name={name}
        type="password"
        label={name === 'password' ? 'Password' : 'New password'}
        autoComplete="new-password"
        error={errorOf(name)}
      />
      <TextInput
        name="confirmPassword"
        type="password"
        label="Password Confirmation"
        autoComplete="new-password"
        error={errorOf('confirmPassword')}
      />
    </>
  )
}

interface UserRecord {
  id: number
  username: string
  timeoutMinutes: number
  ipRestrictions: string[]
  multipleLogins: boolean
}

/** New, copy and edit user (spec 1 §3, §5, §9): timeout in hours and minutes, IP restrictions, multiple logins. */
/** New user, or a user edited or copied (`from`): a copy is a new user with the copied one's settings and groups. */
function UserForm({
  reply,
  closeHref,
  from,
}: {
  reply: Reply | null
  closeHref: string
  from?: { user: UserRecord; copy: boolean }
}) {
  const user = from && !from.copy ? from.user : undefined
  const copyOf = from?.copy ? from.user : undefined
  const intent = user ? 'user-update' : 'user-create'
  const form = useFormReply(reply, intent)
  const { mine, errorOf, typed } = form
  const base = user ?? copyOf
  const timeout = timeoutParts(base?.timeoutMinutes ?? NEW_USER_DEFAULTS.timeoutMinutes)
  const creating = intent === 'user-create'
  const multiple = mine ? mine.result?.initialValue?.multipleLogins === 'on' : (base?.multipleLogins ?? true)
  return (
    <DialogForm form={form} intent={intent} closeHref={closeHref}>
      {user ? <input type="hidden" name="id" value={user.id} /> : null}
      {copyOf ? <input type="hidden" name="copyFrom" value={copyOf.id} /> : null}
      <TextInput
        name="username"
        label="Username"
        autoComplete="off"
        defaultValue={typed('username') ?? user?.username ?? ''}
        error={errorOf('username')}
      />
      {creating ? <PasswordPair name="password" errorOf={errorOf} /> : null}
      <Group gap="xs" align="flex-start">
        {(['Hours', 'Minutes'] as const).map((unit) => (
          <TextInput
            key={unit}
            name={`timeout${unit}`}
            type="number"
            min={0}
            step={1}
            label={`Timeout ${unit.toLowerCase()}`}
            w={130}
            defaultValue={typed(`timeout${unit}`) ?? String(unit === 'Hours' ? timeout.hours : timeout.minutes)}
            error={errorOf(`timeout${unit}`)}
          />
        ))}
      </Group>
      <Textarea
        name="ipRestrictions"
        label="IP restrictions (one a line)"
        description={`Suggested patterns: ${SUGGESTED_IP_PATTERNS.join(', ')}. None: any address.`}
        autosize={false}
        rows={3}
        defaultValue={typed('ipRestrictions') ?? base?.ipRestrictions.join('\n') ?? ''}
        error={errorOf('ipRestrictions')}
      />
      <Checkbox name="multipleLogins" label="Multiple logins" defaultChecked={multiple} />
    </DialogForm>
  )
}

/**
 * An administrator's new password for another user: a reset (decision 0028), which the user changes
 * at the next sign-in. One's own password is changed on /password (the current one is asked there).
 */
function PasswordForm({ user, reply, closeHref }: { user: UserRecord; reply: Reply | null; closeHref: string }) {
  const form = useFormReply(reply, 'user-password')
  return (
    <DialogForm form={form} intent="user-password" label="Change Password" closeHref={closeHref}>
      <Text size="sm">{user.username} will be asked to choose a new password at the next sign-in.</Text>
      <input type="hidden" name="id" value={user.id} />
      <PasswordPair name="newPassword" errorOf={form.errorOf} />
    </DialogForm>
  )
}

function GroupForm({
  reply,
  closeHref,
  copyOf,
}: {
  reply: Reply | null
  closeHref: string
  copyOf?: { id: number; name: string }
}) {
  const form = useFormReply(reply, 'group-create')
  return (
    <DialogForm form={form} intent="group-create" closeHref={closeHref}>
      {copyOf ? (
        <>
          <input type="hidden" name="copyFrom" value={copyOf.id} />
          <Text size="sm">The new group gets the scopes of {copyOf.name}.</Text>
        </>
      ) : null}
      <TextInput name="name" label="Group name" defaultValue={form.typed('name') ?? ''} error={form.errorOf('name')} />
    </DialogForm>
  )
}

function ScopeForm({ reply, closeHref }: { reply: Reply | null; closeHref: string }) {
  const form = useFormReply(reply, 'scope-create')
  return (
    <DialogForm form={form} intent="scope-create" closeHref={closeHref}>
      {(['name', 'description'] as const).map((name) => (
        <TextInput
          key={name}
          name={name}
          label={name === 'name' ? 'Scope name' : 'Description'}
          defaultValue={form.typed(name) ?? ''}
          error={form.errorOf(name)}
        />
      ))}
    </DialogForm>
  )
}
