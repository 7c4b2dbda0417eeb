import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useRouteError } from '@remix-run/react'
import { lazy } from 'react'
import { hasScope, requireUser } from '#app/auth/guard.server'
import { CONTACT_POPUP, openPopup } from '#app/ui/popup'
import { LazyPart } from '#app/ui/lazy-part'
import { loadContactForm } from '#app/features/contacts/contact-page.server'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { RouteErrorPanel } from '#app/ui/error-panel'
import { useHrefWith } from '#app/ui/use-href-with'
import { getDb } from '#app/db/client.server'
import { CONTACT_LIST_LIMIT, describeTypes } from '#app/domain/contact-types'
import { formatPhone } from '#app/domain/masks'
import { TRUNCATION, truncateBy } from '#app/domain/truncate'
import { searchContacts } from '#app/models/contact.server'

const ContactDialog = lazy(() => import('#app/features/contacts/contact-dialog'))

const ROUTE = '/search/contacts/contactsSearch'
/** Search parameters of the dialog and its confirmations; the search itself is `q`. */
const DIALOG_KEYS = ['contact', 'unlink', 'confirmDelete']

export const meta: MetaFunction = () => [{ title: 'Contacts · mga-desk' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').slice(0, 200)
  const found = await searchContacts(getDb(), { search: q })
  const rows = found.rows.map((row) => {
    const types = describeTypes(row.type)
    const place = [row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    return {
      cid: row.cid,
      sort: row.sort,
      name: [row.name1, row.name2].filter(Boolean).join(' · '),
      types,
      type: truncateBy(types, TRUNCATION.contactType),
      phone: formatPhone(row.phone),
      fax: formatPhone(row.fax),
      address: [row.address1, row.address2, place].filter(Boolean).join(', '),
    }
  })
  // The dialog (?contact={cid}) is rendered by the server too, so it opens without JavaScript.
  const wanted = Number(url.searchParams.get('contact'))
  let dialog: Awaited<ReturnType<typeof loadContactForm>> | null = null
  if (url.searchParams.has('contact')) {
    if (!Number.isInteger(wanted) || wanted <= 0 || wanted >= 2 ** 31) throw data({ message: 'No such contact.' }, { status: 404 })
    dialog = await loadContactForm(user, wanted)
  }
  return { q, rows, count: found.count, capped: found.capped, canEdit: hasScope(user, 'contact-edit'), dialog }
}

type Row = Awaited<ReturnType<typeof loader>>['rows'][number]

export default function ContactsSearchPage() {
  const { q, rows, count, capped, canEdit, dialog } = useLoaderData<typeof loader>()
  const hrefWith = useHrefWith()
  const closeHref = hrefWith(Object.fromEntries(DIALOG_KEYS.map((key) => [key, null])))
  const columns: DataColumn<Row>[] = [
    { key: 'sort', label: 'Sort Name', nowrap: true },
    { key: 'name', label: 'Name' },
    { key: 'type', label: 'Type', render: (row) => <span title={row.types}>{row.type}</span> },
    { key: 'phone', label: 'Phone', nowrap: true },
    { key: 'fax', label: 'Fax', nowrap: true },
    { key: 'address', label: 'Address' },
    {
      key: 'actions',
      label: 'Actions',
      nowrap: true,
      render: (row) => (
        <Group gap={8} wrap="nowrap">
          <Anchor component={Link} to={hrefWith({ contact: String(row.cid), unlink: null, confirmDelete: null })} preventScrollReset size="sm" aria-label={`Open ${row.sort} in a dialog`}>
            Open
          </Anchor>
          <Anchor href={`/editContact/${row.cid}`} target="_blank" size="sm" aria-label={`Open ${row.sort} in a popup`} onClick={(event) => openPopup(event, CONTACT_POPUP)}>
            Popup
          </Anchor>
        </Group>
      ),
    },
  ]
  const contact = dialog?.contact ?? null

  return (
    <Stack gap="sm" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          Contacts
        </Title>
        <Group gap="xs">
          <Form method="get" role="search" aria-label="Search contacts" preventScrollReset>
            <Group gap={6}>
              <TextInput name="q" size="xs" w={280} placeholder="Sort, name, type, city or phone" aria-label="Search contacts" maxLength={200} defaultValue={q} key={q} />
              <Button type="submit" size="xs" variant="default">
                Search
              </Button>
            </Group>
          </Form>
          {canEdit ? (
            <Button component="a" href="/editContact/Add" target="_blank" size="xs" onClick={(event) => openPopup(event, CONTACT_POPUP)}>
              Add Contact
            </Button>
          ) : null}
        </Group>
      </Group>
      {capped ? (
        <Alert color="yellow" role="status">
          Showing the first {CONTACT_LIST_LIMIT} of {count} contacts. Narrow the search to see the rest.
        </Alert>
      ) : (
        <Text size="sm" c="dimmed" aria-live="polite">
          {count === 1 ? '1 contact' : `${count} contacts`}
          {q ? ` matching "${q}"` : ''}
        </Text>
      )}
      <DataTable label="Contacts" columns={columns} rows={rows} rowKey={(row) => row.cid} selectedKey={contact?.cid} empty={q ? 'No search results.' : 'No contacts.'} />
      {dialog && contact ? (
        <LazyPart>
          <ContactDialog contact={contact} picklists={dialog.picklists} canEdit={dialog.canEdit} closeHref={closeHref} hrefWith={hrefWith} />
        </LazyPart>
      ) : null}
    </Stack>
  )
}

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
