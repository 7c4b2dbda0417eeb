import { usePanelFocus } from '#app/ui/panel-focus'
import { LinkButton } from '#app/ui/link-button'
import { Group, Paper, Text, Title } from '#app/ui/core'
import { useRef } from 'react'
import { ConfirmPanel } from '#app/ui/confirm-panel'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { NOTE_PARAMS } from '#app/domain/notes-tab'
import type { NotePanel } from './notes-tab.server'
import type { ViewerLinks } from '#app/ui/firm-tab'

/**
 * The Notes tab's addressable confirmations and dialogs (Note Taken / take over, delete, tran log, a
 * lost race); the inline edit row is notes-inline-edit.tsx. Each is rendered by the server from the
 * URL, so it works without JavaScript; closing one is a link that drops its parameter. Loaded only when
 * a panel is open.
 */

type EditPanel = Extract<NotePanel, { kind: 'edit' }>

type TranlogRow = Extract<NotePanel, { kind: 'tranlog' }>['rows'][number]
const TRANLOG_COLUMNS: DataColumn<TranlogRow>[] = [
  { key: 'type', label: 'Type' },
  { key: 'status', label: 'Status' },
  { key: 'queued', label: 'Queued', nowrap: true },
  { key: 'sent', label: 'Sent', nowrap: true },
  { key: 'note', label: 'Note', className: 'data-table-anywhere' },
]

/** The dialogs that are not the edit row: Note Taken (with an admin's take-over), refusals, delete, tran log. */
export function NoteDialog({
  fid,
  panel,
  links,
  error,
}: {
  fid: number
  panel: Exclude<NotePanel, EditPanel>
  links: ViewerLinks
  error?: string
}) {
  switch (panel.kind) {
    case 'refused':
      return (
        <ConfirmPanel title={panel.title} error={error} cancelHref={links.withParams({ [NOTE_PARAMS.edit]: null })}>
          {panel.message}
        </ConfirmPanel>
      )
    case 'take':
      return (
        <ConfirmPanel
          title={panel.title}
          error={error}
          confirm={{ intent: 'note-take', label: 'Take note' }}
          fields={{ fid, nid: panel.nid, version: panel.version }}
          cancelHref={links.withParams({ [NOTE_PARAMS.edit]: null, [NOTE_PARAMS.take]: null })}
        >
          {panel.message}
          <Text size="sm" fw={600}>
            {panel.question}
          </Text>
        </ConfirmPanel>
      )
    case 'delete':
      return (
        <ConfirmPanel
          title={`Delete note ${panel.nid}?`}
          warning={panel.message}
          error={error}
          confirm={{ intent: 'note-delete', label: 'Delete permanently', danger: true }}
          fields={{ fid, nid: panel.nid }}
          cancelHref={links.withParams({ [NOTE_PARAMS.remove]: null })}
        >
          {panel.re}
        </ConfirmPanel>
      )
    case 'tranlog':
      return (
        <TranlogPanel nid={panel.nid} rows={panel.rows} closeHref={links.withParams({ [NOTE_PARAMS.tranlog]: null })} />
      )
  }
}

/** A note's tran log, opened in place by its row's Log link: focused, Escape closes (usePanelFocus). */
function TranlogPanel({ nid, rows, closeHref }: { nid: number; rows: TranlogRow[]; closeHref: string }) {
  const ref = useRef<HTMLDivElement>(null)
  usePanelFocus(ref, closeHref)
  return (
    <div ref={ref}>
      <Paper withBorder p="sm" role="dialog" aria-labelledby={`note-dialog-${nid}`} tabIndex={-1}>
        <Title order={3} size="h5" id={`note-dialog-${nid}`} mb="xs">
          Tran Log · note {nid}
        </Title>
        <DataTable
          label="Tran log"
          columns={TRANLOG_COLUMNS}
          rows={rows}
          rowKey={(row) => row.id}
          empty="Nothing was sent from this note."
        />
        <Group mt="xs">
          <LinkButton to={closeHref} variant="default">
            Close
          </LinkButton>
        </Group>
      </Paper>
    </div>
  )
}
