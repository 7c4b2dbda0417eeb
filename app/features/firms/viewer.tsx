import { Anchor, CloseButton, Group, Paper, Stack, Text } from '#app/ui/core'
import { Link } from '@remix-run/react'
import { lazy } from 'react'
import { LazyPart } from '#app/ui/lazy-part'
import { FIRM_POPUP, openPopup, openPopupLink } from '#app/ui/popup'
import { tabTitleLength, truncate } from '#app/domain/truncate'
import { VIEWER_TABS } from '#app/domain/firm-search'
import { InfoTab } from './info-tab'
import type { FirmView, ViewerActionResult } from './viewer.server'
import type { ViewerLinks } from './viewer-links'
import { useTip } from '#app/ui/tips'
import { replyFor } from '#app/http/intent'

// Each sub-tab's code loads only on its pages (the server renders it in place, so it shows without
// JavaScript); Info, the default, comes with the viewer.
const NotesTab = lazy(() => import('#app/features/notes/notes-tab'))
const MembersTab = lazy(() => import('./members-tab'))
const FilesTab = lazy(() => import('#app/features/files/files-tab'))
const ClaimsTab = lazy(() => import('#app/features/claims/firm-tab'))
const PoliciesTab = lazy(() => import('#app/features/policies/policies-tab'))

/** The sub-tabs (Info, Notes, Members, Files) of one firm and the active one's content. */
export function FirmViewer({
  view,
  links,
  inPopup = false,
  actionResult,
}: {
  view: FirmView
  links: ViewerLinks
  inPopup?: boolean
  actionResult?: ViewerActionResult | null
}) {
  const error = (intent: string) => (actionResult?.intent.startsWith(intent) ? actionResult.error : undefined)
  return (
    <Stack gap="sm">
      <nav aria-label="Firm sections" className="firm-subtabs">
        {VIEWER_TABS.filter((tab) => tab !== 'Claims' || view.can.viewClaims).map((tab) => (
          <Link key={tab} to={links.tab(tab)} aria-current={view.tab === tab ? 'page' : undefined} preventScrollReset>
            {tab}
          </Link>
        ))}
      </nav>
      {view.tab === 'Info' ? <InfoTab firm={view.firm} canEdit={view.can.editFirm} /> : null}
      {view.tab === 'Notes' && view.notes ? (
        <LazyPart>
          <NotesTab
            fid={view.firm.fid}
            notes={view.notes}
            links={links}
            inPopup={inPopup}
            actionResult={actionResult}
          />
        </LazyPart>
      ) : null}
      {view.tab === 'Members' ? (
        <LazyPart>
          <MembersTab view={view} links={links} error={error('member')} />
        </LazyPart>
      ) : null}
      {view.tab === 'Claims' && view.claims ? (
        <LazyPart>
          <ClaimsTab fid={view.firm.fid} claims={view.claims} />
        </LazyPart>
      ) : null}
      {view.tab === 'Policies' && view.policies ? (
        <LazyPart>
          <PoliciesTab data={view.policies} links={links} actionResult={actionResult} />
        </LazyPart>
      ) : null}
      {view.tab === 'Files' ? (
        <LazyPart>
          <FilesTab
            view={view}
            links={links}
            inPopup={inPopup}
            error={error('file')}
            warning={actionResult?.warning}
            typed={replyFor(actionResult, 'file-upload')?.typed}
            editResult={replyFor(actionResult, 'file-edit')?.result}
          />
        </LazyPart>
      ) : null}
    </Stack>
  )
}

/**
 * One tab per opened firm (spec 2 §2.2): a click selects, a double click opens the firm popup, X
 * closes. Titles get shorter as more tabs open.
 */
export function FirmTabsBar({
  tabs,
  active,
  selectHref,
  closeHref,
}: {
  tabs: readonly { fid: number; sort: string }[]
  active: number | undefined
  selectHref: (fid: number) => string
  closeHref: (fid: number) => string
}) {
  const tip = useTip()
  const length = tabTitleLength(tabs.length)
  return (
    <Paper withBorder p={4} component="nav" aria-label="Open firms">
      <Group gap={4} wrap="wrap">
        {tabs.map((tab) => (
          <Group
            key={tab.fid}
            gap={2}
            wrap="nowrap"
            className="firm-tab"
            data-active={tab.fid === active || undefined}
            onDoubleClick={() => openPopupLink(`/viewFirmNoNote/${tab.fid}`, FIRM_POPUP)}
          >
            {/* Links, not ARIA tabs: each firm also has popup and close links beside it, which a tablist may not hold. */}
            <Anchor
              component={Link}
              to={selectHref(tab.fid)}
              aria-current={tab.fid === active ? 'page' : undefined}
              aria-label={`${truncate(tab.sort, length)} (FID ${tab.fid})`}
              title={tip(`${tab.sort} (FID ${tab.fid})`)}
              underline="never"
              size="sm"
              preventScrollReset
            >
              {truncate(tab.sort, length)}
            </Anchor>
            <Anchor
              href={`/viewFirmNoNote/${tab.fid}`}
              target="_blank"
              size="xs"
              aria-label={`Open ${tab.sort} in a popup`}
              onClick={(event) => openPopup(event, FIRM_POPUP)}
            >
              ↗
            </Anchor>
            <CloseButton
              component={Link}
              to={closeHref(tab.fid)}
              size="sm"
              aria-label={`Close ${tab.sort}`}
              preventScrollReset
            />
          </Group>
        ))}
        {tabs.length === 0 ? (
          <Text size="sm" c="dimmed">
            No firm open.
          </Text>
        ) : null}
      </Group>
    </Paper>
  )
}
