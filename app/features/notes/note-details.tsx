import { Anchor, Stack, Text } from '#app/ui/core'
import type { ReactNode } from 'react'
import type { NoteDetails } from './notes-tab.server'

/** The body of a note: sanitised HTML (cleaned on save and again on the way out) or plain text with its line breaks. */
export function NoteBody({ html, body }: { html: boolean; body: string }) {
  if (!body)
    return (
      <Text size="sm" c="dimmed">
        (no text)
      </Text>
    )
  return html ? (
    <div
      className="note-body"
      style={{ fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' }}
      dangerouslySetInnerHTML={{ __html: body }}
    />
  ) : (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {body}
    </Text>
  )
}

/** A section's list, or a dimmed line when it is empty. */
function ListOr<T>({
  items,
  empty = 'None.',
  item,
}: {
  items: readonly T[]
  empty?: string
  item: (entry: T) => ReactNode
}) {
  if (!items.length) {
    return (
      <Text size="xs" c="dimmed">
        {empty}
      </Text>
    )
  }
  return <ul style={{ margin: 0, paddingLeft: 18 }}>{items.map(item)}</ul>
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {title}
      </Text>
      {children}
    </Stack>
  )
}

/** An expanded note: body, task log, recipients and files, readers. */
export function NoteDetailsPanel({ note }: { note: NoteDetails }) {
  return (
    <div
      role="region"
      aria-label={`Note ${note.nid}`}
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
        gap: 'var(--mantine-spacing-md)',
        padding: '4px 0',
      }}
    >
      <Stack gap="sm">
        <Section title="Note">
          <NoteBody html={note.html} body={note.body} />
        </Section>
        <Section title="Task log">
          {note.tasks ? (
            <Text size="xs" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
              {note.tasks}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              No entries.
            </Text>
          )}
        </Section>
      </Stack>
      <Stack gap="sm">
        {note.due ? (
          <Section title="Due">
            <Text size="sm">{note.due}</Text>
          </Section>
        ) : null}
        <Section title="Recipients">
          <ListOr
            items={note.recipients}
            item={(r) => (
              <li key={r.plid}>
                <Text size="sm" span>
                  {r.role}: {r.name} {r.email ? `<${r.email}>` : ''}
                </Text>
              </li>
            )}
          />
        </Section>
        <Section title="Files">
          <ListOr
            items={note.files}
            item={(f) => (
              <li key={f.loidfid}>
                <Anchor href={`/download/${f.loidfid}`} size="sm">
                  {f.filename}
                </Anchor>
                {f.description ? <Text size="xs" span c="dimmed">{` — ${f.description}`}</Text> : null}
              </li>
            )}
          />
        </Section>
        <Section title="Read by">
          {note.readers.length ? (
            <Text size="sm">{note.readers.map((r) => `${r.uname} (${r.at})`).join(', ')}</Text>
          ) : (
            <Text size="xs" c="dimmed">
              Nobody yet.
            </Text>
          )}
        </Section>
      </Stack>
    </div>
  )
}
