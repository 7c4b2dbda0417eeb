import { Group, Stack, Text, Title } from '#app/ui/core'
import { useActionData, useLoaderData, useLocation, useRouteError, useSearchParams } from '@remix-run/react'
import { RouteErrorPanel } from '#app/ui/error-panel'
import type { MetaOf } from '#app/ui/meta'
import { DEFAULT_MODE_FROM_NOTE, NOTE_PARAMS } from '#app/domain/notes-tab'
import type { popupAction, popupLoader } from './popup.server'
import { FirmViewer } from './viewer'
import { makeLinks } from './viewer-links'

export const firmPopupMeta: MetaOf<typeof popupLoader> = ({ data }) => [
  { title: `${data?.firm.sort ?? 'Firm'} · mga-desk` },
]

export function FirmPopupErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}

export function FirmPopupPage() {
  const view = useLoaderData<typeof popupLoader>()
  const actionResult = useActionData<typeof popupAction>()
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
      <FirmViewer view={view} links={links} inPopup actionResult={actionResult} />
    </Stack>
  )
}
