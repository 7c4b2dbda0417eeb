import { getFormProps, type FormMetadata } from '@conform-to/react'
import { Form, Link, useActionData, useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Button, Group, Text } from '#app/ui/core'
import { DataTable, type DataTableProps } from '#app/ui/data-table'
import { FormAlerts } from '#app/ui/form-alerts'
import { attrs, html, type Html } from '#app/ui/html'
import { HistoryPanel, type HistoryRow } from '#app/ui/record-history'
import { replyFor } from '#app/http/intent'
import { useHrefWith, withParam } from '#app/ui/use-href-with'
import { usePendingIntent } from '#app/ui/use-pending-intent'

/** How far a button beside labelled fields moves down to line up with the fields' boxes (a label's height). */
export const FIELD_LABEL_OFFSET = 22

/** A table row's edit mode ends with Save (the form's submit, pending while it posts) or Discard (a link back). */
export function SaveOrDiscard({ pending, discardHref }: { pending: boolean; discardHref: string }) {
  return (
    <>
      <Button type="submit" size="xs" mt={FIELD_LABEL_OFFSET} loading={pending}>
        Save
      </Button>
      <Button component={Link} to={discardHref} preventScrollReset size="xs" variant="default" mt={FIELD_LABEL_OFFSET}>
        Discard
      </Button>
    </>
  )
}

/**
 * A row of a table edited row by row (MGA billing, producer rates) in edit mode: a form posted to the page
 * with its intent and the row's id and version read, a refusal of the whole form above it, then the row's
 * name, its fields and Save or Discard on one line.
 */
export function RowEditForm<Values extends Record<string, unknown>>({
  form,
  intent,
  row,
  name,
  label,
  error,
  discardHref,
  children,
}: {
  form: FormMetadata<Values, string[]>
  intent: string
  row: { id: number; version: number }
  name: string
  label: string
  error: string | undefined
  discardHref: string
  children: ReactNode
}) {
  const pending = usePendingIntent()
  const location = useLocation()
  return (
    <Form
      method="post"
      action={`${location.pathname}${location.search}`}
      preventScrollReset
      aria-label={label}
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="version" value={row.version} />
      <FormAlerts error={error} />
      <Group gap="xs" align="flex-start" wrap="wrap">
        <Text size="sm" fw={600} mt={FIELD_LABEL_OFFSET + 4}>
          {name}
        </Text>
        {children}
        <SaveOrDiscard pending={pending === intent} discardHref={discardHref} />
      </Group>
    </Form>
  )
}

/**
 * A row-by-row table's page (its forms' intents `<prefix>-create` and `<prefix>-update`): the create
 * form's answer, the edited row's (while that row is on the page), a refusal whose form is not on the page
 * (a delete, an edit whose row is gone) to show above the table, and the page's address without a row's
 * edit, delete or history (where the rows' links start).
 */
export function useRowTableAnswers<Reply extends { intent: string; error?: string }>(
  prefix: string,
  editedRowShown: boolean,
) {
  const answer = useActionData<Reply>() as Reply | undefined
  const hrefWith = useHrefWith()
  const createReply = replyFor(answer, `${prefix}-create`)
  const editReply = editedRowShown ? replyFor(answer, `${prefix}-update`) : null
  const otherError = answer?.error && !createReply && !editReply ? answer.error : null
  return { createReply, editReply, otherError, base: hrefWith({ edit: null, delete: null, history: null }) }
}

/**
 * A row-by-row table with what stands above it: the history of the row asked for (`historyOf` names its
 * record; Close goes back to `base`), a refusal whose form is not on the page, then the table (a row's key is
 * its id) with the edited row selected and its form (`editRow`) beneath it.
 */
export function RowByRowTable<Row extends { id: number }>({
  history,
  historyOf,
  error,
  base,
  editing,
  editRow,
  ...table
}: Omit<DataTableProps<Row>, 'rowKey' | 'selectedKey' | 'expanded'> & {
  history: { id: number; entries: HistoryRow[] } | null
  historyOf: string
  error: string | null
  base: string
  editing: number | null
  editRow: (row: Row) => ReactNode
}) {
  return (
    <>
      {history ? (
        <HistoryPanel title={`History of ${historyOf} ${history.id}`} rows={history.entries} closeHref={base} />
      ) : null}
      <FormAlerts error={error} />
      <DataTable
        {...table}
        rowKey={(row) => row.id}
        selectedKey={editing ?? undefined}
        expanded={(row) => (row.id === editing ? editRow(row) : null)}
      />
    </>
  )
}

/**
 * A row-by-row table's row links (its Actions cell's markup): Edit, History and, unless the row cannot be
 * deleted, Delete, each the page's address (`base`) with the row's id in its parameter, labelled for `name`
 * ("Edit …", "History of …", "Delete …").
 */
export function rowActionLinks(base: string, id: number, name: string, deletable = true): Html {
  const link = (param: string, label: string, ariaLabel: string, danger = false) =>
    html`<a${attrs({ href: withParam(base, param, String(id)), 'data-nav': true, class: danger ? 'row-danger' : undefined, 'aria-label': `${ariaLabel} ${name}` })}>${label}</a>`
  return html`${link('edit', 'Edit', 'Edit')}${link('history', 'History', 'History of')}${deletable ? link('delete', 'Delete', 'Delete', true) : null}`
}
