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
  const card: CardProps = { data, open, assign, hrefWith }
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
        <Column
          title="Users"
          name="users"
          allName="allUsers"
          data={data}
          items={data.users}
          render={(user) => <UserCard key={user.id} user={user} {...card} />}
        />
        <Column
          title="Groups"
          name="groups"
          allName="allGroups"
          data={data}
          items={data.groups}
          render={(group) => <GroupCard key={group.id} group={group} {...card} />}
        />
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

/** What a user's or a group's card is given beside its record. */
interface CardProps {
  data: Loaded
  open: boolean
  assign: (fields: Record<string, string>) => void
  hrefWith: (changes: Record<string, string | null>) => string
}

function UserCard({ user, data, open, assign, hrefWith }: CardProps & { user: Loaded['users'][number] }) {
  const dialog = (name: string) => hrefWith({ dialog: name, id: String(user.id) })
  return (
    <AssignCard
      links={GROUPS_OF_USER}
      record={{ id: user.id, name: user.username }}
      open={open}
      assign={assign}
      name={<span className="roles-name">{user.username}</span>}
      badge={user.enabled ? null : 'disabled'}
      items={user.authGroups}
      choices={user.enabled ? data.choices.groups : null}
    >
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
      <DisableOrEnable
        enabled={user.enabled}
        disableHref={dialog('disable-user')}
        enableIntent="user-enable"
        id={user.id}
        what={user.username}
      />
    </AssignCard>
  )
}

function GroupCard({ group, data, open, assign, hrefWith }: CardProps & { group: Loaded['groups'][number] }) {
  const dialog = (name: string) => hrefWith({ dialog: name, id: String(group.id) })
  return (
    <AssignCard
      links={SCOPES_OF_GROUP}
      record={group}
      open={open}
      assign={assign}
      name={
        <span
          className="roles-name roles-draggable"
          draggable={group.active}
          onDragStart={dragStart('group', group.id)}
          title={group.active ? 'Drag onto a user' : undefined}
        >
          {group.name}
        </span>
      }
      badge={group.active ? null : 'inactive'}
      items={group.scopes}
      choices={group.active ? data.choices.scopes : null}
    >
      <Link to={dialog('group-info')} aria-label={`Info on group ${group.name}`}>
        Info
      </Link>
      <Link to={dialog('copy-group')} aria-label={`Copy group ${group.name}`}>
        Copy
      </Link>
      <DisableOrEnable
        enabled={group.active}
        disableHref={dialog('disable-group')}
        enableIntent="group-enable"
        id={group.id}
        what={`group ${group.name}`}
      />
    </AssignCard>
  )
}

/** Disable (its confirmation dialog) on an enabled record, Enable (a post) on a disabled one. */
function DisableOrEnable(props: {
  enabled: boolean
  disableHref: string
  enableIntent: string
  id: number
  what: string
}) {
  return props.enabled ? (
    <Link to={props.disableHref} aria-label={`Disable ${props.what}`}>
      Disable
    </Link>
  ) : (
    <PostButton
      intent={props.enableIntent}
      fields={{ id: props.id }}
      label="Enable"
      ariaLabel={`Enable ${props.what}`}
    />
  )
}

/**
 * What a card's record has, as its forms post it: a user's groups, a group's scopes (the kind dragged
 * onto it, the fields naming the record and the member, the Add and Remove intents, the words).
 */
interface Links {
  record: 'user' | 'group'
  member: 'group' | 'scope'
  recordField: 'userId' | 'groupId'
  memberField: 'groupId' | 'scopeId'
  add: string
  remove: string
}
const GROUPS_OF_USER: Links = {
  record: 'user',
  member: 'group',
  recordField: 'userId',
  memberField: 'groupId',
  add: 'group-user-add',
  remove: 'group-user-remove',
}
const SCOPES_OF_GROUP: Links = {
  record: 'group',
  member: 'scope',
  recordField: 'groupId',
  memberField: 'scopeId',
  add: 'group-scope-add',
  remove: 'group-scope-remove',
}

/**
 * A user's or a group's card, the drop target of what is assigned to it: its name, what it has (each with
 * Remove), the keyboard and no-JavaScript form to add one (`choices`, unless it takes none), and its links.
 */
function AssignCard({
  links,
  record,
  open,
  assign,
  name,
  badge,
  items,
  choices,
  children,
}: {
  links: Links
  record: { id: number; name: string }
  open: boolean
  assign: CardProps['assign']
  name: ReactNode
  badge: string | null
  items: { id: number; name: string }[]
  choices: { id: number; name: string }[] | null
  children: ReactNode
}) {
  const fields = (memberId?: number) => ({
    [links.recordField]: String(record.id),
    ...(memberId === undefined ? {} : { [links.memberField]: String(memberId) }),
  })
  const drop = useDrop(links.member, (memberId) => assign({ intent: links.add, ...fields(memberId) }))
  const has = new Set(items.map((item) => item.id))
  const plural = links.member === 'group' ? 'Groups' : 'Scopes'
  return (
    <li className="roles-item" {...{ [`data-${links.record}`]: record.name }} {...drop}>
      <details open={open}>
        <summary>
          {name}
          {badge ? (
            <Badge size="xs" color="gray" ml={6}>
              {badge}
            </Badge>
          ) : null}
        </summary>
        <div className="roles-body">
          <ul className="roles-chips" aria-label={`${plural} of ${record.name}`}>
            {items.map((item) => (
              <li key={item.id}>
                {item.name}
                <PostButton
                  intent={links.remove}
                  fields={fields(item.id)}
                  label="Remove"
                  ariaLabel={`Remove ${item.name} from ${record.name}`}
                />
              </li>
            ))}
          </ul>
          {choices ? (
            <AddForm
              intent={links.add}
              fields={fields()}
              name={links.memberField}
              label={`${plural.slice(0, -1)} to add to ${record.name}`}
              options={choices.filter((choice) => !has.has(choice.id))}
            />
          ) : null}
          <Group gap={4} mt={4} className="roles-actions">
            {children}
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
