import { Group, Stack, Text, Title } from '#app/ui/core'
import {
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useLocation,
  useRouteError,
  useSearchParams,
} from '@remix-run/react'
import { ErrorPanel, RouteErrorPanel } from '#app/ui/error-panel'
import type { MetaOf } from '#app/ui/meta'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { DEFAULT_MODE_FROM_NOTE, NOTE_PARAMS } from '#app/domain/notes-tab'
import type { IntentReply } from '#app/http/intent.server'
import { makeLinks, type FirmTabView } from '#app/ui/firm-tab'
import type { FirmPopupData } from './popup.server'
import { FirmViewer } from './viewer'

export const firmPopupMeta: MetaOf<() => Promise<FirmPopupData>> = ({ data }) => [
  { title: `${data?.firm.sort ?? 'Firm'} · mga-desk` },
]

/** /viewFirmNote/{nid}: a note that is not there (or not the user's to see) says so as the spec words it. */
export function NotePopupErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404)
    return <ErrorPanel title="Note not found" text={NOTE_MESSAGES.loadFailed} detail="HTTP 404" />
  return <RouteErrorPanel error={error} />
}

/**
 * The firm popup's page (/viewFirmNoNote, /viewFirmNote) with the tabs a route composes:
 * `export default firmPopupPage([notesTabView, …])`.
 */
export function firmPopupPage(tabs: readonly FirmTabView[]) {
  return function FirmPopupPage() {
    const view = useLoaderData<FirmPopupData>()
    const actionResult = useActionData<IntentReply>()
    const location = useLocation()
    const [searchParams] = useSearchParams()
    const links = makeLinks(location.pathname, searchParams, (tab, params) => {
      // A firm opened from a note keeps its Active notes filter on the other sub-tabs' pages.
      if (view.fromNote && !params.has(NOTE_PARAMS.mode)) params.set(NOTE_PARAMS.mode, DEFAULT_MODE_FROM_NOTE)
      const query = params.toString()
      return `/viewFirmNoNote/${view.firm.fid}${tab === 'Info' ? '' : `/${tab}`}${query ? `?${query}` : ''}`
    })
    return (
      <Stack gap="sm" p="sm" component="main">
        <Group justify="space-between">
          <Title order={1} size="h4">
            {view.firm.sort}
          </Title>
          <Text size="sm" c="dimmed">
            FID {view.firm.fid}
          </Text>
        </Group>
        <FirmViewer view={view} tabs={tabs} links={links} inPopup actionResult={actionResult} />
      </Stack>
    )
  }
}
