import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Alert, Button, Group, Text } from '#app/ui/core'
import { RemoveButton } from '#app/ui/remove-button'
import { LinkButton } from '#app/ui/link-button'
import { Link, useFetcher, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { formatDisplayDate } from '#app/domain/dates'
import { formatMoney } from '#app/domain/claims'
import type { LedgerEntry } from '#app/models/claim.server'
import { LEDGER_TYPES } from '#app/domain/claims'
import { type DataColumn } from '#app/ui/data-table'
import { LedgerTable } from '#app/ui/ledger-table'
import { useHydrated } from '#app/ui/use-hydrated'
import { SelectField, TextField } from '#app/ui/fields'
import { useServerForm } from '#app/ui/use-server-form'
import { constraints as ledgerEditConstraints } from '#app/domain/form-constraints/ledger-edit'
import { constraints as ledgerAddConstraints } from '#app/domain/form-constraints/ledger-add'
import { replyFor } from '#app/http/intent'
import { Section } from './section'
import { parseId } from '#app/domain/ids'

/** The URL parameter naming the entry being edited (so Edit is a link and works without JavaScript). */
export const LEDGER_EDIT_PARAM = 'ledger'

/** A ledger form's answer: the multi-intent shape (app/http/intent.server), with the success message. */
export interface LedgerAnswer {
  intent: string
  message?: string
  error?: string
  result?: SubmissionResult<string[]> | null
}

type EntryValues = Record<'dated' | 'type' | 'acct' | 'num' | 'amt' | 'note', string>
const TYPE_OPTIONS = LEDGER_TYPES.map((type) => ({ value: type, label: type }))

/**
 * One ledger form's posting: a plain POST without JavaScript (the page comes back with a snackbar, or
 * with the refusal as the page's answer, `pageAnswer`); once hydrated, a fetcher that sends `js=1`, so
 * the answer comes back as data and the editor's unsaved fields stay.
 */
function useLedgerPost(pageAnswer: LedgerAnswer | null, onDone?: () => void) {
  const fetcher = useFetcher<LedgerAnswer>()
  const form = useRef<HTMLFormElement>(null)
  const answer = fetcher.state === 'idle' ? (fetcher.data ?? pageAnswer ?? undefined) : undefined
  // Once per answer: onDone navigates, the page renders again with a new onDone, and running again
  // then aborted that navigation (the edit row stayed open).
  const handled = useRef<LedgerAnswer | undefined>(undefined)
  useEffect(() => {
    if (!answer?.message || handled.current === answer) return
    handled.current = answer
    form.current?.reset()
    onDone?.()
  }, [answer, onDone])
  return { fetcher, form, answer }
}

/** The hidden fields and the answer's lines every ledger form has. */
function LedgerFormParts({
  intent,
  answer,
  children,
}: {
  intent: string
  answer: LedgerAnswer | undefined
  children: React.ReactNode
}) {
  const hydrated = useHydrated()
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {children}
      {answer?.error ? (
        <Text size="xs" c="red" role="alert">
          {answer.error}
        </Text>
      ) : null}
      {answer?.message ? (
        <Text size="xs" role="status">
          {answer.message}
        </Text>
      ) : null}
    </>
  )
}

/**
 * An entry's fields (add, or edit a row), bound by Conform with the constraints of its schema; a
 * refused save marks each field with its message. The form id carries the entry's version, so after
 * a refused (stale) save the inputs show the current entry.
 */
function EntryForm({
  clid,
  entry,
  pageAnswer,
  onDone,
  children,
}: {
  clid: number
  entry?: LedgerEntry
  pageAnswer: LedgerAnswer | null
  onDone?: () => void
  children: React.ReactNode
}) {
  const intent = entry ? 'ledger-edit' : 'ledger-add'
  const { fetcher, form: formRef, answer } = useLedgerPost(pageAnswer, onDone)
  const [form, fields] = useServerForm<EntryValues>(
    entry ? `ledger-edit-${entry.id}-v${entry.version}` : `ledger-add-${clid}`,
    entry ? ledgerEditConstraints : ledgerAddConstraints,
    {
      lastResult: answer?.result,
      defaultValue: entry
        ? {
            dated: entry.dated,
            type: entry.type,
            acct: entry.acct ?? '',
            num: entry.num ?? '',
            amt: entry.amt,
            note: entry.note ?? '',
          }
        : undefined,
    },
  )
  // An edit posts to the address with its row open, so a refusal without JavaScript shows it in the row.
  const action = entry ? `/editClaim/${clid}?${LEDGER_EDIT_PARAM}=${entry.id}` : `/editClaim/${clid}`
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      preventScrollReset
      aria-label={entry ? `Edit ledger entry ${entry.id}` : 'Add a ledger entry'}
      {...getFormProps(form)}
    >
      <LedgerFormParts intent={intent} answer={answer}>
        {entry ? (
          <>
            <input type="hidden" name="id" value={entry.id} />
            <input type="hidden" name="version" value={entry.version} />
          </>
        ) : null}
        <Group gap="xs" mt={entry ? 'xs' : 0} align="flex-end" wrap="wrap">
          <TextField field={fields.dated} type="date" label="Date" size="xs" />
          <SelectField field={fields.type} label="Type" size="xs" options={TYPE_OPTIONS} placeholder={null} />
          <TextField field={fields.acct} label="Account" size="xs" w={120} />
          <TextField field={fields.num} label="Number" size="xs" w={110} />
          <TextField field={fields.amt} label="Amount" size="xs" inputMode="decimal" w={110} />
          <TextField field={fields.note} label="Note" size="xs" w={180} />
          {entry ? null : children}
        </Group>
        {entry ? children : null}
      </LedgerFormParts>
    </fetcher.Form>
  )
}

/** A row's Delete: a form with the entry's id only. */
function DeleteForm({ clid, entry }: { clid: number; entry: LedgerEntry }) {
  const { fetcher, form, answer } = useLedgerPost(null)
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={`/editClaim/${clid}`}
      preventScrollReset
      aria-label={`Delete ledger entry ${entry.id}`}
    >
      <LedgerFormParts intent="ledger-delete" answer={answer}>
        <input type="hidden" name="id" value={entry.id} />
        <RemoveButton type="submit" aria-label={`Delete ledger entry ${entry.id}`}>
          Delete
        </RemoveButton>
      </LedgerFormParts>
    </fetcher.Form>
  )
}

/** The claim's ledger (GET/POST /api/claims/{id}/ledger, PUT/DELETE …/{ledgerId}): add, edit and delete entries, each logged. */
export function LedgerSection({
  clid,
  entries,
  answer,
}: {
  clid: number
  entries: LedgerEntry[]
  answer?: LedgerAnswer | null
}) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const editing = parseId(params.get(LEDGER_EDIT_PARAM))
  // A refusal the page came back with (a post without JavaScript) shows in its own form when that form
  // is here, else above the table (a delete, or an edit whose entry is gone).
  const addAnswer = replyFor(answer, 'ledger-add')
  const editAnswer = entries.some((entry) => entry.id === editing) ? replyFor(answer, 'ledger-edit') : null
  const error = answer?.intent.startsWith('ledger-') && !addAnswer && !editAnswer ? answer.error : undefined
  const withEdit = (id: number | null) => {
    const next = new URLSearchParams(params)
    if (id === null) next.delete(LEDGER_EDIT_PARAM)
    else next.set(LEDGER_EDIT_PARAM, String(id))
    const query = next.toString()
    return `/editClaim/${clid}${query ? `?${query}` : ''}#ledger`
  }
  const closeEditor = () => navigate(withEdit(null), { replace: true, preventScrollReset: true })
  const columns: DataColumn<LedgerEntry>[] = [
    { key: 'dated', label: 'Date', nowrap: true, render: (entry) => formatDisplayDate(entry.dated) },
    { key: 'type', label: 'Type' },
    { key: 'acct', label: 'Account', render: (entry) => entry.acct ?? '' },
    { key: 'payee', label: 'Paid to', render: (entry) => entry.payee ?? '' },
    { key: 'num', label: 'Number', render: (entry) => entry.num ?? '' },
    { key: 'amt', label: 'Amount', nowrap: true, render: (entry) => formatMoney(entry.amt) },
    { key: 'note', label: 'Note', render: (entry) => entry.note ?? '' },
    { key: 'createdBy', label: 'By', render: (entry) => entry.createdBy ?? '' },
    {
      key: 'actions',
      label: 'Actions',
      nowrap: true,
      render: (entry) => (
        <Group gap={4} wrap="nowrap">
          <Button
            component={Link}
            to={withEdit(entry.id)}
            preventScrollReset
            size="compact-xs"
            variant="subtle"
            aria-label={`Edit ledger entry ${entry.id}`}
          >
            Edit
          </Button>
          <DeleteForm clid={clid} entry={entry} />
        </Group>
      ),
    },
  ]
  return (
    <Section title="Ledger" id="ledger">
      {error ? (
        <Alert color="red" role="alert" mb="xs">
          {error}
        </Alert>
      ) : null}
      <LedgerTable
        columns={columns}
        rows={entries}
        rowKey={(entry) => entry.id}
        expanded={(entry) =>
          entry.id === editing ? (
            <EntryForm clid={clid} entry={entry} pageAnswer={editAnswer} onDone={closeEditor}>
              <Group gap="xs" mt="xs">
                <Button type="submit" size="xs">
                  Save entry
                </Button>
                <LinkButton to={withEdit(null)} variant="default">
                  Cancel
                </LinkButton>
              </Group>
            </EntryForm>
          ) : null
        }
      />
      <EntryForm clid={clid} pageAnswer={addAnswer}>
        <Button type="submit" size="xs" variant="default">
          Add entry
        </Button>
      </EntryForm>
    </Section>
  )
}
