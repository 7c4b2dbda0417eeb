import { Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '#app/ui/core'
import { useState } from 'react'
import { RECIPIENT_ROLES, type RecipientRole } from '#app/domain/note-editor'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { searchMessage, useRecipientSearch } from './hooks'
import { removeColumn } from './remove-column'
import type { EditorView, RecipientRow, RecipientSearchResult } from './types'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { inputProps } from '#app/ui/field-props'
import { controlled, type Field } from '#app/ui/fields'

const ROLE_LABEL: Record<RecipientRole, string> = { to: 'To', cc: 'Cc', bcc: 'Bcc' }

/**
 * Prep (spec 2 §2.5): the note's recipients with To/Cc/Bcc toggles, and a people search to add more.
 * The rows are form fields (rcpt, rcptTo, rcptCc, rcptBcc), saved with the note. Without JavaScript the
 * search is a submit that lists matches with "Add as" buttons; with it, the search runs as one types.
 */
export function RecipientsSection({
  view,
  searchField,
  recipients,
  editable,
  hydrated,
  onToggle,
  onAdd,
  onRemove,
}: {
  view: EditorView
  /** The search term's Conform field (rq): it travels with the editor's form. */
  searchField: Field
  recipients: RecipientRow[]
  editable: boolean
  hydrated: boolean
  onToggle: (plid: number, role: RecipientRole, on: boolean) => void
  onAdd: (person: RecipientSearchResult, role: RecipientRole) => void
  onRemove: (plid: number) => void
}) {
  const [term, setTerm] = useState(view.search?.term ?? '')
  const live = useRecipientSearch(view.note.nid, term, hydrated && editable)
  const results = hydrated ? (live.state === 'done' ? live.results : []) : (view.search?.results ?? [])
  const message = hydrated ? searchMessage(live) : view.search ? view.search.message : NOTE_MESSAGES.recipientsMin
  const onNote = new Set(recipients.map((row) => row.plid))

  const columns: DataColumn<(typeof recipients)[number]>[] = [
    {
      key: 'name',
      label: 'Name',
      render: (row) => (
        <>
          <input type="hidden" name="rcpt" value={row.plid} />
          {row.name}
        </>
      ),
    },
    {
      key: 'email',
      label: 'Email',
      render: (row) =>
        row.email ?? (
          <Text span size="xs" c="red">
            no email
          </Text>
        ),
    },
    { key: 'where', label: 'Firm / contact' },
    ...RECIPIENT_ROLES.map((role) => ({
      key: role,
      label: ROLE_LABEL[role],
      className: 'ne-center',
      render: (row: (typeof recipients)[number]) => (
        <Checkbox
          size="xs"
          name={`rcpt${ROLE_LABEL[role]}`}
          value={row.plid}
          aria-label={`${ROLE_LABEL[role]}: ${row.name}`}
          checked={row[role]}
          disabled={!editable}
          onChange={(event) => onToggle(row.plid, role, event.currentTarget.checked)}
          className="ne-checkbox-center"
        />
      ),
    })),
    ...removeColumn<(typeof recipients)[number]>(editable, {
      intent: (row) => `remove:${row.plid}`,
      label: (row) => `Remove ${row.name}`,
      onClick: (row, event) => {
        if (!hydrated) return
        event.preventDefault()
        onRemove(row.plid)
      },
    }),
  ]

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      id="recipients"
      component="section"
      aria-labelledby="recipients-title"
      className="ne-card"
    >
      <Group justify="space-between" mb={6}>
        <Title order={2} size="h6" id="recipients-title">
          Recipients
        </Title>
        <Text size="xs" c="dimmed">
          {recipients.length === 1 ? '1 person' : `${recipients.length} people`}
        </Text>
      </Group>
      {recipients.length ? (
        <DataTable label="Recipients" columns={columns} rows={recipients} rowKey={(row) => row.plid} dense />
      ) : (
        <Text size="sm" c="dimmed">
          No recipients yet.
        </Text>
      )}
      {editable ? (
        <Stack gap={6} mt="sm">
          <Group gap="xs" align="end" wrap="nowrap">
            <TextInput
              {...controlled(inputProps(searchField, { type: 'text' }))}
              label="Add people"
              description="Search by name or email; people of a firm need an email address."
              placeholder="Type a name or email"
              size="xs"
              autoComplete="off"
              value={term}
              onChange={(event) => setTerm(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (hydrated && event.key === 'Enter') event.preventDefault()
              }}
              style={{ flex: 1 }}
              aria-describedby="recipient-search-status"
              error={searchField.errors?.[0]}
            />
            {hydrated ? null : (
              <Button type="submit" name="intent" value="recipient-search" size="xs" variant="default">
                Search
              </Button>
            )}
          </Group>
          <Text
            size="xs"
            c={live.state === 'failed' && hydrated ? 'red' : 'dimmed'}
            id="recipient-search-status"
            role="status"
            aria-live="polite"
          >
            {message ?? ''}
          </Text>
          {results.length ? (
            <ul className="ne-results" aria-label="People found">
              {results.map((person) => (
                <li key={person.plid}>
                  <div>
                    <Text size="sm" fw={500} span>
                      {person.name}
                    </Text>{' '}
                    <Text size="xs" c="dimmed" span>
                      {person.email ?? 'no email'}
                      {person.where ? ` · ${person.where}` : ''}
                    </Text>
                    {onNote.has(person.plid) ? (
                      <Badge size="xs" variant="light" ml={6}>
                        added
                      </Badge>
                    ) : null}
                  </div>
                  <Group gap={4} wrap="nowrap">
                    {RECIPIENT_ROLES.map((role) => (
                      <Button
                        key={role}
                        type="submit"
                        name="intent"
                        value={`add:${role}:${person.plid}`}
                        size="compact-xs"
                        variant="light"
                        disabled={!person.email}
                        aria-label={`Add ${person.name} as ${ROLE_LABEL[role]}`}
                        onClick={(event) => {
                          if (!hydrated) return
                          event.preventDefault()
                          onAdd(person, role)
                        }}
                      >
                        {ROLE_LABEL[role]}
                      </Button>
                    ))}
                  </Group>
                </li>
              ))}
            </ul>
          ) : null}
        </Stack>
      ) : null}
    </Paper>
  )
}
