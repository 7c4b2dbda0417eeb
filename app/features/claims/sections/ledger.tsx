import { Alert, Button, Group, NativeSelect, Text, TextInput } from '#app/ui/core'
import { Link, useFetcher, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { formatDisplayDate } from '#app/domain/dates'
import { formatMoney } from '#app/domain/claims'
import type { LedgerEntry } from '#app/models/claim.server'
import { LEDGER_TYPES } from '#app/schemas/claims'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { useHydrated } from '#app/ui/use-hydrated'
import { Section } from './section'
import { parseId } from '#app/domain/ids'

/** The URL parameter naming the entry being edited (so Edit is a link and works without JavaScript). */
export const LEDGER_EDIT_PARAM = 'ledger'

interface LedgerAnswer {
  intent: string
  message?: string
  error?: string
}

/**
 * One ledger form: a plain POST without JavaScript (the page comes back with a snackbar); once hydrated,
 * a fetcher that sends `js=1`, so the answer comes back as data and the editor's unsaved fields stay.
 */
function LedgerForm({ clid, intent, label, children, onDone }: { clid: number; intent: string; label: string; children: React.ReactNode; onDone?: () => void }) {
  const fetcher = useFetcher<LedgerAnswer>()
  const hydrated = useHydrated()
  const form = useRef<HTMLFormElement>(null)
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined
  // Once per answer: onDone navigates, the page renders again with a new onDone, and running again
  // then aborted that navigation (the edit row stayed open).
  const handled = useRef<LedgerAnswer | undefined>(undefined)
  useEffect(() => {
    if (!answer?.message || handled.current === answer) return
    handled.current = answer
    form.current?.reset()
    onDone?.()
  }, [answer, onDone])
  return (
    <fetcher.Form ref={form} method="post" action={`/editClaim/${clid}`} preventScrollReset aria-label={label}>
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
    </fetcher.Form>
  )
}

function EntryFields({ entry }: { entry?: LedgerEntry }) {
  return (
    <Group gap="xs" mt="xs" align="flex-end" wrap="wrap">
      <TextInput size="xs" type="date" name="dated" label="Date" required defaultValue={entry?.dated ?? ''} />
      <NativeSelect size="xs" name="type" label="Type" data={[...LEDGER_TYPES]} defaultValue={entry?.type} />
      <TextInput size="xs" name="acct" label="Account" maxLength={60} w={120} defaultValue={entry?.acct ?? ''} />
      <TextInput size="xs" name="num" label="Number" maxLength={60} w={110} defaultValue={entry?.num ?? ''} />
      <TextInput size="xs" name="amt" label="Amount" required inputMode="decimal" pattern="-?\d{1,12}(\.\d{1,2})?" w={110} defaultValue={entry?.amt ?? ''} />
      <TextInput size="xs" name="note" label="Note" maxLength={1000} w={180} defaultValue={entry?.note ?? ''} />
    </Group>
  )
}

/** The claim's ledger (GET/POST /api/claims/{id}/ledger, PUT/DELETE …/{ledgerId}): add, edit and delete entries, each logged. */
export function LedgerSection({ clid, entries, error }: { clid: number; entries: LedgerEntry[]; error?: string }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const editing = parseId(params.get(LEDGER_EDIT_PARAM))
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
          <Button component={Link} to={withEdit(entry.id)} preventScrollReset size="compact-xs" variant="subtle" aria-label={`Edit ledger entry ${entry.id}`}>
            Edit
          </Button>
          <LedgerForm clid={clid} intent="ledger-delete" label={`Delete ledger entry ${entry.id}`}>
            <input type="hidden" name="id" value={entry.id} />
            <Button type="submit" size="compact-xs" variant="subtle" color="red" aria-label={`Delete ledger entry ${entry.id}`}>
              Delete
            </Button>
          </LedgerForm>
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
      <DataTable
        label="Ledger"
        dense
        columns={columns}
        rows={entries}
        rowKey={(entry) => entry.id}
        empty="No ledger entries."
        expanded={(entry) =>
          entry.id === editing ? (
            <LedgerForm clid={clid} intent="ledger-edit" label={`Edit ledger entry ${entry.id}`} onDone={closeEditor}>
              <input type="hidden" name="id" value={entry.id} />
              <input type="hidden" name="version" value={entry.version} />
              {/* Keyed by version: after a refused (stale) save the inputs show the current entry. */}
              <EntryFields key={entry.version} entry={entry} />
              <Group gap="xs" mt="xs">
                <Button type="submit" size="xs">
                  Save entry
                </Button>
                <Button component={Link} to={withEdit(null)} preventScrollReset size="xs" variant="default">
                  Cancel
                </Button>
              </Group>
            </LedgerForm>
          ) : null
        }
      />
      <LedgerForm clid={clid} intent="ledger-add" label="Add a ledger entry">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <EntryFields />
          <Button type="submit" size="xs" variant="default">
            Add entry
          </Button>
        </Group>
      </LedgerForm>
    </Section>
  )
}
