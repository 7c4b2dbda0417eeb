import { Anchor, Button, Group, NativeSelect, Stack, Text } from '#app/ui/core'
import { Form, Link, useFetcher, useNavigate, useNavigation } from '@remix-run/react'
import { lazy, useEffect, useRef, type MouseEvent, type ReactNode } from 'react'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { LazyPart } from '#app/ui/lazy-part'
import { statusTextColor } from '#app/ui/theme'
import { NOTE_POPUP, openPopupLink, openPopupWindow } from '#app/ui/popup'
import { NOTE_MODES, NOTE_STATUS_LIST, NOTE_SUB_BATCH, statusColor } from '#app/domain/notes'
import { NOTE_PARAMS, NOTE_TAB_COLUMNS, batchCount, batchLabel, pageRange } from '#app/domain/notes-tab'
import { NoteBody, NoteDetailsPanel } from './note-details'
import type { NoteActionResult, NoteTabRow, NotesTabView } from './notes-tab.server'
import type { ViewerLinks } from '#app/features/firms/viewer-links'
import { FormAlerts } from '#app/ui/form-alerts'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { HiddenFields, SearchField, SearchForm, ViewLinks } from '#app/ui/search'
import { FORM_CONSTRAINTS } from '#app/domain/form-constraints'

// The panels (edit row, dialogs) load only when one is open; the server renders them in place either way.
const panels = () => import('./notes-panels')
const InlineEditForm = lazy(() => panels().then((module) => ({ default: module.InlineEditForm })))
const NoteDialog = lazy(() => panels().then((module) => ({ default: module.NoteDialog })))
const ConflictNotice = lazy(() => panels().then((module) => ({ default: module.ConflictNotice })))

const P = NOTE_PARAMS
const NOTE_TABLE_PARAMS = { page: P.page, sort: P.sort, desc: P.desc }

/** "DD MMM YYYY hh:mm A" that may break only between the date and the time (the popup is narrow): one text node. */
function stamp(text: string): string {
  const at = text.indexOf(' ', text.indexOf(' ', text.indexOf(' ') + 1) + 1)
  const keep = (part: string) => part.replaceAll(' ', '\u00a0')
  return at < 0 ? keep(text) : `${keep(text.slice(0, at))} ${keep(text.slice(at + 1))}`
}

function StatusText({ status }: { status: string }) {
  const color = statusColor(status)
  return <span style={color ? { color: statusTextColor(color), fontWeight: 600 } : undefined}>{status}</span>
}

/** A click on a row's empty space toggles it; clicks on its links, buttons and fields do their own thing. */
const interactive = (event: MouseEvent) => (event.target as HTMLElement).closest('a, button, input, select, textarea, label, form') !== null

/**
 * The firm's Notes tab (spec 2 §2.4): modes Active, Status, Open and the All and Web views, a batch
 * selector (1000 notes a batch) with pages of 100, a search, create, copy, inline edit, expandable rows,
 * the tran log, delete (admin) and, in the main view, Next Job. State lives in the URL (GET links and
 * forms), changes are POST forms with an intent: all of it works without JavaScript.
 */
export function NotesTab({ fid, notes, links, inPopup, actionResult }: { fid: number; notes: NotesTabView; links: ViewerLinks; inPopup: boolean; actionResult?: NoteActionResult | null }) {
  const navigate = useNavigate()
  const navigation = useNavigation()
  const { rows, panel, selected, can } = notes
  const onPage = new Set(rows.map((row) => row.nid))
  const actionError = actionResult?.error && actionResult.intent.startsWith('note-') ? actionResult : null
  // Errors of a panel's own form show in the panel; the rest above the table.
  const panelError = actionError && panel && actionError.nid === panel.nid ? actionError : null
  const topError = actionError && !panelError ? actionError : null
  const loading = navigation.state === 'loading'
  // Row links share a base URL with the note id appended (100 rows × 4 links: no URL rebuilt per link).
  const append = (base: string, key: string, value: string) => `${base}${base.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`
  const toggleBase = links.withParams({ [P.selected]: null })
  const toggleHref = (nid: number) => append(toggleBase, P.selected, selected?.nid === nid ? '' : String(nid))
  const panelBase = links.withParams({ [P.edit]: null, [P.take]: null, [P.remove]: null, [P.tranlog]: null })
  const panelHref = (key: string, nid: number) => append(panelBase, key, String(nid))

  const copyForm = `note-copy-${fid}`
  // One handler for every row: in-page links navigate without a reload, Open opens the editor popup, a
  // click on a row's empty space expands or collapses it. Without JavaScript the links and forms work as they are.
  const onTableClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const target = event.target as HTMLElement
    const anchor = target.closest('a')
    if (anchor?.hasAttribute('data-popup')) {
      event.preventDefault()
      openPopupLink(anchor.href, NOTE_POPUP)
      return
    }
    if (anchor?.hasAttribute('data-nav')) {
      event.preventDefault()
      navigate(anchor.getAttribute('href')!, { preventScrollReset: true })
      return
    }
    if (interactive(event)) return
    const toggle = target.closest('tr')?.getAttribute('data-toggle')
    if (toggle) navigate(toggle, { preventScrollReset: true })
  }

  const renderPanel = (nid: number) => {
    if (!panel || panel.nid !== nid) return null
    const conflict = panelError?.current ? <ConflictNotice message={panelError.error ?? ''} current={panelError.current} /> : null
    return (
      <LazyPart>
        {conflict}
        {panelError?.refused ? (
          // The note changed hands meanwhile: no edit row, whatever the page had open.
          <NoteDialog fid={fid} panel={{ kind: 'refused', nid, ...panelError.refused }} links={links} />
        ) : panel.kind === 'edit' ? (
          <InlineEditForm fid={fid} panel={panel} links={links} error={panelError?.error} current={panelError?.current} result={panelError?.result} />
        ) : (
          <NoteDialog fid={fid} panel={panel} links={links} error={conflict ? undefined : panelError?.error} />
        )}
      </LazyPart>
    )
  }

  const columns: DataColumn<NoteTabRow>[] = NOTE_TAB_COLUMNS.map((column) => ({
    key: column.key,
    label: column.label,
    sortable: column.key !== 'actions',
    nowrap: column.key === 'actions' || column.key === 'type',
    className: column.key === 're' ? 'notes-re' : undefined,
    render: (row: NoteTabRow) => {
      switch (column.key) {
        case 'actions':
          return <RowActions row={row} expanded={selected?.nid === row.nid} toggleHref={toggleHref(row.nid)} panelHref={panelHref} can={can} copyForm={copyForm} />
        case 'dated':
          return stamp(row.dated)
        case 'cstamp':
          return stamp(row.cstamp)
        case 'status':
          return <StatusText status={row.status} />
        default:
          return String(row[column.key] ?? '')
      }
    },
  }))

  return (
    <Stack gap="xs">
      <style dangerouslySetInnerHTML={{ __html: NOTES_CSS }} />
      <FormAlerts error={topError?.error} />
      <Toolbar fid={fid} notes={notes} links={links} inPopup={inPopup} />
      {panel && !onPage.has(panel.nid) && !(notes.web && notes.web.notes.some((note) => note.nid === panel.nid)) ? renderPanel(panel.nid) : null}
      {notes.web ? (
        <WebPreview web={notes.web} links={links} />
      ) : (
        <>
          {selected && !onPage.has(selected.nid) ? (
            <PaperNote title={`Note ${selected.nid} · ${selected.type} · ${selected.status} · ${selected.re}`} closeHref={toggleHref(selected.nid)}>
              <NoteDetailsPanel note={selected} />
            </PaperNote>
          ) : null}
          {can.edit ? (
            // The rows' Copy buttons submit this one form (form attribute) with their note id.
            <Form method="post" id={copyForm} preventScrollReset hidden>
              <input type="hidden" name="fid" value={fid} />
              <input type="hidden" name="intent" value="note-copy" />
            </Form>
          ) : null}
          <DataTable
            label="Notes"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.nid}
            sort={notes.sort}
            params={NOTE_TABLE_PARAMS}
            hrefWith={links.withParams}
            busy={loading}
            empty={notes.search ? 'No notes match the search.' : 'No notes.'}
            // A row's empty space toggles it (data-toggle, read by the one delegated handler).
            rowProps={(row) => {
              const expanded = selected?.nid === row.nid
              // No aria-expanded here: a table row may carry it only in a treegrid (axe: aria-conditional-attr); the ▸ link says it.
              return { 'aria-selected': expanded || undefined, className: 'data-table-clickable', 'data-toggle': toggleHref(row.nid) }
            }}
            // The expandable-row slot: the row's open panel (edit row, dialog) and its details.
            expanded={(row) => {
              const extra = renderPanel(row.nid)
              const details = selected?.nid === row.nid ? <NoteDetailsPanel note={selected} /> : null
              return extra || details ? (
                <>
                  {extra}
                  {details}
                </>
              ) : null
            }}
            // Delegation only: every action is a real link or button (keyboard users use the ▸ link to expand).
            bodyProps={{ onClick: onTableClick }}
            paging={paging(notes)}
            pagerLabel="Note pages"
          />
        </>
      )}
    </Stack>
  )
}

function PaperNote({ title, closeHref, children }: { title: string; closeHref: string; children: ReactNode }) {
  return (
    <div style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)', padding: 'var(--mantine-spacing-xs)' }}>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Anchor component={Link} to={closeHref} size="xs" preventScrollReset>
          Collapse
        </Anchor>
      </Group>
      {children}
    </div>
  )
}

// Row actions are plain elements styled by classes (a page has up to 100 rows; Mantine components, a Link
// per action and inline style objects made the server render several times slower). Clicks on them are
// routed by the table's one handler. The rules ship with the tab, so they apply without JavaScript.
const NOTES_CSS = `
.notes-actions { display: inline-flex; gap: 6px; white-space: nowrap; }
.notes-act { font: inherit; font-size: var(--mantine-font-size-sm); color: var(--mantine-color-anchor); text-decoration: none; cursor: pointer; background: none; border: 0; padding: 0; }
.notes-act:hover { text-decoration: underline; }
.data-table .notes-act-danger { color: var(--mantine-color-red-text); }
.notes-re { min-width: 150px; overflow-wrap: break-word; }
`

function RowActions({ row, expanded, toggleHref, panelHref, can, copyForm }: { row: NoteTabRow; expanded: boolean; toggleHref: string; panelHref: (key: string, nid: number) => string; can: NotesTabView['can']; copyForm: string }) {
  const panel = (key: string) => panelHref(key, row.nid)
  return (
    <span className="notes-actions">
      <a href={toggleHref} data-nav="" className="notes-act" aria-label={`${expanded ? 'Collapse' : 'Expand'} note ${row.nid}`} aria-expanded={expanded}>
        {expanded ? '▾' : '▸'}
      </a>
      <a href={`/editNoteEmail/${row.nid}`} target="_blank" rel="noreferrer" data-popup="" className="notes-act" aria-label={`Open note ${row.nid} in the editor`}>
        Open
      </a>
      {can.edit ? (
        <>
          <a href={panel(P.edit)} data-nav="" className="notes-act" aria-label={`Edit note ${row.nid}`}>
            Edit
          </a>
          <button type="submit" form={copyForm} name="nid" value={row.nid} aria-label={`Copy note ${row.nid}`} className="notes-act">
            Copy
          </button>
        </>
      ) : null}
      <a href={panel(P.tranlog)} data-nav="" className="notes-act" aria-label={`Tran log of note ${row.nid}`}>
        Log
      </a>
      {can.delete ? (
        <a href={panel(P.remove)} data-nav="" className="notes-act notes-act-danger" aria-label={`Delete note ${row.nid}`}>
          Delete
        </a>
      ) : null}
    </span>
  )
}

function Toolbar({ fid, notes, links, inPopup }: { fid: number; notes: NotesTabView; links: ViewerLinks; inPopup: boolean }) {
  const navigate = useNavigate()
  // The search is a GET form (bookmarkable): Conform binds its field with the generated constraints.
  const [searchForm, searchFields] = useServerForm<{ nq: string }>(formIdFor(`notes-search-${fid}`, { nq: notes.search }), FORM_CONSTRAINTS.notesSearch, {
    defaultValue: { nq: notes.search },
  })
  const batches = batchCount(notes.count)
  const keep = (except: readonly string[]) => <HiddenFields entries={links.keep([...except, P.page, P.batch, P.edit, P.take, P.remove, P.tranlog])} />
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap={4} wrap="wrap" role="navigation" aria-label="Note views">
          <ViewLinks views={NOTE_MODES} current={notes.mode} href={(mode) => links.withParams({ [P.mode]: mode, [P.page]: null, [P.batch]: null })} size="compact-xs" />
          {notes.mode === 'Status' ? (
            <Form method="get" preventScrollReset aria-label="Note status">
              {keep([P.status])}
              <Group gap={4}>
                <NativeSelect
                  name={P.status}
                  size="xs"
                  aria-label="Status"
                  defaultValue={notes.status}
                  data={[...NOTE_STATUS_LIST]}
                  onChange={(event) => navigate(links.withParams({ [P.status]: event.currentTarget.value, [P.page]: null, [P.batch]: null }), { preventScrollReset: true })}
                />
                <noscript>
                  <button type="submit">Show</button>
                </noscript>
              </Group>
            </Form>
          ) : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          <SearchForm form={searchForm} label="Search notes">
            {keep([P.search, P.selected])}
            <SearchField field={searchFields.nq} label="Search notes" w={200} placeholder="Search notes" button={false} />
          </SearchForm>
          <Button component={Link} to={links.withParams({ [P.edit]: null, [P.take]: null, [P.remove]: null, [P.tranlog]: null })} size="xs" variant="default" preventScrollReset>
            Refresh
          </Button>
          {notes.can.edit ? <CreateNoteButton fid={fid} /> : null}
          {inPopup ? null : (
            // Next Job takes the user's next job and opens it below as Active (the firms search page's jobs action).
            <Form method="post" preventScrollReset>
              <Button type="submit" name="intent" value="job-next" size="xs" variant="light">
                Next Job
              </Button>
            </Form>
          )}
        </Group>
      </Group>
      {batches > 1 && !notes.web ? (
        <Group gap={6} role="navigation" aria-label="Note batches">
          <Text size="xs" c="dimmed">
            Batch:
          </Text>
          {Array.from({ length: batches }, (_, index) => index + 1).map((batch) => (
            <Anchor key={batch} component={Link} to={links.withParams({ [P.batch]: String(batch), [P.page]: null })} size="xs" fw={batch === notes.batch ? 700 : 400} aria-current={batch === notes.batch ? 'page' : undefined} preventScrollReset>
              {batchLabel(batch, notes.count)}
            </Anchor>
          ))}
        </Group>
      ) : null}
    </Stack>
  )
}

/**
 * Create (note-edit): a new memo 'NEW NOTE' in the user's name. Without JavaScript the editor opens in
 * this window; with it, in a popup of the firm popup's size while the list refreshes.
 */
function CreateNoteButton({ fid }: { fid: number }) {
  const fetcher = useFetcher<NoteActionResult>()
  const popup = useRef<Window | null>(null)
  const created = fetcher.data?.created
  useEffect(() => {
    if (!created) return
    const url = `/editNoteEmail/${created}`
    if (popup.current && !popup.current.closed) popup.current.location.href = url
    else window.location.assign(url)
    popup.current = null
  }, [created])
  return (
    <Form
      method="post"
      preventScrollReset
      onSubmit={(event) => {
        event.preventDefault()
        // Opened now, while the click still counts as the user's: a window opened after the answer is blocked.
        popup.current = openPopupWindow('about:blank', NOTE_POPUP)
        fetcher.submit({ intent: 'note-create', fid: String(fid), js: '1' }, { method: 'post' })
      }}
    >
      <input type="hidden" name="fid" value={fid} />
      <Button type="submit" name="intent" value="note-create" size="xs" loading={fetcher.state !== 'idle'}>
        Create Note
      </Button>
      {fetcher.data?.error ? (
        <Text size="xs" c="red" role="alert">
          {fetcher.data.error}
        </Text>
      ) : null}
    </Form>
  )
}

/** Pages of 100 within the chosen batch of 1000 (spec 2 §9): the pager pages the batch, the text places it. */
function paging(notes: NotesTabView) {
  const range = pageRange(notes.batch, notes.page, notes.count)
  const batches = batchCount(notes.count)
  return {
    page: notes.page,
    perPage: NOTE_SUB_BATCH,
    count: range.inBatch,
    summary: notes.count === 0 ? '0 notes' : `${range.first}–${range.last} of ${range.inBatch}${batches > 1 ? ` in batch ${batchLabel(notes.batch, notes.count)} of ${notes.count}` : ''}`,
  }
}

/** The Web view (spec 2 §9): the firm's notes within 6 months before and 1 day after the chosen note, to read through. */
function WebPreview({ web, links }: { web: NonNullable<NotesTabView['web']>; links: ViewerLinks }) {
  return (
    <Stack gap="xs" role="region" aria-label="Web preview">
      <Text size="sm" c="dimmed">
        Notes dated {web.from} to {web.to}, around note {web.chosen}. Pick another note to move the window.
      </Text>
      {web.notes.map((note) => (
        <article
          key={note.nid}
          aria-label={`Note ${note.nid}`}
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderLeft: note.nid === web.chosen ? '4px solid var(--mantine-primary-color-filled)' : undefined,
            borderRadius: 'var(--mantine-radius-sm)',
            padding: 'var(--mantine-spacing-xs)',
          }}
        >
          <Group gap="sm" mb={4} wrap="wrap">
            <Text size="sm" fw={600}>
              {note.dated}
            </Text>
            <Text size="sm">{note.type}</Text>
            <Text size="sm">
              <StatusText status={note.status} />
            </Text>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {note.re}
            </Text>
            <Text size="xs" c="dimmed">
              for {note.staff || '—'} · by {note.opener || '—'} · #{note.nid}
            </Text>
            {note.nid === web.chosen ? null : (
              <Anchor component={Link} to={links.withParams({ [P.selected]: String(note.nid) })} size="xs" preventScrollReset>
                Centre here
              </Anchor>
            )}
          </Group>
          <NoteBody html={note.html} body={note.body} />
        </article>
      ))}
    </Stack>
  )
}

export default NotesTab
