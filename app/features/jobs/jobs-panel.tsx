import { Alert, Button, Group, NativeSelect, Paper, Text, Title } from '#app/ui/core'
import { LinkButton } from '#app/ui/link-button'
import { Form, Link, useFetcher, useLocation, useNavigation, useSearchParams, useSubmit } from '@remix-run/react'
import { useEffect, useState, type DragEvent, type FormEvent } from 'react'
import { useHrefWith } from '#app/ui/use-href-with'
import { DataTable, popupLink, type DataColumn } from '#app/ui/data-table'
import {
  JOB_COLUMN_LABELS,
  JOB_FIRM_SORT_MAX,
  JOB_KINDS,
  dropJobColumn,
  mayMarkDone,
  type JobColumn,
} from '#app/domain/notes'
import { truncate } from '#app/domain/truncate'
import type { JobRow } from '#app/models/job.server'
import type { JobsActionResult, JobsPanelData } from './jobs.server'
import { breakBeforeTime } from '#app/domain/dates'
import { displayDay, displayInstant } from './format'
import { JOB_URL_KEYS, jobBelowLinks, jobPopupHref } from './links'
import { useTip } from '#app/ui/tips'
import { attrs, html, type HtmlValue } from '#app/ui/html'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { SearchField, SearchForm } from '#app/ui/search'
import { constraints as jobsSearchConstraints } from '#app/domain/form-constraints/jobs-search'
import { usePendingIntent } from '#app/ui/use-pending-intent'

const KIND_LABELS: Record<(typeof JOB_KINDS)[number], string> = {
  all: 'All jobs',
  ticklers: 'Ticklers',
  retries: 'Retries',
  others: 'Others',
  solicit: 'Solicit',
}
// The jobs search form's own fields; every other parameter (open firms, sort) is carried along.
const FORM_KEYS = ['jobs', 'juser', 'jq']
// Cells stay on one line (the table's CSS) but for Last (cstamp), which may wrap between its date
// and time, and Re, which gets a minimum width instead of wrapping word by word.
const COLUMN_CLASS: Partial<Record<JobColumn, string>> = { re: 'job-re', cstamp: 'job-wrap' }
/** The one Mark Done form of the table: each row's button names it (`form=`) with its job. */
const DONE_FORM = 'job-done-form'

/**
 * The jobs list of the firms search page (spec 2 §2.3). Everything is a link or a form, so it works
 * without JavaScript; with it, headers can be dragged to reorder the columns (saved by a fetcher) and
 * the job kind and user pickers apply on change.
 */
export function JobsPanel({
  jobs,
  actionResult,
  maxHeight = 420,
}: {
  jobs: JobsPanelData
  actionResult?: JobsActionResult | null
  maxHeight?: number
}) {
  const tip = useTip()
  const [searchParams] = useSearchParams()
  const href = useHrefWith()
  const submit = useSubmit()
  const navigation = useNavigation()
  const pendingIntent = usePendingIntent()
  // Mark Done's `job` is nid:version.
  const pendingNid = String(navigation.formData?.get('job') ?? '').split(':')[0]
  const location = useLocation()
  // The spec's loadingJobs state: a new list of this page is on its way (kind, user, search, sort, refresh).
  const loading =
    navigation.state === 'loading' && navigation.location.pathname === location.pathname && !navigation.formData
  // A new search, kind or user starts at the first page.
  const keep = [...searchParams.entries()].filter(([key]) => !FORM_KEYS.includes(key) && key !== JOB_TABLE_PARAMS.page)
  // A GET form (bookmarkable): Conform binds the search field with its generated constraints, the loader parses the URL.
  const [searchForm, fields] = useServerForm<{ jq: string }>(
    formIdFor('jobs-search', { jq: jobs.search }),
    jobsSearchConstraints,
    { defaultValue: { jq: jobs.search } },
  )
  const error = actionResult?.intent.startsWith('job-') ? actionResult.error : undefined
  const title = jobs.own ? 'My Jobs' : `Jobs of ${jobs.viewing}`

  return (
    <Paper withBorder p="sm" component="section" aria-label="Jobs">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Title order={2} size="h5">
          {title}{' '}
          <Text span size="sm" c="dimmed" fw={400}>
            ({jobs.count} {jobs.count === 1 ? 'job' : 'jobs'})
          </Text>
        </Title>
        <Group gap="xs" wrap="wrap">
          {jobs.canWork ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="job-next" />
              <Button type="submit" size="xs" loading={pendingIntent === 'job-next'}>
                Next Job
              </Button>
            </Form>
          ) : null}
          <LinkButton to={href({})} variant="default">
            Refresh Jobs
          </LinkButton>
        </Group>
      </Group>
      <SearchForm form={searchForm} label="Search jobs" keep={keep}>
        <Group gap="xs" wrap="wrap" align="flex-end" mb="xs">
          <NativeSelect
            name="jobs"
            size="xs"
            aria-label="Job kind"
            defaultValue={jobs.kind}
            key={`kind-${jobs.kind}`}
            data={JOB_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
            onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
          />
          {jobs.users ? (
            <>
              <NativeSelect
                name="juser"
                size="xs"
                aria-label="Jobs of user"
                title={tip('Users with their active / extreme job counts')}
                defaultValue={jobs.viewing}
                key={`user-${jobs.viewing}`}
                data={jobs.users.map((user) => ({ value: user.username, label: user.label }))}
                onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
              />
              {!jobs.own ? (
                <LinkButton to={href({ juser: null })} variant="default">
                  My Jobs
                </LinkButton>
              ) : null}
            </>
          ) : null}
          <SearchField
            field={fields.jq}
            label="Search jobs"
            w={220}
            placeholder="Search jobs: re, firm, type, status"
          />
        </Group>
      </SearchForm>
      {error ? (
        <Alert color="red" role="alert" mb="xs" py={6}>
          {error}
        </Alert>
      ) : null}
      <JobsTable
        jobs={jobs}
        pending={pendingIntent === 'job-done' ? String(pendingNid) : null}
        maxHeight={maxHeight}
        loading={loading}
      />
      {searchParams.get('jcols') === '1' ? (
        <ColumnsForm columns={jobs.columns} doneHref={href({ jcols: null })} />
      ) : (
        <Link to={href({ jcols: '1' })} className="jobs-columns-link" preventScrollReset>
          Columns
        </Link>
      )}
    </Paper>
  )
}

const DISABLED = attrs({ disabled: true })

const JOB_TABLE_PARAMS = { page: 'jpage', size: 'jsize', sort: 'jsort', desc: 'jdesc' } as const

function JobsTable({
  jobs,
  pending,
  maxHeight,
  loading,
}: {
  jobs: JobsPanelData
  pending: string | null
  maxHeight: number
  loading: boolean
}) {
  const tip = useTip()
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const fetcher = useFetcher<JobsActionResult>()
  const [order, setOrder] = useState<JobColumn[]>(jobs.columns)
  const [dragging, setDragging] = useState<JobColumn | null>(null)
  const saved = jobs.columns.join(',')
  // The saved order once it changes (the same order keeps its state: no render after hydrating).
  useEffect(
    () => setOrder((current) => (current.join(',') === saved ? current : (saved.split(',') as JobColumn[]))),
    [saved],
  )

  const drop = (event: DragEvent, target: JobColumn) => {
    event.preventDefault()
    const dragged = (event.dataTransfer.getData('text/x-job-column') || dragging) as JobColumn | null
    setDragging(null)
    if (!dragged || dragged === target) return
    const next = dropJobColumn(order, dragged, target)
    setOrder(next)
    fetcher.submit({ intent: 'job-columns', order: next.join(','), js: '1' }, { method: 'post' })
  }

  // Headers can be dragged once hydrated (the Columns form below serves keyboards and no JavaScript).
  const headerProps = (column: DataColumn<JobRow>, hydrated: boolean) => {
    const key = column.key as JobColumn
    return {
      'data-column': key,
      draggable: hydrated,
      title: hydrated ? tip('Drag to move this column') : undefined,
      style: {
        cursor: hydrated ? 'grab' : undefined,
        outline: dragging && dragging !== key ? '1px dashed var(--mantine-color-gray-4)' : undefined,
        opacity: dragging === key ? 0.5 : 1,
      },
      onDragStart: (event: DragEvent) => {
        event.dataTransfer.setData('text/x-job-column', key)
        event.dataTransfer.effectAllowed = 'move'
        setDragging(key)
      },
      onDragEnd: () => setDragging(null),
      onDragOver: (event: DragEvent) => event.preventDefault(),
      onDrop: (event: DragEvent) => drop(event, key),
    }
  }

  const belowHref = jobBelowLinks(location.pathname, searchParams)
  const submit = useSubmit()
  // Mark Done through the router (pending state, no full reload); the button carries its job.
  const enhanceSubmit = (event: FormEvent<HTMLFormElement>) => {
    const button = (event.nativeEvent as SubmitEvent).submitter
    if (!(button instanceof HTMLButtonElement)) return
    event.preventDefault()
    submit(button, { preventScrollReset: true })
  }
  // Rows are markup (app/ui/html.ts): a page of 100 jobs rendered element by element was most of the
  // page's server time. The same links and button as elements would be; the table's body follows the
  // links (popup, below) and the one Mark Done form takes the buttons.
  // What every row's actions share, written once per list; a row's own values go in escaped.
  const popupTitle = attrs({ title: tip('Open in popup') })
  const belowTitle = attrs({ title: tip('Open below') })
  const popup = attrs({ ...popupLink('', 'firm'), href: undefined, rel: 'noreferrer' })
  const cell = (row: JobRow, column: JobColumn): HtmlValue => {
    switch (column) {
      case 'actions': {
        const saving = pending === String(row.nid)
        const done =
          jobs.canWork && mayMarkDone(row, { username: jobs.username })
            ? html`<button type="submit" form="${DONE_FORM}" name="job" value="${row.nid}:${row.version}" class="job-done" aria-label="Mark Done note ${row.nid}"${saving ? DISABLED : null}>${saving ? 'Saving…' : 'Mark Done'}</button>`
            : null
        return html`<span class="job-actions"><a href="${jobPopupHref(row.nid)}"${popup} aria-label="Open note ${row.nid} in a popup"${popupTitle}>↗</a><a href="${belowHref(row)}" data-nav="" aria-label="Open note ${row.nid} below"${belowTitle}>↓</a>${done}</span>`
      }
      case 'sort': {
        const sort = row.firm_sort ?? ''
        // A wrapper only for a cut name's full text.
        return sort.length > JOB_FIRM_SORT_MAX
          ? html`<span${attrs({ title: tip(sort) })}>${truncate(sort, JOB_FIRM_SORT_MAX)}</span>`
          : sort
      }
      case 'exdate':
        return displayDay(row._exdate)
      case 'lag':
        return html`<span${attrs({ title: tip(`${row._lag} days since the note was written`) })}>${row._lag}d</span>`
      case 'dated':
        return displayInstant(row.dated)
      case 'cstamp':
        return breakBeforeTime(displayInstant(row.cstamp, true))
      default:
        return row[column as 'status' | 'type' | 're' | 'staff' | 'opener'] ?? ''
    }
  }
  const columns: DataColumn<JobRow>[] = order.map((column) => ({
    key: column,
    label: JOB_COLUMN_LABELS[column],
    sortable: column !== 'actions',
    className: COLUMN_CLASS[column],
    html: (row) => cell(row, column),
  }))

  return (
    <>
      <DoneForm onSubmit={enhanceSubmit} />
      <DataTable
        label="Jobs"
        className="jobs-table"
        columns={columns}
        rows={jobs.rows}
        rowKey={(row) => row.nid}
        // Without a chosen sort the headers still link to one (the default order is not a column's).
        sort={jobs.sort ?? { by: '', desc: false }}
        params={JOB_TABLE_PARAMS}
        paging={jobs.paging}
        pagerLabel="Job pages"
        // Status colours (xtreme red, urgent blue) come from the table's CSS by data-status.
        rowAttrs={(row) => ({ 'data-status': row.status })}
        // What the cells read besides the row: hydrating and dragging a header build no rows.
        markupDeps={[order.join(','), pending, jobs.canWork, jobs.username, tip, location.pathname, location.search]}
        headerProps={headerProps}
        empty="No jobs."
        maxHeight={maxHeight}
        busy={loading}
      />
    </>
  )
}

/** The form every row's Mark Done button submits (with its `job`: nid and the version shown). */
function DoneForm({ onSubmit }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form id={DONE_FORM} method="post" onSubmit={onSubmit} hidden>
      <input type="hidden" name="intent" value="job-done" />
    </form>
  )
}

/**
 * Column order without JavaScript (and for keyboards): move a column left or right; saved in the
 * user's preferences. Opened from the Columns link (`jcols=1`), so pages without it carry none of it.
 */
function ColumnsForm({ columns, doneHref }: { columns: readonly JobColumn[]; doneHref: string }) {
  return (
    <Form method="post" preventScrollReset aria-label="Job columns" className="jobs-columns">
      <input type="hidden" name="intent" value="job-columns" />
      <input type="hidden" name="order" value={columns.join(',')} />
      <span className="jobs-columns-title">Columns:</span>
      {columns.map((column, index) => (
        <span key={column} className="jobs-column">
          <button
            type="submit"
            name="move"
            value={`${column}:left`}
            disabled={index === 0}
            aria-label={`Move ${JOB_COLUMN_LABELS[column]} left`}
          >
            ←
          </button>
          {JOB_COLUMN_LABELS[column]}
          <button
            type="submit"
            name="move"
            value={`${column}:right`}
            disabled={index === columns.length - 1}
            aria-label={`Move ${JOB_COLUMN_LABELS[column]} right`}
          >
            →
          </button>
        </span>
      ))}
      <Link to={doneHref} preventScrollReset>
        Done
      </Link>
    </Form>
  )
}

/** The jobs list as the firms search page shows it (the route composes it): the panel and its URL parameters. */
export const jobsListView = { Panel: JobsPanel, params: JOB_URL_KEYS }
