import { PageHeader } from '#app/ui/search'
import { Alert, Anchor, Group, Stack, Text } from '#app/ui/core'
import { LinkButton } from '#app/ui/link-button'
import {
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useSearchParams,
} from '@remix-run/react'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { attrs, html } from '#app/ui/html'
import type { MetaOf } from '#app/ui/meta'
import { FIRM_POPUP, openPopupLink } from '#app/ui/popup'
import type { ComponentType } from 'react'
import { formatPhone } from '#app/domain/masks'
import { PAGE_SIZES } from '#app/domain/firm-search'
import { firmTabHrefs } from '#app/domain/firm-viewer'
import type { IntentReply } from '#app/http/intent.server'
import type { FirmRow } from '#app/models/firm.server'
import { makeLinks, type FirmTabView } from '#app/ui/firm-tab'
import type { FirmsSearchData } from './search.server'
import { FidSearchForm, FirmSearchForm, UnisearchForm } from './search-form'
import { FirmTabsBar, FirmViewer } from './viewer'

const VIEWER_KEYS = ['open', 'firm', 'tab']

export const firmsSearchMeta: MetaOf<() => Promise<FirmsSearchData>> = ({ data }) => {
  const active = data?.view?.firm
  return [{ title: active ? `${active.sort} · Firms` : 'Firms' }]
}

// Numbers read badly when wrapped.
const NOWRAP_COLUMNS = new Set(['fid', 'phone', 'fax', 'state', 'zip', 'fein'])

/** The jobs list the page shows when no search is asked for: the jobs feature's view, composed by the route. */
export interface JobsListView {
  Panel: ComponentType<{ jobs: never; actionResult?: IntentReply | null; maxHeight?: number }>
  /** The list's own URL parameters: View Jobs keeps them. */
  params: readonly string[]
}

/**
 * The firms search page (spec 2 §2.1) with the firm viewer's tabs and the jobs list a route composes:
 * `export default firmsSearchPage({ tabs: [notesTabView, …], jobs: jobsListView })`.
 */
export function firmsSearchPage(parts: { tabs: readonly FirmTabView[]; jobs: JobsListView }) {
  return function FirmsSearchPageWithParts() {
    return <FirmsSearchPage {...parts} />
  }
}

function FirmsSearchPage({ tabs: tabViews, jobs: jobsList }: { tabs: readonly FirmTabView[]; jobs: JobsListView }) {
  const { outcome, tabs, view, picklists, form, paging, jobs, firmError } = useLoaderData<FirmsSearchData>()
  const actionResult = useActionData<IntentReply>()
  const viewerResult = actionResult && !actionResult.intent.startsWith('job-') ? actionResult : null
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const searching =
    navigation.state === 'loading' &&
    navigation.location.pathname === location.pathname &&
    navigation.location.search !== location.search
  const open = tabs.map((tab) => tab.fid)
  const href = (changes: Record<string, string | null>) =>
    makeLinks(location.pathname, searchParams, () => '').withParams(changes)
  const { select: selectHref, close: closeHref } = firmTabHrefs(href, open, view?.firm.fid, searchParams.get('tab'))
  const links = makeLinks(location.pathname, searchParams, (tab, params) => {
    params.set('tab', tab)
    return `${location.pathname}?${params.toString()}`
  })
  const keepViewer = [...searchParams.entries()].filter(([key]) => VIEWER_KEYS.includes(key) || key === 'size')
  // View Jobs: the jobs list (no firm search) with the open firms and the jobs list's own parameters.
  const jobsKeys: readonly string[] = [...VIEWER_KEYS, 'nmode', 'nid', 'place', ...jobsList.params]
  const jobsQuery = new URLSearchParams(
    [...searchParams.entries()].filter(([key]) => jobsKeys.includes(key)),
  ).toString()
  const jobsHref = `${location.pathname}${jobsQuery ? `?${jobsQuery}` : ''}`
  const place = form.place
  const placeLink = (to: string, label: string) => (
    <Anchor
      component={Link}
      to={href({ place: to === 'above' ? null : to })}
      size="xs"
      fw={place === to ? 700 : 400}
      aria-current={place === to ? 'true' : undefined}
      preventScrollReset
    >
      {label}
    </Anchor>
  )
  // The search options show when asked for (Search Firms) and after a column search; the loader sends
  // their picklists only then.
  const optionsOpen = picklists !== null
  const searchForm = optionsOpen ? (
    <FirmSearchForm
      values={form.values}
      checked={form.checked}
      picklists={picklists}
      keep={keepViewer.filter(([key]) => key !== 'size')}
      newTab={place === 'tab'}
      clearHref={`${location.pathname}?${new URLSearchParams([...keepViewer, ['find', '1']]).toString()}`}
    />
  ) : null
  const firmViewer = (
    <>
      {tabs.length ? (
        <>
          <FirmTabsBar tabs={tabs} active={view?.firm.fid} selectHref={selectHref} closeHref={closeHref} />
          {/* Found when followed: discovering it on load re-rendered the whole page (decision 0039). */}
          <Anchor
            component={Link}
            to={`/search/firms/viewFirm?${new URLSearchParams(keepViewer.filter(([key]) => key !== 'size')).toString()}`}
            discover="none"
            size="xs"
          >
            Open in the firm viewer
          </Anchor>
        </>
      ) : null}
      {view ? <FirmViewer view={view} tabs={tabViews} links={links} actionResult={viewerResult} /> : null}
      {firmError ? (
        <Alert color="red" role="alert">
          {firmError}
        </Alert>
      ) : null}
    </>
  )
  // Rows as markup (a page of up to 500 firms): the FID link opens the firm below (data-nav, followed by
  // the table's one handler, or a plain link without JavaScript); a row click does the same.
  const columns: DataColumn<FirmRow>[] = outcome.columns.map((column) => ({
    key: column.key,
    label: column.label,
    sortable: searchParams.get('mode') === 'columns',
    nowrap: NOWRAP_COLUMNS.has(column.key),
    html: (row: FirmRow) =>
      column.key === 'fid'
        ? html`<a${attrs({ href: selectHref(row.fid), 'data-nav': true })}>${row.fid}</a>`
        : column.key === 'phone' || column.key === 'fax'
          ? formatPhone(row[column.key] as string | null)
          : String(row[column.key] ?? ''),
  }))

  return (
    <Stack gap="sm" p="md">
      <PageHeader title={view ? view.firm.sort : 'Firms'}>
        <Group gap="xs" wrap="wrap">
          <LinkButton to={jobsHref} variant={jobs ? 'filled' : 'default'} aria-current={jobs ? 'page' : undefined}>
            View Jobs
          </LinkButton>
          <FidSearchForm keep={keepViewer} />
          <UnisearchForm q={form.q} keep={keepViewer} />
          <LinkButton
            to={href({ find: optionsOpen && place !== 'tab' ? null : '1' })}
            target={place === 'tab' ? '_blank' : undefined}
            variant={optionsOpen ? 'filled' : 'default'}
            aria-expanded={place === 'tab' ? undefined : optionsOpen}
          >
            Search Firms
          </LinkButton>
          <LinkButton to={`${location.pathname}${location.search}`} variant="default" reloadDocument={false}>
            Refresh Firms
          </LinkButton>
        </Group>
      </PageHeader>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          Search options:
        </Text>
        {placeLink('above', 'Above')}
        {placeLink('below', 'Below')}
        {placeLink('tab', 'New tab')}
      </Group>
      {jobs ? (
        <jobsList.Panel
          jobs={jobs as never}
          actionResult={actionResult?.intent.startsWith('job-') ? actionResult : null}
          maxHeight={view ? 300 : 420}
        />
      ) : null}
      {/* In jobs mode a firm opened from a job shows right under the jobs table. */}
      {jobs ? firmViewer : null}
      {place !== 'below' ? searchForm : null}
      {outcome.message ? (
        <Alert
          color={outcome.message.kind === 'error' ? 'red' : outcome.message.kind === 'warning' ? 'yellow' : 'blue'}
          role={outcome.message.kind === 'hint' ? 'status' : 'alert'}
          title={outcome.message.detail ? outcome.message.text : undefined}
        >
          {outcome.message.detail ?? outcome.message.text}
        </Alert>
      ) : null}
      {outcome.page && outcome.page.result.length > 0 ? (
        <div style={{ opacity: searching ? 0.6 : 1 }}>
          <DataTable
            label="Firms"
            columns={columns}
            rows={outcome.page.result}
            rowKey={(row) => row.fid}
            // What the cells read besides the row: the address the fid links keep (the URL).
            markupDeps={[searchParams]}
            selectedKey={view?.firm.fid}
            paging={{
              page: paging.page,
              perPage: paging.perPage,
              count: outcome.page.count,
              pageSizes: PAGE_SIZES,
              more: outcome.page.countCapped || outcome.page.overLimit,
            }}
            sort={{ by: paging.by, desc: paging.desc }}
            params={{ sort: 'by' }}
            onRowClick={(row) => navigate(selectHref(row.fid), { preventScrollReset: true })}
            onRowDoubleClick={(row) => openPopupLink(`/viewFirmNoNote/${row.fid}`, FIRM_POPUP)}
            maxHeight={view ? 320 : undefined}
          />
        </div>
      ) : null}
      {place === 'below' ? searchForm : null}
      {jobs ? null : firmViewer}
    </Stack>
  )
}
