import { PageHeader } from '#app/ui/search'
import { Alert, Button, Group, Stack, Text } from '#app/ui/core'
import { Link, useActionData, useLoaderData, useLocation, useSearchParams } from '@remix-run/react'
import type { MouseEvent } from 'react'
import { firmTabHrefs } from '#app/domain/firm-viewer'
import type { IntentReply } from '#app/http/intent.server'
import { makeLinks, type FirmTabView } from '#app/ui/firm-tab'
import type { MetaOf } from '#app/ui/meta'
import { FIRM_POPUP, openPopup } from '#app/ui/popup'
import { FidSearchForm } from './search-form'
import { FirmTabsBar, FirmViewer } from './viewer'
import type { ViewFirmData } from './view-firm.server'

const FIRMS_SEARCH = '/search/firms/firmsSearch'
const VIEWER_KEYS = ['open', 'firm', 'tab']
export const NO_FIRM_OPEN = 'No firm is open. Enter a FID to open one, or go back to the firm search.'

export const viewFirmMeta: MetaOf<() => Promise<ViewFirmData>> = ({ data }) => [
  { title: data?.view ? `${data.view.firm.sort} · Firm viewer` : 'Firm viewer' },
]

/**
 * The firm viewer page with the tabs a route composes: `export default viewFirmPage([notesTabView, …])`.
 */
export function viewFirmPage(tabViews: readonly FirmTabView[]) {
  return function ViewFirmPageWithTabs() {
    return <ViewFirmPage tabViews={tabViews} />
  }
}

/**
 * The firm viewer on a page of its own (spec 1 §2.1): the open firms' tabs and the shown firm's
 * sub-tabs, as under the firms search page, without the search panels and the jobs list. Back to firm
 * search opens the search page with the same firms; closing the last tab goes there too (spec 2 §2.2).
 */
function ViewFirmPage({ tabViews }: { tabViews: readonly FirmTabView[] }) {
  const { tabs, view, firmError } = useLoaderData<ViewFirmData>()
  const actionResult = useActionData<IntentReply>()
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const open = tabs.map((tab) => tab.fid)
  const links = makeLinks(location.pathname, searchParams, (tab, params) => {
    params.set('tab', tab)
    return `${location.pathname}?${params.toString()}`
  })
  const hrefs = firmTabHrefs(links.withParams, open, view?.firm.fid, searchParams.get('tab'))
  // The last firm closed leaves nothing to view: the search panels.
  const closeHref = (fid: number) => (open.length === 1 && open[0] === fid ? FIRMS_SEARCH : hrefs.close(fid))
  const keepViewer = [...searchParams.entries()].filter(([key]) => VIEWER_KEYS.includes(key))
  const searchQuery = new URLSearchParams(keepViewer).toString()
  return (
    <Stack gap="sm" p="md">
      <PageHeader title={view ? view.firm.sort : 'Firm viewer'}>
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            to={`${FIRMS_SEARCH}${searchQuery ? `?${searchQuery}` : ''}`}
            size="xs"
            variant="default"
          >
            Back to firm search
          </Button>
          {/* Another firm opens on its Info tab (spec 2 §2.2): only the open firms go with it. */}
          <FidSearchForm keep={keepViewer.filter(([key]) => key === 'open')} />
          {view ? (
            <Button
              component="a"
              href={`/viewFirmNoNote/${view.firm.fid}`}
              target="_blank"
              size="xs"
              variant="default"
              onClick={(event: MouseEvent<HTMLAnchorElement>) => openPopup(event, FIRM_POPUP)}
            >
              Open in a popup
            </Button>
          ) : null}
        </Group>
      </PageHeader>
      {tabs.length ? (
        <FirmTabsBar tabs={tabs} active={view?.firm.fid} selectHref={hrefs.select} closeHref={closeHref} />
      ) : null}
      {firmError ? (
        <Alert color="red" role="alert">
          {firmError}
        </Alert>
      ) : null}
      {view ? <FirmViewer view={view} tabs={tabViews} links={links} actionResult={actionResult} /> : null}
      {!view && !firmError ? (
        <Text size="sm" c="dimmed" role="status">
          {NO_FIRM_OPEN}
        </Text>
      ) : null}
    </Stack>
  )
}
