import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Textarea } from '#app/ui/core'
import { Form, Link, useNavigate } from '@remix-run/react'
import type { ReactNode } from 'react'
import { NEW_USER_DEFAULTS, ROLES_MESSAGES, SUGGESTED_IP_PATTERNS, timeoutParts } from '#app/domain/roles'
import type { IntentReply } from '#app/http/intent.server'
import { formLevelError } from '#app/http/intent'
import { ConfirmPanel } from '#app/ui/confirm-panel'
import { PageDialog } from '#app/ui/page-dialog'
import { RecordHistory } from '#app/ui/record-history'
import { useHrefWith } from '#app/ui/use-href-with'
import { usePendingIntent } from '#app/ui/use-pending-intent'
import type { loadRoles } from './roles.server'

type Loaded = Awaited<ReturnType<typeof loadRoles>>
type Reply = IntentReply<{
  result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null }
}>

/** The intents whose refusals show in their dialog (the others above the columns). */
export const DIALOG_INTENTS = ['user-create', 'user-update', 'user-password', 'group-create', 'scope-create']

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
  const confirmation = (
    heading: string,
    what: { title: string; warning: string; intent: string; label: string; id: number },
  ) =>
    shell(
      heading,
      <ConfirmPanel
        title={what.title}
        warning={what.warning}
        confirm={{ intent: what.intent, label: what.label, danger: true }}
        fields={{ id: what.id }}
        cancelHref={closeHref}
      />,
    )
  const user = record?.kind === 'user' ? record.user : null
  const group = record?.kind === 'group' ? record.group : null
  const scope = record?.kind === 'scope' ? record.scope : null
  switch (dialog) {
    case 'new-user':
      return shell('New User', <UserForm intent="user-create" reply={reply} closeHref={closeHref} />)
    case 'copy-user':
      return user
        ? shell(
            `Copy User ${user.username}`,
            <UserForm intent="user-create" reply={reply} closeHref={closeHref} copyOf={user} />,
          )
        : null
    case 'edit-user':
      return user
        ? shell(
            `Edit User ${user.username}`,
            <UserForm intent="user-update" reply={reply} closeHref={closeHref} user={user} />,
          )
        : null
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
      return scope && data.scopesEditable
        ? confirmation('Delete Scope', {
            title: `Delete scope ${scope.name}?`,
            warning: 'Every group that has it loses it.',
            intent: 'scope-delete',
            label: 'Delete',
            id: scope.id,
          })
        : null
    case 'disable-user':
      return user
        ? confirmation('Confirm Disable', {
            title: `Disable user ${user.username}?`,
            warning: 'The user leaves all groups and is signed out at once.',
            intent: 'user-disable',
            label: 'Disable',
            id: user.id,
          })
        : null
    case 'disable-group':
      return group
        ? confirmation('Confirm Disable', {
            title: `Disable group ${group.name}?`,
            warning: 'The group is removed from all users and scopes.',
            intent: 'group-disable',
            label: 'Disable',
            id: group.id,
          })
        : null
    case 'user-info':
      return user && record?.kind === 'user'
        ? shell(
            `User ${user.username}`,
            <Stack gap="xs">
              <Text size="sm">Enabled: {user.enabled ? 'yes' : 'no'}</Text>
              <Text size="sm">
                Timeout: {user.timeout.hours} hours {user.timeout.minutes} minutes
              </Text>
              <Text size="sm">IP restrictions: {user.ipRestrictions.join(', ') || 'none'}</Text>
              <Text size="sm">Multiple logins: {user.multipleLogins ? 'yes' : 'no'}</Text>
              <Text size="sm">Groups: {user.authGroups.map((g) => g.name).join(', ') || 'none'}</Text>
              <RecordHistory rows={record.history} label={`History of ${user.username}`} />
            </Stack>,
            760,
          )
        : null
    case 'group-info':
      return group && record?.kind === 'group'
        ? shell(
            `Group ${group.name}`,
            <Stack gap="xs">
              <Text size="sm">Active: {group.active ? 'yes' : 'no'}</Text>
              <Text size="sm">Scopes: {group.scopes.map((s) => s.name).join(', ') || 'none'}</Text>
              <Text size="sm">Users: {group.users.map((u) => u.username).join(', ') || 'none'}</Text>
              <RecordHistory rows={record.history} label={`History of ${group.name}`} />
            </Stack>,
            760,
          )
        : null
    case 'scope-info':
      return scope && record?.kind === 'scope'
        ? shell(
            `Scope ${scope.name}`,
            <Stack gap="xs">
              <Text size="sm">{scope.description || 'No description.'}</Text>
              <RecordHistory rows={record.history} label={`History of ${scope.name}`} />
            </Stack>,
            760,
          )
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

function Actions({ intent, label, closeHref }: { intent: string; label: string; closeHref: string }) {
  const pending = usePendingIntent()
  return (
    <Group gap="xs" mt="sm">
      <Button type="submit" name="intent" value={intent} loading={pending === intent}>
        {label}
      </Button>
      <Button component={Link} to={closeHref} variant="default" preventScrollReset>
        Cancel
      </Button>
    </Group>
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
function UserForm({
  intent,
  reply,
  closeHref,
  user,
  copyOf,
}: {
  intent: 'user-create' | 'user-update'
  reply: Reply | null
  closeHref: string
  user?: UserRecord
  copyOf?: UserRecord
}) {
  const { mine, errorOf, typed, alert } = useFormReply(reply, intent)
  const base = user ?? copyOf
  const timeout = timeoutParts(base?.timeoutMinutes ?? NEW_USER_DEFAULTS.timeoutMinutes)
  const creating = intent === 'user-create'
  const multiple = mine ? mine.result?.initialValue?.multipleLogins === 'on' : (base?.multipleLogins ?? true)
  return (
    <Form method="post" preventScrollReset noValidate key={mine ? 'refused' : 'fresh'}>
      <Stack gap="xs">
        {alert}
        {user ? <input type="hidden" name="id" value={user.id} /> : null}
        {copyOf ? <input type="hidden" name="copyFrom" value={copyOf.id} /> : null}
        <TextInput
          name="username"
          label="Username"
          autoComplete="off"
          defaultValue={typed('username') ?? user?.username ?? ''}
          error={errorOf('username')}
        />
        {creating ? (
          <>
            <TextInput
              name="password"
              type="password"
              label="Password"
              autoComplete="new-password"
              error={errorOf('password')}
            />
            <TextInput
              name="confirmPassword"
              type="password"
              label="Password Confirmation"
              autoComplete="new-password"
              error={errorOf('confirmPassword')}
            />
          </>
        ) : null}
        <Group gap="xs" align="flex-start">
          <TextInput
            name="timeoutHours"
            type="number"
            min={0}
            step={1}
            label="Timeout hours"
            w={130}
            defaultValue={typed('timeoutHours') ?? String(timeout.hours)}
            error={errorOf('timeoutHours')}
          />
          <TextInput
            name="timeoutMinutes"
            type="number"
            min={0}
            step={1}
            label="Timeout minutes"
            w={130}
            defaultValue={typed('timeoutMinutes') ?? String(timeout.minutes)}
            error={errorOf('timeoutMinutes')}
          />
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
        <Actions intent={intent} label="Save" closeHref={closeHref} />
      </Stack>
    </Form>
  )
}

/**
 * An administrator's new password for another user: a reset (decision 0028), which the user changes
 * at the next sign-in. One's own password is changed on /password (the current one is asked there).
 */
function PasswordForm({ user, reply, closeHref }: { user: UserRecord; reply: Reply | null; closeHref: string }) {
  const { mine, errorOf, alert } = useFormReply(reply, 'user-password')
  return (
    <Form method="post" preventScrollReset noValidate key={mine ? 'refused' : 'fresh'}>
      <Stack gap="xs">
        {alert}
        <Text size="sm">{user.username} will be asked to choose a new password at the next sign-in.</Text>
        <input type="hidden" name="id" value={user.id} />
        <TextInput
          name="newPassword"
          type="password"
          label="New password"
          autoComplete="new-password"
          error={errorOf('newPassword')}
        />
        <TextInput
          name="confirmPassword"
          type="password"
          label="Password Confirmation"
          autoComplete="new-password"
          error={errorOf('confirmPassword')}
        />
        <Actions intent="user-password" label="Change Password" closeHref={closeHref} />
      </Stack>
    </Form>
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
  const { mine, errorOf, typed, alert } = useFormReply(reply, 'group-create')
  return (
    <Form method="post" preventScrollReset noValidate key={mine ? 'refused' : 'fresh'}>
      <Stack gap="xs">
        {alert}
        {copyOf ? (
          <>
            <input type="hidden" name="copyFrom" value={copyOf.id} />
            <Text size="sm">The new group gets the scopes of {copyOf.name}.</Text>
          </>
        ) : null}
        <TextInput name="name" label="Group name" defaultValue={typed('name') ?? ''} error={errorOf('name')} />
        <Actions intent="group-create" label="Save" closeHref={closeHref} />
      </Stack>
    </Form>
  )
}

function ScopeForm({ reply, closeHref }: { reply: Reply | null; closeHref: string }) {
  const { mine, errorOf, typed, alert } = useFormReply(reply, 'scope-create')
  return (
    <Form method="post" preventScrollReset noValidate key={mine ? 'refused' : 'fresh'}>
      <Stack gap="xs">
        {alert}
        <TextInput name="name" label="Scope name" defaultValue={typed('name') ?? ''} error={errorOf('name')} />
        <TextInput
          name="description"
          label="Description"
          defaultValue={typed('description') ?? ''}
          error={errorOf('description')}
        />
        <Actions intent="scope-create" label="Save" closeHref={closeHref} />
      </Stack>
    </Form>
  )
}
