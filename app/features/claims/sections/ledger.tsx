import { Alert, Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { Form } from '@remix-run/react'
import { formatDisplayDate } from '#app/domain/dates'
import { formatMoney } from '#app/domain/claims'
import type { LedgerEntry } from '#app/models/claim.server'
import { Section } from './section'

const TYPES = ['monitor', 'defense', 'damages', 'deductible'] as const

/** The claim's ledger (GET/POST /api/claims/{id}/ledger, PUT/DELETE …/{ledgerId}): the entries, add and delete. */
export function LedgerSection({ clid, entries, error }: { clid: number; entries: LedgerEntry[]; error?: string }) {
  const action = `/editClaim/${clid}`
  return (
    <Section title="Ledger" id="ledger">
      {error ? (
        <Alert color="red" role="alert" mb="xs">
          {error}
        </Alert>
      ) : null}
      <table className="data-table data-table-dense" aria-label="Ledger">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col">Account</th>
            <th scope="col">Paid to</th>
            <th scope="col">Number</th>
            <th scope="col">Amount</th>
            <th scope="col">Note</th>
            <th scope="col">By</th>
            <th scope="col" aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="nowrap">{formatDisplayDate(entry.dated)}</td>
              <td>{entry.type}</td>
              <td>{entry.acct ?? ''}</td>
              <td>{entry.payee ?? ''}</td>
              <td>{entry.num ?? ''}</td>
              <td className="nowrap">{formatMoney(entry.amt)}</td>
              <td>{entry.note ?? ''}</td>
              <td>{entry.createdBy ?? ''}</td>
              <td>
                <Form method="post" action={action} preventScrollReset>
                  <input type="hidden" name="intent" value="ledger-delete" />
                  <input type="hidden" name="id" value={entry.id} />
                  <Button type="submit" size="compact-xs" variant="subtle" color="red" aria-label={`Delete ledger entry ${entry.id}`}>
                    Delete
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="post" action={action} preventScrollReset aria-label="Add a ledger entry">
        <input type="hidden" name="intent" value="ledger-add" />
        <Group gap="xs" mt="xs" align="flex-end" wrap="wrap">
          <TextInput size="xs" type="date" name="dated" label="Date" required />
          <NativeSelect size="xs" name="type" label="Type" data={[...TYPES]} />
          <TextInput size="xs" name="acct" label="Account" maxLength={60} w={120} />
          <TextInput size="xs" name="num" label="Number" maxLength={60} w={110} />
          <TextInput size="xs" name="amt" label="Amount" required inputMode="decimal" pattern="-?\d{1,12}(\.\d{1,2})?" w={110} />
          <TextInput size="xs" name="note" label="Note" maxLength={1000} w={180} />
          <Button type="submit" size="xs" variant="default">
            Add entry
          </Button>
        </Group>
      </Form>
    </Section>
  )
}
