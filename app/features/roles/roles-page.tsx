import { Alert, Badge, Button, Group, Stack, Text, Title } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useFetcher, useLoaderData, useSubmit } from '@remix-run/react'
import type { DragEvent, ReactNode } from 'react'
import type { IntentReply } from '#app/http/intent.server'
import { replyFor } from '#app/http/intent'
import { PageHeader, HiddenFields } from '#app/ui/search'
import { useHrefWith } from '#app/ui/use-href-with'
import { usePendingIntent } from '#app/ui/use-pending-intent'
import type { loadRoles } from './roles.server'
import { RolesDialogs, DIALOG_INTENTS } from './roles-dialogs'

export const rolesMeta: MetaFunction = () => [{ title: 'Roles · mga-desk' }]

type Loaded = Awaited<ReturnType<typeof loadRoles>>

/** What is dragged: a group (onto a user) or a scope (onto a group), as `group:12` / `scope:3`. */
const DRAG_TYPE = 'text/plain'

function dragStart(kind: 'group' | 'scope', id: number) {
  return (event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, `${kind}:${id}`)
    event.dataTransfer.effectAllowed = 'copy'
  }
}

/** A drop target for one kind: the form the keyboard and no-JavaScript path posts, sent by a fetcher. */
function useDrop(kind: 'group' | 'scope', send: (id: number) => void) {
  return {
    onDragOver: (event: DragEvent) => {
      if (event.dataTransfer.types.includes(DRAG_TYPE)) {
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
      }
    },
    onDrop: (event: DragEvent) => {
      const [dragged, id] = event.dataTransfer.getData(DRAG_TYPE).split(':')
      if (dragged !== kind || !id) return
      event.preventDefault()
      send(Number(id))
    },
  }
}

export function RolesPage() {
  const data = useLoaderData<typeof loadRoles>()
  const actionData = useActionData<IntentReply>()
  const fetcher = useFetcher<IntentReply>()
  const hrefWith = useHrefWith()
  const { params } = data
  const open = params.open !== 'none'
  // A refusal of a column's form (an assignment, a disable) is shown above the columns; a dialog's in its dialog.
  const columnReply = actionData && !DIALOG_INTENTS.includes(actionData.intent) ? actionData : null
  const dropError = fetcher.state === 'idle' ? fetcher.data?.error : undefined
  const assign = (fields: Record<string, string>) => fetcher.submit(fields, { method: 'post' })
  return (
    <Stack gap="sm" p="md">
      <PageHeader title="Roles">
        <Group gap="xs">
          <Button component={Link} to={hrefWith({ dialog: 'new-user', id: null })} size="xs">
            New User
          </Button>
          <Button component={Link} to={hrefWith({ dialog: 'new-group', id: null })} size="xs">
            New Group
          </Button>
          {data.scopesEditable ? (
            <Button component={Link} to={hrefWith({ dialog: 'new-scope', id: null })} size="xs">
              New Scope
            </Button>
          ) : null}
          <Button component={Link} to={hrefWith({ open: 'all' })} size="xs" variant="default">
            Open all
          </Button>
          <Button component={Link} to={hrefWith({ open: 'none' })} size="xs" variant="default">
            Close all
          </Button>
        </Group>
      </PageHeader>
      <Text size="sm" c="dimmed">
        Drag a group onto a user, or a scope onto a group; or choose it in the user&apos;s or group&apos;s list and
        press Add.
      </Text>
      {columnReply?.error || dropError ? (
        <Alert color="red" role="alert">
          {columnReply?.error ?? dropError}
        </Alert>
      ) : null}
      <div className="roles-columns">
        <UsersColumn data={data} open={open} assign={assign} />
        <GroupsColumn data={data} open={open} assign={assign} />
        <ScopesColumn data={data} />
      </div>
      <RolesDialogs data={data} reply={replyFor(actionData, ...DIALOG_INTENTS)} />
    </Stack>
  )
}

/** A column's GET search form: its box and All toggle, the other columns' state carried along. */
function ColumnSearch({
  name,
  label,
  value,
  allName,
  all,
  params,
}: {
  name: 'users' | 'groups' | 'scopes'
  label: string
  value: string
  allName?: 'allUsers' | 'allGroups'
  all?: boolean
  params: Loaded['params']
}) {
  const submit = useSubmit()
  const keep: [string, string][] = []
  for (const key of ['users', 'groups', 'scopes'] as const)
    if (key !== name && params[key]) keep.push([key, params[key]])
  if (allName !== 'allUsers' && params.allUsers) keep.push(['allUsers', '1'])
  if (allName !== 'allGroups' && params.allGroups) keep.push(['allGroups', '1'])
  if (params.open) keep.push(['open', params.open])
  return (
    <Form method="get" role="search" aria-label={`Search ${label}`} className="roles-search">
      <HiddenFields entries={keep} />
      <Group gap={6} align="flex-end" wrap="nowrap">
        <label className="roles-search-box">
          <span className="visually-hidden">Search {label}</span>
          <input type="search" name={name} defaultValue={value} placeholder={`Search ${label}`} maxLength={100} />
        </label>
        <Button type="submit" size="xs" variant="default">
          Search
        </Button>
      </Group>
      {allName ? (
        <label className="roles-all">
          <input
            type="checkbox"
            name={allName}
            value="1"
            defaultChecked={all}
            onChange={(event) => submit(event.currentTarget.form)}
          />{' '}
          All (show disabled)
        </label>
      ) : null}
    </Form>
  )
}

/** A column: its title, its GET search (and All toggle), and its items, each drawn by `render`. */
function Column<Item extends { id: number }>({
  title,
  name,
  allName,
  data,
  items,
  render,
}: {
  title: string
  name: 'users' | 'groups' | 'scopes'
  allName?: 'allUsers' | 'allGroups'
  data: Loaded
  items: Item[]
  render: (item: Item) => ReactNode
}) {
  const id = `roles-${name}`
  return (
    <section aria-labelledby={id} className="roles-column">
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <ColumnSearch
        name={name}
        label={name}
        value={data.params[name]}
        allName={allName}
        all={allName ? data.params[allName] : undefined}
        params={data.params}
      />
      {items.length === 0 ? <Text size="sm">No {name} match.</Text> : null}
      <ul className="roles-list" aria-label={title}>
        {items.map(render)}
      </ul>
    </section>
  )
}

/** A small POST form with hidden fields and one button (Remove, Enable): works without JavaScript. */
function PostButton({
  intent,
  fields,
  label,
  ariaLabel,
  color,
}: {
  intent: string
  fields: Record<string, string | number>
  label: string
  ariaLabel: string
  color?: string
}) {
  const pending = usePendingIntent()
  return (
    <Form method="post" preventScrollReset className="roles-inline-form">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        name="intent"
        value={intent}
        size="compact-xs"
        variant="subtle"
        color={color}
        aria-label={ariaLabel}
        disabled={pending === intent}
      >
        {label}
      </Button>
    </Form>
  )
}

/** The keyboard and no-JavaScript way to assign: a select of what may be added, and Add. */
function AddForm({
  intent,
  fields,
  name,
  label,
  options,
}: {
  intent: string
  fields: Record<string, string | number>
  name: string
  label: string
  options: { id: number; name: string }[]
}) {
  if (!options.length) return null
  return (
    <Form method="post" preventScrollReset className="roles-add-form">
      {Object.entries(fields).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label>
        <span className="visually-hidden">{label}</span>
        <select name={name} aria-label={label}>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" name="intent" value={intent} size="compact-xs" variant="light">
        Add
      </Button>
    </Form>
  )
}

function UsersColumn({
  data,
  open,
  assign,
}: {
  data: Loaded
  open: boolean
  assign: (fields: Record<string, string>) => void
}) {
  const hrefWith = useHrefWith()
  return (
    <Column
      title="Users"
      name="users"
      allName="allUsers"
      data={data}
      items={data.users}
      render={(user) => (
        <UserCard key={user.id} user={user} data={data} open={open} assign={assign} hrefWith={hrefWith} />
      )}
    />
  )
}

function UserCard({
  user,
  data,
  open,
  assign,
  hrefWith,
}: {
  user: Loaded['users'][number]
  data: Loaded
  open: boolean
  assign: (fields: Record<string, string>) => void
  hrefWith: (changes: Record<string, string | null>) => string
}) {
  const drop = useDrop('group', (groupId) =>
    assign({ intent: 'group-user-add', userId: String(user.id), groupId: String(groupId) }),
  )
  const has = new Set(user.authGroups.map((group) => group.id))
  const dialog = (name: string) => hrefWith({ dialog: name, id: String(user.id) })
  return (
    <li className="roles-item" data-user={user.username} {...drop}>
      <details open={open}>
        <summary>
          <span className="roles-name">{user.username}</span>
          {!user.enabled ? (
            <Badge size="xs" color="gray" ml={6}>
              disabled
            </Badge>
          ) : null}
        </summary>
        <div className="roles-body">
          <ul className="roles-chips" aria-label={`Groups of ${user.username}`}>
            {user.authGroups.map((group) => (
              <li key={group.id}>
                {group.name}
                <PostButton
                  intent="group-user-remove"
                  fields={{ userId: user.id, groupId: group.id }}
                  label="Remove"
                  ariaLabel={`Remove ${group.name} from ${user.username}`}
                />
              </li>
            ))}
          </ul>
          {user.enabled ? (
            <AddForm
              intent="group-user-add"
              fields={{ userId: user.id }}
              name="groupId"
              label={`Group to add to ${user.username}`}
              options={data.choices.groups.filter((group) => !has.has(group.id))}
            />
          ) : null}
          <Group gap={4} mt={4} className="roles-actions">
            <Link to={dialog('user-info')} aria-label={`Info on ${user.username}`}>
              Info
            </Link>
            <Link to={dialog('edit-user')} aria-label={`Edit ${user.username}`}>
              Edit
            </Link>
            <Link to={dialog('copy-user')} aria-label={`Copy ${user.username}`}>
              Copy
            </Link>
            {user.id === data.me ? (
              <Link to="/password">Password</Link>
            ) : (
              <Link to={dialog('password')} aria-label={`Change password of ${user.username}`}>
                Password
              </Link>
            )}
            {user.enabled ? (
              <Link to={dialog('disable-user')} aria-label={`Disable ${user.username}`}>
                Disable
              </Link>
            ) : (
              <PostButton
                intent="user-enable"
                fields={{ id: user.id }}
                label="Enable"
                ariaLabel={`Enable ${user.username}`}
              />
            )}
          </Group>
        </div>
      </details>
    </li>
  )
}

function GroupsColumn({
  data,
  open,
  assign,
}: {
  data: Loaded
  open: boolean
  assign: (fields: Record<string, string>) => void
}) {
  const hrefWith = useHrefWith()
  return (
    <Column
      title="Groups"
      name="groups"
      allName="allGroups"
      data={data}
      items={data.groups}
      render={(group) => (
        <GroupCard key={group.id} group={group} data={data} open={open} assign={assign} hrefWith={hrefWith} />
      )}
    />
  )
}

function GroupCard({
  group,
  data,
  open,
  assign,
  hrefWith,
}: {
  group: Loaded['groups'][number]
  data: Loaded
  open: boolean
  assign: (fields: Record<string, string>) => void
  hrefWith: (changes: Record<string, string | null>) => string
}) {
  const drop = useDrop('scope', (scopeId) =>
    assign({ intent: 'group-scope-add', groupId: String(group.id), scopeId: String(scopeId) }),
  )
  const has = new Set(group.scopes.map((scope) => scope.id))
  const dialog = (name: string) => hrefWith({ dialog: name, id: String(group.id) })
  return (
    <li className="roles-item" data-group={group.name} {...drop}>
      <details open={open}>
        <summary>
          <span
            className="roles-name roles-draggable"
            draggable={group.active}
            onDragStart={dragStart('group', group.id)}
            title={group.active ? 'Drag onto a user' : undefined}
          >
            {group.name}
          </span>
          {!group.active ? (
            <Badge size="xs" color="gray" ml={6}>
              inactive
            </Badge>
          ) : null}
        </summary>
        <div className="roles-body">
          <ul className="roles-chips" aria-label={`Scopes of ${group.name}`}>
            {group.scopes.map((scope) => (
              <li key={scope.id}>
                {scope.name}
                <PostButton
                  intent="group-scope-remove"
                  fields={{ groupId: group.id, scopeId: scope.id }}
                  label="Remove"
                  ariaLabel={`Remove ${scope.name} from ${group.name}`}
                />
              </li>
            ))}
          </ul>
          {group.active ? (
            <AddForm
              intent="group-scope-add"
              fields={{ groupId: group.id }}
              name="scopeId"
              label={`Scope to add to ${group.name}`}
              options={data.choices.scopes.filter((scope) => !has.has(scope.id))}
            />
          ) : null}
          <Group gap={4} mt={4} className="roles-actions">
            <Link to={dialog('group-info')} aria-label={`Info on group ${group.name}`}>
              Info
            </Link>
            <Link to={dialog('copy-group')} aria-label={`Copy group ${group.name}`}>
              Copy
            </Link>
            {group.active ? (
              <Link to={dialog('disable-group')} aria-label={`Disable group ${group.name}`}>
                Disable
              </Link>
            ) : (
              <PostButton
                intent="group-enable"
                fields={{ id: group.id }}
                label="Enable"
                ariaLabel={`Enable group ${group.name}`}
              />
            )}
          </Group>
        </div>
      </details>
    </li>
  )
}

function ScopesColumn({ data }: { data: Loaded }) {
  const hrefWith = useHrefWith()
  return (
    <Column
      title="Scopes"
      name="scopes"
      data={data}
      items={data.scopes}
      render={(scope) => (
        <li key={scope.id} className="roles-item roles-scope" data-scope={scope.name}>
          <span
            className="roles-name roles-draggable"
            draggable
            onDragStart={dragStart('scope', scope.id)}
            title="Drag onto a group"
          >
            {scope.name}
          </span>
          <Group gap={4} className="roles-actions">
            <Link to={hrefWith({ dialog: 'scope-info', id: String(scope.id) })} aria-label={`Info on ${scope.name}`}>
              Info
            </Link>
            {data.scopesEditable ? (
              <Link to={hrefWith({ dialog: 'delete-scope', id: String(scope.id) })} aria-label={`Delete ${scope.name}`}>
                Delete
              </Link>
            ) : null}
          </Group>
        </li>
      )}
    />
  )
}
