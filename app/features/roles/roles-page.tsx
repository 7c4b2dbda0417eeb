import { Alert, Badge, Button, Group, PlainSubmitButton, Stack, Text, Title } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigate, useSubmit } from '@remix-run/react'
import { followLink } from '#app/ui/data-table'
import { useEffect, useRef, type DragEvent, type MouseEvent as ReactMouseEvent, type ReactNode } from 'react'
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
  const navigate = useNavigate()
  // The cards' links are plain (a hundred Links were a large part of the render): one handler on the
  // columns follows them in the app (a link's Enter is a click too).
  const columns = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = columns.current
    if (!element) return
    const follow = (event: MouseEvent) => followLink(event as unknown as ReactMouseEvent<HTMLElement>, navigate)
    element.addEventListener('click', follow)
    return () => element.removeEventListener('click', follow)
  }, [navigate])
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
      <div className="roles-columns" ref={columns}>
        <Column name="users" data={data} render={(user) => <UserCard key={user.id} user={user} {...card} />} />
        <Column name="groups" data={data} render={(group) => <GroupCard key={group.id} group={group} {...card} />} />
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
/** The three columns: each one's heading, and the box that shows the disabled or inactive ones too. */
const COLUMNS: Record<ColumnName, { title: string; allName?: 'allUsers' | 'allGroups' }> = {
  users: { title: 'Users', allName: 'allUsers' },
  groups: { title: 'Groups', allName: 'allGroups' },
  scopes: { title: 'Scopes' },
}
type ColumnName = 'users' | 'groups' | 'scopes'

function Column<Name extends ColumnName>({
  name,
  data,
  render,
}: {
  name: Name
  data: Loaded
  render: (item: Loaded[Name][number]) => ReactNode
}) {
  const { title, allName } = COLUMNS[name]
  const items: Loaded[Name][number][] = data[name]
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

/** A small POST form with hidden fields and one button (Enable): works without JavaScript. */
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
  return (
    <AssignCard
      links={GROUPS_OF_USER}
      record={{ id: user.id, name: user.username }}
      what={user.username}
      dialogs={[
        ['user-info', 'Info'],
        ['edit-user', 'Edit'],
        ['copy-user', 'Copy'],
      ]}
      hrefWith={hrefWith}
      open={open}
      assign={assign}
      name={<span className="roles-name">{user.username}</span>}
      inactive={user.enabled ? null : 'disabled'}
      items={user.authGroups}
      choices={data.choices.groups}
    >
      {user.id === data.me ? (
        <a href="/password" data-nav="">
          Password
        </a>
      ) : (
        <a
          href={hrefWith({ dialog: 'password', id: String(user.id) })}
          data-nav=""
          aria-label={`Change password of ${user.username}`}
        >
          Password
        </a>
      )}
    </AssignCard>
  )
}

function GroupCard({ group, data, open, assign, hrefWith }: CardProps & { group: Loaded['groups'][number] }) {
  return (
    <AssignCard
      links={SCOPES_OF_GROUP}
      record={group}
      what={`group ${group.name}`}
      dialogs={[
        ['group-info', 'Info'],
        ['copy-group', 'Copy'],
      ]}
      hrefWith={hrefWith}
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
      inactive={group.active ? null : 'inactive'}
      items={group.scopes}
      choices={data.choices.scopes}
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
  what,
  dialogs,
  hrefWith,
  open,
  assign,
  name,
  inactive,
  items,
  choices,
  children,
}: {
  links: Links
  record: { id: number; name: string }
  /** The record in the links' accessible names ('jane', 'group Claims'). */
  what: string
  /** The record's dialogs linked first: the dialog's name, the link's text. */
  dialogs: [string, string][]
  hrefWith: CardProps['hrefWith']
  open: boolean
  assign: CardProps['assign']
  name: ReactNode
  /** Why the record takes nothing new (a disabled user, an inactive group), shown as its badge; null when it does. */
  inactive: string | null
  items: { id: number; name: string }[]
  choices: { id: number; name: string }[]
  children?: ReactNode
}) {
  const dialog = (dialogName: string) => hrefWith({ dialog: dialogName, id: String(record.id) })
  const fields = (memberId?: number) => ({
    [links.recordField]: String(record.id),
    ...(memberId === undefined ? {} : { [links.memberField]: String(memberId) }),
  })
  const drop = useDrop(links.member, (memberId) => assign({ intent: links.add, ...fields(memberId) }))
  const pending = usePendingIntent()
  const has = new Set(items.map((item) => item.id))
  const plural = links.member === 'group' ? 'Groups' : 'Scopes'
  // One Remove form per card; each chip's button names its member (a group has up to every scope: a
  // form and a button component per chip were most of the page's render).
  const removeForm = `remove-${links.record}-${record.id}`
  return (
    <li className="roles-item" {...{ [`data-${links.record}`]: record.name }} {...drop}>
      <details open={open}>
        <summary>
          {name}
          {inactive ? (
            <Badge size="xs" color="gray" ml={6}>
              {inactive}
            </Badge>
          ) : null}
        </summary>
        <div className="roles-body">
          {items.length ? (
            <Form method="post" preventScrollReset id={removeForm} className="roles-inline-form">
              <input type="hidden" name="intent" value={links.remove} />
              <input type="hidden" name={links.recordField} value={record.id} />
            </Form>
          ) : null}
          <ul className="roles-chips" aria-label={`${plural} of ${record.name}`}>
            {items.map((item) => (
              <li key={item.id}>
                {item.name}
                <PlainSubmitButton
                  form={removeForm}
                  name={links.memberField}
                  value={item.id}
                  aria-label={`Remove ${item.name} from ${record.name}`}
                  disabled={pending === links.remove}
                >
                  Remove
                </PlainSubmitButton>
              </li>
            ))}
          </ul>
          {inactive ? null : (
            <AddForm
              intent={links.add}
              fields={fields()}
              name={links.memberField}
              label={`${plural.slice(0, -1)} to add to ${record.name}`}
              options={choices.filter((choice) => !has.has(choice.id))}
            />
          )}
          <div className="roles-actions roles-card-actions">
            {dialogs.map(([dialogName, label]) => (
              <a
                key={dialogName}
                href={dialog(dialogName)}
                data-nav=""
                aria-label={`${label === 'Info' ? 'Info on' : label} ${what}`}
              >
                {label}
              </a>
            ))}
            {children}
            {inactive ? (
              <PostButton
                intent={`${links.record}-enable`}
                fields={{ id: record.id }}
                label="Enable"
                ariaLabel={`Enable ${what}`}
              />
            ) : (
              <a href={dialog(`disable-${links.record}`)} data-nav="" aria-label={`Disable ${what}`}>
                Disable
              </a>
            )}
          </div>
        </div>
      </details>
    </li>
  )
}

function ScopesColumn({ data }: { data: Loaded }) {
  const hrefWith = useHrefWith()
  return (
    <Column
      name="scopes"
      data={data}
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
          <div className="roles-actions roles-scope-actions">
            <a
              href={hrefWith({ dialog: 'scope-info', id: String(scope.id) })}
              data-nav=""
              aria-label={`Info on ${scope.name}`}
            >
              Info
            </a>
            {data.scopesEditable ? (
              <a
                href={hrefWith({ dialog: 'delete-scope', id: String(scope.id) })}
                data-nav=""
                aria-label={`Delete ${scope.name}`}
              >
                Delete
              </a>
            ) : null}
          </div>
        </li>
      )}
    />
  )
}
