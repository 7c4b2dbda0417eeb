import { Alert, Button, Group, Stack, Text } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CONTACT_POPUP, openPopup } from '#app/ui/popup'
import { LazyPart, lazyWithPreload } from '#app/ui/lazy-part'
import { DataTable, type DataColumn, actionsColumn, popupLink } from '#app/ui/data-table'
import { useHrefWith, withParam } from '#app/ui/use-href-with'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { PageHeader, SearchField, SearchForm } from '#app/ui/search'
import { attrs, html } from '#app/ui/html'
import { useTip } from '#app/ui/tips'
import { constraints as contactsSearchConstraints } from '#app/domain/form-constraints/contacts-search'
import { CONTACT_LIST_LIMIT } from '#app/domain/contact-types'
import type { ContactsSearchRow, loadContactsSearch } from './contacts-search.server'

const ContactDialog = lazyWithPreload(() => import('./contact-dialog'))

/** Search parameters of the dialog and its confirmations; the search itself is `q`. */
const DIALOG_KEYS = ['contact', 'unlink', 'confirmDelete']

export const contactsSearchMeta: MetaFunction = () => [{ title: 'Contacts · mga-desk' }]

type Row = ContactsSearchRow

export function ContactsSearchPage() {
  const { q, rows, count, capped, canEdit, dialog } = useLoaderData<typeof loadContactsSearch>()
  // An open dialog's code is asked for now, not once React has hydrated the list above it.
  if (dialog) void ContactDialog.preload()
  const hrefWith = useHrefWith()
  // The search is a GET form (bookmarkable); Conform binds it like every other form, the loader parses it.
  const [searchForm, fields] = useServerForm<{ q: string }>(
    formIdFor('contacts-search', { q }),
    contactsSearchConstraints,
    { defaultValue: { q } },
  )
  const closeHref = hrefWith(Object.fromEntries(DIALOG_KEYS.map((key) => [key, null])))
  const tip = useTip()
  // Rows as markup (up to 2,000, not paged): Open shows the contact's dialog in place, Popup opens its
  // editor (both followed by the table's one handler; plain links without JavaScript).
  const openBase = hrefWith({ contact: null, unlink: null, confirmDelete: null })
  const columns: DataColumn<Row>[] = [
    { key: 'sort', label: 'Sort Name', nowrap: true },
    { key: 'name', label: 'Name' },
    { key: 'type', label: 'Type', html: (row) => html`<span${attrs({ title: tip(row.types) })}>${row.type}</span>` },
    { key: 'phone', label: 'Phone', nowrap: true },
    { key: 'fax', label: 'Fax', nowrap: true },
    { key: 'address', label: 'Address' },
    actionsColumn(
      (row) =>
        html`<a${attrs({ href: withParam(openBase, 'contact', String(row.cid)), 'data-nav': true, 'aria-label': `Open ${row.sort} in a dialog` })}>Open</a><a${attrs({ ...popupLink(`/editContact/${row.cid}`, 'contact'), 'aria-label': `Open ${row.sort} in a popup` })}>Popup</a>`,
    ),
  ]
  const contact = dialog?.contact ?? null

  return (
    <Stack gap="sm" p="md">
      <PageHeader title="Contacts">
        <Group gap="xs">
          <SearchForm form={searchForm} label="Search contacts">
            <Group gap={6}>
              <SearchField
                field={fields.q}
                label="Search contacts"
                w={280}
                placeholder="Sort, name, type, city or phone"
              />
            </Group>
          </SearchForm>
          {canEdit ? (
            <Button
              component="a"
              href="/editContact/Add"
              target="_blank"
              size="xs"
              onClick={(event) => openPopup(event, CONTACT_POPUP)}
            >
              Add Contact
            </Button>
          ) : null}
        </Group>
      </PageHeader>
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
      <DataTable
        label="Contacts"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.cid}
        // What the cells read besides the row: tooltips, the address the Open links keep.
        markupDeps={[tip, openBase]}
        selectedKey={contact?.cid}
        empty={q ? 'No search results.' : 'No contacts.'}
      />
      {dialog && contact ? (
        <LazyPart>
          <ContactDialog
            contact={contact}
            picklists={dialog.picklists}
            canEdit={dialog.canEdit}
            closeHref={closeHref}
            hrefWith={hrefWith}
          />
        </LazyPart>
      ) : null}
    </Stack>
  )
}
