import { Anchor, Button, Group, NativeSelect, Stack, Text } from '#app/ui/core'
import { LinkButton } from '#app/ui/link-button'
import { Form, Link, useFetcher, useNavigate, useNavigation } from '@remix-run/react'
import { lazy, useEffect, useRef, type ReactNode } from 'react'
import { DataTable, popupLink, type DataColumn } from '#app/ui/data-table'
import { attrs, html, type Html } from '#app/ui/html'
import { LazyPart } from '#app/ui/lazy-part'
import { NOTE_POPUP, openPopupWindow } from '#app/ui/popup'
import { withParam } from '#app/ui/use-href-with'
import { breakBeforeTime } from '#app/domain/dates'
import { NOTE_MODES, NOTE_STATUS_LIST, NOTE_SUB_BATCH, statusColor } from '#app/domain/notes'
import { NOTE_PARAMS, NOTE_TAB_COLUMNS, batchCount, batchLabel, pageRange } from '#app/domain/notes-tab'
import { NoteBody, NoteDetailsPanel } from './note-details'
import type { NoteActionResult, NoteTabRow, NotesTabView } from './notes-tab.server'
import type { FirmTabProps, ViewerLinks } from '#app/ui/firm-tab'
import { FormAlerts } from '#app/ui/form-alerts'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { HiddenFields, SearchField, SearchForm, ViewLinks } from '#app/ui/search'
import { constraints as notesSearchConstraints } from '#app/domain/form-constraints/notes-search'

// The panels (edit row, dialogs) load only when one is open; the server renders them in place either way.
// The edit row is a module of its own: a page with it open loads no dialog code.
const inlineEdit = () => import('./notes-inline-edit')
const InlineEditForm = lazy(() => inlineEdit().then((module) => ({ default: module.InlineEditForm })))
const ConflictNotice = lazy(() => inlineEdit().then((module) => ({ default: module.ConflictNotice })))
const NoteDialog = lazy(() => import('./notes-panels').then((module) => ({ default: module.NoteDialog })))

const P = NOTE_PARAMS
const NOTE_TABLE_PARAMS = { page: P.page, sort: P.sort, desc: P.desc }

/** A note's status in its colour (xtreme red, urgent blue: the app's CSS by data-tone). */
function statusText(status: string): Html {
  return html`<span${attrs({ 'data-tone': statusColor(status) })}>${status}</span>`
}

/**
 * The firm's Notes tab (spec 2 §2.4): modes Active, Status, Open and the All and Web views, a batch
 * selector (1000 notes a batch) with pages of 100, a search, create, copy, inline edit, expandable rows,
 * the tran log, delete (admin) and, in the main view, Next Job. State lives in the URL (GET links and
 * forms), changes are POST forms with an intent: all of it works without JavaScript.
 */
export function NotesTab({
  fid,
  data: notes,
  links,
  inPopup,
  actionResult,
}: FirmTabProps<NotesTabView, NoteActionResult>) {
  const navigate = useNavigate()
  const navigation = useNavigation()
  const { rows, panel, selected, can } = notes
  const onPage = new Set(rows.map((row) => row.nid))
  const actionError = actionResult?.error && actionResult.intent.startsWith('note-') ? actionResult : null
  // Errors of a panel's own form show in the panel (an inline edit's refused fields come without a note id:
  // they are the open edit row's); the rest above the table.
  const panelNid =
    actionError?.nid ?? (actionError?.intent === 'note-inline' && panel?.kind === 'edit' ? panel.nid : null)
  const panelError = actionError && panel && panelNid === panel.nid ? actionError : null
  const topError = actionError && !panelError ? actionError : null
  const loading = navigation.state === 'loading'
  // Row links share a base URL with the note id appended (100 rows × 4 links: no URL rebuilt per link).
  const toggleBase = links.withParams({ [P.selected]: null })
  const toggleHref = (nid: number) => withParam(toggleBase, P.selected, selected?.nid === nid ? '' : String(nid))
  const panelBase = links.withParams({ [P.edit]: null, [P.take]: null, [P.remove]: null, [P.tranlog]: null })
  const panelHref = (key: string, nid: number) => withParam(panelBase, key, String(nid))

  const copyForm = `note-copy-${fid}`

  const renderPanel = (nid: number) => {
    if (!panel || panel.nid !== nid) return null
    const conflict = panelError?.current ? (
      <ConflictNotice message={panelError.error ?? ''} current={panelError.current} />
    ) : null
    return (
      <LazyPart>
        {conflict}
        {panelError?.refused ? (
          // The note changed hands meanwhile: no edit row, whatever the page had open.
          <NoteDialog fid={fid} panel={{ kind: 'refused', nid, ...panelError.refused }} links={links} />
        ) : panel.kind === 'edit' ? (
          <InlineEditForm
            fid={fid}
            panel={panel}
            links={links}
            error={panelError?.error}
            current={panelError?.current}
            result={panelError?.result}
          />
        ) : (
          <NoteDialog fid={fid} panel={panel} links={links} error={conflict ? undefined : panelError?.error} />
        )}
      </LazyPart>
    )
  }

  // Rows as markup (pages of 100); an open note's panel and details are React, in the row's expansion.
  const columns: DataColumn<NoteTabRow>[] = NOTE_TAB_COLUMNS.map((column) => ({
    key: column.key,
    label: column.label,
    sortable: column.key !== 'actions',
    nowrap: column.key === 'actions' || column.key === 'type',
    className: column.key === 're' ? 'notes-re' : undefined,
    html: (row: NoteTabRow) => {
      switch (column.key) {
        case 'actions':
          return rowActions(row, selected?.nid === row.nid, toggleHref(row.nid), panelHref, can, copyForm)
        case 'dated':
          return breakBeforeTime(row.dated)
        case 'cstamp':
          return breakBeforeTime(row.cstamp)
        case 'status':
          return statusText(row.status)
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
      {panel && !onPage.has(panel.nid) && !(notes.web && notes.web.notes.some((note) => note.nid === panel.nid))
        ? renderPanel(panel.nid)
        : null}
      {notes.web ? (
        <WebPreview web={notes.web} links={links} />
      ) : (
        <>
          {selected && !onPage.has(selected.nid) ? (
            <PaperNote
              title={`Note ${selected.nid} · ${selected.type} · ${selected.status} · ${selected.re}`}
              closeHref={toggleHref(selected.nid)}
            >
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
            // What the cells read besides the row: the selected note, the addresses the row links keep, the rights.
            markupDeps={[selected?.nid, toggleBase, panelBase, can, copyForm]}
            sort={notes.sort}
            params={NOTE_TABLE_PARAMS}
            hrefWith={links.withParams}
            busy={loading}
            empty={notes.search ? 'No notes match the search.' : 'No notes.'}
            // A click on a row's empty space expands or collapses it (its links, buttons and fields do their
            // own thing). No aria-expanded on the row: a table row may carry it only in a treegrid (axe:
            // aria-conditional-attr); the ▸ link says it.
            selectedKey={selected?.nid}
            onRowClick={(row) => navigate(toggleHref(row.nid), { preventScrollReset: true })}
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
    <div
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-sm)',
        padding: 'var(--mantine-spacing-xs)',
      }}
    >
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

/** A row's actions: plain links and a Copy button of the one copy form; the table's body follows the links (keyboard users expand with ▸). */
function rowActions(
  row: NoteTabRow,
  expanded: boolean,
  toggleHref: string,
  panelHref: (key: string, nid: number) => string,
  can: NotesTabView['can'],
  copyForm: string,
): Html {
  const nav = (key: string, label: string, text: string, danger = false) =>
    html`<a${attrs({ href: panelHref(key, row.nid), 'data-nav': true, class: danger ? 'notes-act notes-act-danger' : 'notes-act', 'aria-label': label })}>${text}</a>`
  const edit = can.edit
    ? html`${nav(P.edit, `Edit note ${row.nid}`, 'Edit')}<button${attrs({ type: 'submit', form: copyForm, name: 'nid', value: row.nid, 'aria-label': `Copy note ${row.nid}`, class: 'notes-act' })}>Copy</button>`
    : null
  return html`<span class="notes-actions"><a${attrs({ href: toggleHref, 'data-nav': true, class: 'notes-act', 'aria-label': `${expanded ? 'Collapse' : 'Expand'} note ${row.nid}`, 'aria-expanded': expanded ? 'true' : 'false' })}>${expanded ? '▾' : '▸'}</a><a${attrs({ ...popupLink(`/editNoteEmail/${row.nid}`, 'note'), rel: 'noreferrer', class: 'notes-act', 'aria-label': `Open note ${row.nid} in the editor` })}>Open</a>${edit}${nav(P.tranlog, `Tran log of note ${row.nid}`, 'Log')}${can.delete ? nav(P.remove, `Delete note ${row.nid}`, 'Delete', true) : null}</span>`
}

function Toolbar({
  fid,
  notes,
  links,
  inPopup,
}: {
  fid: number
  notes: NotesTabView
  links: ViewerLinks
  inPopup: boolean
}) {
  const navigate = useNavigate()
  // The search is a GET form (bookmarkable): Conform binds its field with the generated constraints.
  const [searchForm, searchFields] = useServerForm<{ nq: string }>(
    formIdFor(`notes-search-${fid}`, { nq: notes.search }),
    notesSearchConstraints,
    {
      defaultValue: { nq: notes.search },
    },
  )
  const batches = batchCount(notes.count)
  const keep = (except: readonly string[]) => (
    <HiddenFields entries={links.keep([...except, P.page, P.batch, P.edit, P.take, P.remove, P.tranlog])} />
  )
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap={4} wrap="wrap" role="navigation" aria-label="Note views">
          <ViewLinks
            views={NOTE_MODES}
            current={notes.mode}
            href={(mode) => links.withParams({ [P.mode]: mode, [P.page]: null, [P.batch]: null })}
            size="compact-xs"
          />
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
                  onChange={(event) =>
                    navigate(
                      links.withParams({ [P.status]: event.currentTarget.value, [P.page]: null, [P.batch]: null }),
                      { preventScrollReset: true },
                    )
                  }
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
            <SearchField
              field={searchFields.nq}
              label="Search notes"
              w={200}
              placeholder="Search notes"
              button={false}
            />
          </SearchForm>
          <LinkButton
            to={links.withParams({ [P.edit]: null, [P.take]: null, [P.remove]: null, [P.tranlog]: null })}
            variant="default"
          >
            Refresh
          </LinkButton>
          {notes.can.edit ? <CreateNoteButton fid={fid} /> : null}
          {inPopup || !notes.can.edit ? null : (
            // Next Job takes the user's next job and opens it below as Active (the firms search page's jobs
            // action; it needs the right to edit notes, as the jobs panel's Next Job does).
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
            <Anchor
              key={batch}
              component={Link}
              to={links.withParams({ [P.batch]: String(batch), [P.page]: null })}
              size="xs"
              fw={batch === notes.batch ? 700 : 400}
              aria-current={batch === notes.batch ? 'page' : undefined}
              preventScrollReset
            >
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
    summary:
      notes.count === 0
        ? '0 notes'
        : `${range.first}–${range.last} of ${range.inBatch}${batches > 1 ? ` in batch ${batchLabel(notes.batch, notes.count)} of ${notes.count}` : ''}`,
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
              <span data-tone={statusColor(note.status) ?? undefined}>{note.status}</span>
            </Text>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {note.re}
            </Text>
            <Text size="xs" c="dimmed">
              for {note.staff || '—'} · by {note.opener || '—'} · #{note.nid}
            </Text>
            {note.nid === web.chosen ? null : (
              <Anchor
                component={Link}
                to={links.withParams({ [P.selected]: String(note.nid) })}
                size="xs"
                preventScrollReset
              >
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
