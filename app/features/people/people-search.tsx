import { Alert, Anchor, Button, Group, Stack } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { SelectField, TextField } from '#app/ui/fields'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { PageHeader, SearchForm } from '#app/ui/search'
import { FORM_CONSTRAINTS } from '#app/domain/form-constraints'
import { ConfirmPanel } from '#app/ui/confirm-panel'
import { useHrefWith } from '#app/ui/use-href-with'
import { openPopup, PERSON_POPUP } from '#app/ui/popup'
import { formatPhone } from '#app/domain/masks'
import { PEOPLE_COLUMN_LABELS, PEOPLE_COLUMNS, PEOPLE_MESSAGES, PEOPLE_PAGE_SIZE, PHONE_COLUMNS } from '#app/domain/people-search'
import { TRUNCATION, truncateBy } from '#app/domain/truncate'
import type { PeopleRow } from '#app/models/person.server'
import type { loadPeopleSearch, peopleSearchAction } from './people-search.server'
import { FormAlerts } from '#app/ui/form-alerts'

const SEARCH_TYPES = [
  { value: 'all', label: 'All people' },
  { value: 'firm', label: 'Firm members' },
  { value: 'contact', label: 'Contact people' },
]

export const peopleSearchMeta: MetaFunction = () => [{ title: 'People · mga-desk' }]

function cell(row: PeopleRow, key: (typeof PEOPLE_COLUMNS)[number]) {
  const value = row[key]
  if (PHONE_COLUMNS.has(key)) return formatPhone(value as string | null)
  const text = value === null || value === undefined ? '' : String(value)
  // Display truncation of spec 2 §9 (the whole value in a tooltip).
  const rule = key === 'email' ? TRUNCATION.peopleEmail : key === 'name' || key === 'firms_sort' || key === 'contacts_sort' ? TRUNCATION.peopleName : null
  const shown = rule ? truncateBy(text, rule) : text
  return shown !== text ? <span title={text}>{shown}</span> : text
}

export function PeopleSearchPage() {
  const { form, paging, page, message, can, confirm } = useLoaderData<typeof loadPeopleSearch>()
  const actionData = useActionData<typeof peopleSearchAction>()
  const location = useLocation()
  const navigation = useNavigation()
  const withParams = useHrefWith()
  // The search is a GET form (bookmarkable); Conform binds it like every other form, the loader parses it.
  const [searchForm, fields] = useServerForm<{ q: string; type: string }>(formIdFor('people-search', { q: form.q, type: form.type }), FORM_CONSTRAINTS.peopleSearch, {
    defaultValue: { q: form.q ?? '', type: form.type ?? 'all' },
  })
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
      <PageHeader title="People">
        {can.create ? (
          <Form method="post">
            <Button type="submit" name="intent" value="create" size="xs" loading={navigation.formData?.get('intent') === 'create'}>
              Create Person
            </Button>
          </Form>
        ) : null}
      </PageHeader>
      <SearchForm form={searchForm} label="Search people">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextField field={fields.q} label="Search" size="xs" w={320} placeholder="Name, email, firm or contact" />
          <SelectField field={fields.type} label="People" size="xs" options={SEARCH_TYPES} placeholder={null} />
          <Button type="submit" size="xs">
            Search
          </Button>
          <Button component={Link} to={location.pathname} size="xs" variant="default">
            Clear
          </Button>
        </Group>
      </SearchForm>
      <FormAlerts error={actionData?.error} />
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

