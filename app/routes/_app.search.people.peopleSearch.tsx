import { Alert, Anchor, Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useRouteError } from '@remix-run/react'
import { hasScope, requireUser } from '#app/auth/guard.server'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { RouteErrorPanel } from '#app/ui/error-panel'
import { useHrefWith } from '#app/ui/use-href-with'
import { redirectWithFlash } from '#app/http/flash.server'
import { openPopup, PERSON_POPUP } from '#app/ui/popup'
import { getDb } from '#app/db/client.server'
import { formatPhone } from '#app/domain/masks'
import { PEOPLE_COLUMN_LABELS, PEOPLE_COLUMNS, PEOPLE_MESSAGES, PEOPLE_PAGE_SIZE, PHONE_COLUMNS } from '#app/domain/people-search'
import { truncate } from '#app/domain/truncate'
import { createPerson, deletePerson, getPerson, searchPeoplePage, type PeoplePage, type PeopleRow } from '#app/models/person.server'
import { fileIdSchema } from '#app/schemas/files'
import { readFormData } from '#app/http/form.server'
import { peopleSearchParamsSchema } from '#app/schemas/people'
import { ConfirmPanel } from '#app/ui/confirm-panel'

const ROUTE = '/search/people/peopleSearch'
const SEARCH_TYPES = [
  { value: 'all', label: 'All people' },
  { value: 'firm', label: 'Firm members' },
  { value: 'contact', label: 'Contact people' },
]

export const meta: MetaFunction = () => [{ title: 'People · mga-desk' }]

function readParams(url: URL) {
  const raw: Record<string, string> = {}
  for (const key of url.searchParams.keys()) raw[key] = url.searchParams.get(key) ?? ''
  return peopleSearchParamsSchema.parse(raw)
}

const canDelete = (user: Awaited<ReturnType<typeof requireUser>>) => hasScope(user, 'people-override') || hasScope(user, 'member-override')

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const params = readParams(new URL(request.url))
  const term = params.q?.trim() ?? ''
  const can = { create: hasScope(user, 'people-edit'), delete: canDelete(user), open: hasScope(user, 'person-view') }
  let page: PeoplePage | null = null
  let message: { kind: 'hint' | 'warning' | 'error'; text: string } | null = null
  if (!term) message = { kind: 'hint', text: PEOPLE_MESSAGES.hint }
  else {
    try {
      page = await searchPeoplePage(getDb(), { term, searchType: params.type, page: params.page ?? 1, perPage: PEOPLE_PAGE_SIZE, sortBy: params.sort, sortDesc: params.desc === '1' })
      if (page.count === 0) message = { kind: 'warning', text: PEOPLE_MESSAGES.noResults }
      else if (page.overLimit) message = { kind: 'warning', text: PEOPLE_MESSAGES.overLimit }
    } catch (error) {
      console.error('[people] search failed', error)
      message = { kind: 'error', text: PEOPLE_MESSAGES.searchFailed }
    }
  }
  // The delete confirmation is addressed by ?deletePerson=, so it works without JavaScript.
  const target = can.delete && params.deletePerson ? await getPerson(getDb(), params.deletePerson) : null
  return {
    form: { q: params.q ?? '', type: params.type ?? 'all' },
    paging: { page: params.page ?? 1, by: params.sort ?? 'surname', desc: params.desc === '1' },
    page,
    message,
    can,
    confirm: target ? { plid: target.plid, name: target.name || target.surname } : null,
  }
}

/** The search URL to return to: the same search without the confirmation panel. */
function backTo(request: Request): string {
  const url = new URL(request.url)
  url.searchParams.delete('deletePerson')
  url.searchParams.delete('index')
  const search = url.searchParams.toString()
  return `${url.pathname}${search ? `?${search}` : ''}`
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? '')
  const db = getDb()
  if (intent === 'create') {
    if (!hasScope(user, 'people-edit')) return data({ error: 'You do not have permission to create people.' }, { status: 403 })
    const person = await createPerson(db, {}, user.id).catch((error: unknown) => {
      console.error('[people] create failed', error)
      return null
    })
    if (!person) return data({ error: PEOPLE_MESSAGES.createFailed }, { status: 400 })
    return redirectWithFlash(`/editPerson/${person.plid}`, { message: 'New person created.', kind: 'success' })
  }
  if (intent === 'delete') {
    if (!canDelete(user)) return data({ error: 'You do not have permission to delete people.' }, { status: 403 })
    const plid = fileIdSchema.safeParse(form.get('plid'))
    const deleted = plid.success ? await deletePerson(db, plid.data, user.id).catch(() => false) : false
    if (!deleted) return data({ error: PEOPLE_MESSAGES.deleteFailed }, { status: 400 })
    return redirectWithFlash(backTo(request), { message: PEOPLE_MESSAGES.deleted, kind: 'success' })
  }
  return data({ error: 'Unknown action.' }, { status: 400 })
}

function cell(row: PeopleRow, key: (typeof PEOPLE_COLUMNS)[number]) {
  const value = row[key]
  if (PHONE_COLUMNS.has(key)) return formatPhone(value as string | null)
  const text = value === null || value === undefined ? '' : String(value)
  // Display truncation of spec 2 §9: names over 40, emails over 34 (the whole value in a tooltip).
  const over = key === 'email' ? 34 : key === 'name' || key === 'firms_sort' || key === 'contacts_sort' ? 40 : 0
  return over && text.length > over ? <span title={text}>{truncate(text, over)}</span> : text
}

export default function PeopleSearchPage() {
  const { form, paging, page, message, can, confirm } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const location = useLocation()
  const navigation = useNavigation()
  const withParams = useHrefWith()
  const columns: DataColumn<PeopleRow>[] = [
    {
      key: 'actions',
      label: 'Actions',
      nowrap: true,
      render: (person) => (
        <Group gap={6} wrap="nowrap">
          {can.open ? (
            <Anchor href={`/editPerson/${person.plid}`} target="_blank" size="sm" aria-label={`Open ${person.name || person.surname} in a popup`} onClick={(event) => openPopup(event, PERSON_POPUP)}>
              Popup
            </Anchor>
          ) : null}
          {can.delete ? (
            <Anchor component={Link} to={withParams({ deletePerson: String(person.plid) })} preventScrollReset size="sm" c="red" aria-label={`Delete ${person.name || person.surname}`}>
              Delete
            </Anchor>
          ) : null}
        </Group>
      ),
    },
    ...PEOPLE_COLUMNS.map((key) => ({ key, label: PEOPLE_COLUMN_LABELS[key], sortable: true, nowrap: true, render: (row: PeopleRow) => cell(row, key) })),
  ]
  const searching = navigation.state === 'loading' && navigation.location.pathname === location.pathname
  return (
    <Stack gap="sm" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          People
        </Title>
        {can.create ? (
          <Form method="post">
            <Button type="submit" name="intent" value="create" size="xs" loading={navigation.formData?.get('intent') === 'create'}>
              Create Person
            </Button>
          </Form>
        ) : null}
      </Group>
      <Form method="get" role="search" aria-label="Search people">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput name="q" label="Search" size="xs" w={320} placeholder="Name, email, firm or contact" defaultValue={form.q} key={form.q} maxLength={200} />
          <NativeSelect name="type" label="People" size="xs" data={SEARCH_TYPES} defaultValue={form.type} key={form.type} />
          <Button type="submit" size="xs">
            Search
          </Button>
          <Button component={Link} to={location.pathname} size="xs" variant="default">
            Clear
          </Button>
        </Group>
      </Form>
      {actionData?.error ? (
        <Alert color="red" role="alert">
          {actionData.error}
        </Alert>
      ) : null}
      {message ? (
        <Alert color={message.kind === 'error' ? 'red' : message.kind === 'warning' ? 'yellow' : 'blue'} role={message.kind === 'hint' ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      ) : null}
      {confirm ? (
        <ConfirmPanel
          title={`Delete person ${confirm.name} (PLID ${confirm.plid})?`}
          warning={PEOPLE_MESSAGES.deleteWarning}
          confirm={{ intent: 'delete', label: 'Delete permanently', danger: true }}
          fields={{ plid: confirm.plid }}
          cancelHref={withParams({ deletePerson: null })}
        />
      ) : null}
      {page && page.result.length > 0 ? (
        <div style={{ opacity: searching ? 0.6 : 1 }}>
          <DataTable
            label="People"
            columns={columns}
            rows={page.result}
            rowKey={(row) => row.plid}
            paging={{ page: Math.min(paging.page, page.totalpages), perPage: PEOPLE_PAGE_SIZE, count: page.count }}
            sort={paging}
          />
        </div>
      ) : null}
    </Stack>
  )
}

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
