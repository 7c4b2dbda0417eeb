import { Alert, Button, Group, Stack } from '#app/ui/core'
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { actionsColumn, DataTable, type DataColumn } from '#app/ui/data-table'
import { attrs, html, type HtmlValue } from '#app/ui/html'
import { useTip, type Tip } from '#app/ui/tips'
import { optionsOf, SelectField, TextField } from '#app/ui/fields'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { PageHeader, SearchForm } from '#app/ui/search'
import { constraints as peopleSearchConstraints } from '#app/domain/form-constraints/people-search'
import { ConfirmPanel } from '#app/ui/confirm-panel'
import { useHrefWith, withParam } from '#app/ui/use-href-with'
import { formatPhone } from '#app/domain/masks'
import {
  PEOPLE_COLUMN_LABELS,
  PEOPLE_COLUMNS,
  PEOPLE_MESSAGES,
  PEOPLE_PAGE_SIZE,
  PHONE_COLUMNS,
} from '#app/domain/people-search'
import { TRUNCATION, truncateBy } from '#app/domain/truncate'
import type { PeopleRow } from '#app/models/person.server'
import type { IntentReply } from '#app/http/intent.server'
import { usePendingIntent } from '#app/ui/use-pending-intent'
import type { loadPeopleSearch } from './people-search.server'
import { personActions } from './person-actions'
import { FormAlerts } from '#app/ui/form-alerts'

const SEARCH_TYPES = optionsOf({ all: 'All people', firm: 'Firm members', contact: 'Contact people' })

export const peopleSearchMeta: MetaFunction = () => [{ title: 'People · mga-desk' }]

function cell(row: PeopleRow, key: (typeof PEOPLE_COLUMNS)[number], tip: Tip): HtmlValue {
  const value = row[key]
  if (PHONE_COLUMNS.has(key)) return formatPhone(value as string | null)
  const text = value === null || value === undefined ? '' : String(value)
  // Display truncation of spec 2 §9 (the whole value in a tooltip).
  const rule =
    key === 'email'
      ? TRUNCATION.peopleEmail
      : key === 'name' || key === 'firms_sort' || key === 'contacts_sort'
        ? TRUNCATION.peopleName
        : null
  const shown = rule ? truncateBy(text, rule) : text
  return shown !== text ? html`<span${attrs({ title: tip(text) })}>${shown}</span>` : text
}

export function PeopleSearchPage() {
  const { form, paging, page, message, can, confirm } = useLoaderData<typeof loadPeopleSearch>()
  const actionData = useActionData<IntentReply>()
  const pendingIntent = usePendingIntent()
  const location = useLocation()
  const navigation = useNavigation()
  const withParams = useHrefWith()
  // The search is a GET form (bookmarkable); Conform binds it like every other form, the loader parses it.
  const [searchForm, fields] = useServerForm<{ q: string; type: string }>(
    formIdFor('people-search', { q: form.q, type: form.type }),
    peopleSearchConstraints,
    {
      defaultValue: { q: form.q ?? '', type: form.type ?? 'all' },
    },
  )
  const tip = useTip()
  // Rows as markup (pages of 100): Popup opens the person's editor (the table's one handler), Delete
  // asks in place (a link that adds deletePerson).
  const deleteBase = withParams({ deletePerson: null })
  const columns: DataColumn<PeopleRow>[] = [
    actionsColumn((person) =>
      personActions({ plid: person.plid, name: person.name || person.surname }, can, (plid) =>
        withParam(deleteBase, 'deletePerson', String(plid)),
      ),
    ),
    ...PEOPLE_COLUMNS.map((key) => ({
      key,
      label: PEOPLE_COLUMN_LABELS[key],
      sortable: true,
      nowrap: true,
      html: (row: PeopleRow) => cell(row, key, tip),
    })),
  ]
  const searching = navigation.state === 'loading' && navigation.location.pathname === location.pathname
  return (
    <Stack gap="sm" p="md">
      <PageHeader title="People">
        {can.create ? (
          <Form method="post">
            <Button type="submit" name="intent" value="create" size="xs" loading={pendingIntent === 'create'}>
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
        <Alert
          color={message.kind === 'error' ? 'red' : message.kind === 'warning' ? 'yellow' : 'blue'}
          role={message.kind === 'hint' ? 'status' : 'alert'}
        >
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
            // What the cells read besides the row: the rights, the address the Delete links keep, tooltips.
            markupDeps={[can, deleteBase, tip]}
            paging={{ page: Math.min(paging.page, page.totalpages), perPage: PEOPLE_PAGE_SIZE, count: page.count }}
            sort={paging}
          />
        </div>
      ) : null}
    </Stack>
  )
}
