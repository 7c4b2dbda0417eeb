import { getFormProps } from '@conform-to/react'
import { Alert, Button, Group, NativeSelect, Paper, Text, Title } from '@mantine/core'
import { Form, Link, useFetcher, useLocation, useNavigate, useNavigation, useSearchParams, useSubmit } from '@remix-run/react'
import { useEffect, useState, type DragEvent, type FormEvent, type MouseEvent } from 'react'
import { FIRM_POPUP, openPopupLink } from '#app/ui/popup'
import { useHrefWith } from '#app/ui/use-href-with'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { useHydrated } from '#app/ui/use-hydrated'
import { statusTextColor } from '#app/ui/theme'
import {
  JOB_COLUMN_LABELS,
  JOB_FIRM_SORT_MAX,
  JOB_KINDS,
  dropJobColumn,
  mayMarkDone,
  statusColor,
  type JobColumn,
} from '#app/domain/notes'
import { truncate } from '#app/domain/truncate'
import type { JobRow } from '#app/models/job.server'
import type { JobsActionResult, JobsPanelData } from './jobs.server'
import { breakBeforeTime, displayDay, displayInstant } from './format'
import { jobBelowLinks, jobPopupHref } from './links'
import { useTip } from '#app/ui/tips'
import { TextField } from '#app/ui/fields'
import { useServerForm } from '#app/ui/use-server-form'
import { FORM_CONSTRAINTS } from '#app/domain/form-constraints'

const KIND_LABELS: Record<(typeof JOB_KINDS)[number], string> = {
  all: 'All jobs',
  ticklers: 'Ticklers',
  retries: 'Retries',
  others: 'Others',
  solicit: 'Solicit',
}
// The jobs search form's own fields; every other parameter (open firms, sort) is carried along.
const FORM_KEYS = ['jobs', 'juser', 'jq']
// Last (cstamp) may wrap between its date and time; Re gets a minimum width instead of wrapping word by word.
const NOWRAP: ReadonlySet<JobColumn> = new Set(['actions', 'sort', 'exdate', 'status', 'lag', 'type', 'dated', 'staff', 'opener'])

/**
 * The jobs list of the firms search page (spec 2 §2.3). Everything is a link or a form, so it works
 * without JavaScript; with it, headers can be dragged to reorder the columns (saved by a fetcher) and
 * the job kind and user pickers apply on change.
 */
export function JobsPanel({ jobs, actionResult, maxHeight = 420 }: { jobs: JobsPanelData; actionResult?: JobsActionResult | null; maxHeight?: number }) {
  const tip = useTip()
  const [searchParams] = useSearchParams()
  const href = useHrefWith()
  const submit = useSubmit()
  const navigation = useNavigation()
  const pendingIntent = navigation.state !== 'idle' ? String(navigation.formData?.get('intent') ?? '') : ''
  const pendingNid = navigation.formData?.get('nid')
  const location = useLocation()
  // The spec's loadingJobs state: a new list of this page is on its way (kind, user, search, sort, refresh).
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname && !navigation.formData
  // A new search, kind or user starts at the first page.
  const keep = [...searchParams.entries()].filter(([key]) => !FORM_KEYS.includes(key) && key !== JOB_TABLE_PARAMS.page)
  // A GET form (bookmarkable): Conform binds the search field with its generated constraints, the loader parses the URL.
  const [searchForm, fields] = useServerForm<{ jq: string }>(`jobs-search-${jobs.search}`, FORM_CONSTRAINTS.jobsSearch, { defaultValue: { jq: jobs.search } })
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
          <Button component={Link} to={href({})} size="xs" variant="default" preventScrollReset>
            Refresh Jobs
          </Button>
        </Group>
      </Group>
      <Form method="get" role="search" aria-label="Search jobs" preventScrollReset {...getFormProps(searchForm)}>
        {keep.map(([key, value], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
        ))}
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
                <Button component={Link} to={href({ juser: null })} size="xs" variant="default" preventScrollReset>
                  My Jobs
                </Button>
              ) : null}
            </>
          ) : null}
          <TextField
            field={fields.jq}
            label="Search jobs"
            labelProps={{ className: 'visually-hidden' }}
            size="xs"
            w={220}
            placeholder="Search jobs: re, firm, type, status"
          />
          <Button type="submit" size="xs" variant="default">
            Search
          </Button>
        </Group>
      </Form>
      {error ? (
        <Alert color="red" role="alert" mb="xs" py={6}>
          {error}
        </Alert>
      ) : null}
      <JobsTable jobs={jobs} pending={pendingIntent === 'job-done' ? String(pendingNid) : null} maxHeight={maxHeight} loading={loading} />
      <ColumnsForm columns={jobs.columns} />
    </Paper>
  )
}

const JOB_TABLE_PARAMS = { page: 'jpage', size: 'jsize', sort: 'jsort', desc: 'jdesc' } as const

function JobsTable({ jobs, pending, maxHeight, loading }: { jobs: JobsPanelData; pending: string | null; maxHeight: number; loading: boolean }) {
  const tip = useTip()
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const fetcher = useFetcher<JobsActionResult>()
  const [order, setOrder] = useState<JobColumn[]>(jobs.columns)
  const [dragging, setDragging] = useState<JobColumn | null>(null)
  const hydrated = useHydrated()
  const saved = jobs.columns.join(',')
  useEffect(() => setOrder(saved.split(',') as JobColumn[]), [saved])

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
  const headerProps = (column: DataColumn<JobRow>) => {
    const key = column.key as JobColumn
    return {
      'data-column': key,
      draggable: hydrated,
      title: hydrated ? tip('Drag to move this column') : undefined,
      style: { cursor: hydrated ? 'grab' : undefined, outline: dragging && dragging !== key ? '1px dashed var(--mantine-color-gray-4)' : undefined, opacity: dragging === key ? 0.5 : 1 },
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
  const navigate = useNavigate()
  const submit = useSubmit()
  // Rows use plain links and forms; one handler each on the body enhances them all. The clicks come
  // from those links (Enter on a focused link clicks it), so the keyboard is served too.
  const enhanceClick = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest('a')
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if (link.hasAttribute('data-popup')) {
      // As openPopup does for a single link: the firm popup's size, a new tab when popups are blocked.
      event.preventDefault()
      openPopupLink(link.href, FIRM_POPUP)
    } else if (link.hasAttribute('data-below')) {
      event.preventDefault()
      navigate(link.getAttribute('href')!, { preventScrollReset: true })
    }
  }
  const enhanceSubmit = (event: FormEvent<HTMLElement>) => {
    const form = event.target as HTMLFormElement
    if (!form.hasAttribute('data-job-done')) return
    event.preventDefault()
    submit(form, { preventScrollReset: true })
  }
  const cell = (row: JobRow, column: JobColumn) => {
    switch (column) {
      case 'actions':
        return (
          <span className="job-actions">
            <a href={jobPopupHref(row.nid)} target="_blank" rel="noreferrer" data-popup="" aria-label={`Open note ${row.nid} in a popup`} title={tip('Open in popup')}>
              ↗
            </a>
            <a href={belowHref(row)} data-below="" aria-label={`Open note ${row.nid} below`} title={tip('Open below')}>
              ↓
            </a>
            {jobs.canWork && mayMarkDone(row, { username: jobs.username }) ? (
              <form method="post" data-job-done="" className="job-done-form">
                <input type="hidden" name="intent" value="job-done" />
                <input type="hidden" name="nid" value={row.nid} />
                <input type="hidden" name="version" value={row.version} />
                <button type="submit" className="job-done" aria-label={`Mark Done note ${row.nid}`} disabled={pending === String(row.nid)}>
                  {pending === String(row.nid) ? 'Saving…' : 'Mark Done'}
                </button>
              </form>
            ) : null}
          </span>
        )
      case 'sort': {
        const sort = row.firm_sort ?? ''
        // A wrapper only for a cut name's full text (100 rows a page: elements are the render's cost).
        return sort.length > JOB_FIRM_SORT_MAX ? <span title={tip(sort)}>{truncate(sort, JOB_FIRM_SORT_MAX)}</span> : sort
      }
      case 'exdate':
        return displayDay(row._exdate)
      case 'lag':
        return <span title={tip(`${row._lag} days since the note was written`)}>{`${row._lag}d`}</span>
      case 'dated':
        return displayInstant(row.dated)
      case 'cstamp':
        return breakBeforeTime(displayInstant(row.cstamp, true))
      default:
        return String(row[column as 'status' | 'type' | 're' | 'staff' | 'opener'] ?? '')
    }
  }
  const columns: DataColumn<JobRow>[] = order.map((column) => ({
    key: column,
    label: JOB_COLUMN_LABELS[column],
    sortable: column !== 'actions',
    nowrap: NOWRAP.has(column),
    className: column === 're' ? 'job-re' : undefined,
    render: (row) => cell(row, column),
  }))

  return (
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
      rowProps={(row) => {
        const color = statusColor(row.status)
        return { 'data-status': row.status, style: color ? { color: statusTextColor(color) } : undefined }
      }}
      headerProps={headerProps}
      bodyProps={{ onClick: enhanceClick, onSubmit: enhanceSubmit }}
      empty="No jobs."
      maxHeight={maxHeight}
      busy={loading}
    />
  )
}

/** Column order without JavaScript (and for keyboards): move a column left or right; saved in the user's preferences. */
function ColumnsForm({ columns }: { columns: readonly JobColumn[] }) {
  return (
    <details style={{ marginTop: 6 }}>
      <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-xs)' }}>Columns</summary>
      <Form method="post" preventScrollReset aria-label="Job columns">
        <input type="hidden" name="intent" value="job-columns" />
        <input type="hidden" name="order" value={columns.join(',')} />
        <Group gap={6} mt={4} wrap="wrap">
          {columns.map((column, index) => (
            <Group key={column} gap={2} wrap="nowrap" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, padding: '0 4px' }}>
              <button type="submit" name="move" value={`${column}:left`} disabled={index === 0} aria-label={`Move ${JOB_COLUMN_LABELS[column]} left`} style={{ border: 0, background: 'none', cursor: 'pointer' }}>
                ←
              </button>
              <Text size="xs">{JOB_COLUMN_LABELS[column]}</Text>
              <button type="submit" name="move" value={`${column}:right`} disabled={index === columns.length - 1} aria-label={`Move ${JOB_COLUMN_LABELS[column]} right`} style={{ border: 0, background: 'none', cursor: 'pointer' }}>
                →
              </button>
            </Group>
          ))}
        </Group>
      </Form>
    </details>
  )
}
