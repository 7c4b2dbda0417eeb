import { Anchor, CloseButton, Group, Paper, Stack, Text } from '#app/ui/core'
import { Link } from '@remix-run/react'
import { lazy } from 'react'
import { LazyPart } from '#app/ui/lazy-part'
import { FIRM_POPUP, openPopup, openPopupLink } from '#app/ui/popup'
import { tabTitleLength, truncate } from '#app/domain/truncate'
import type { IntentReply } from '#app/http/intent.server'
import type { FirmTabView, ViewerLinks } from '#app/ui/firm-tab'
import { useTip } from '#app/ui/tips'
import type { FirmView } from './viewer.server'

// The Info tab's code loads only when it is shown (the other tabs' pages do not carry it); the server
// renders it in place, so it shows and works as HTML before.
const InfoTab = lazy(() => import('./info-tab').then((module) => ({ default: module.InfoTab })))

/**
 * The sub-tabs of one firm and the active one's content: Info, the viewer's own, and the tabs a route
 * gives it (`tabs`, each a feature's view: its code loads only on its pages, and the server renders it
 * in place, so it shows without JavaScript).
 */
export function FirmViewer({
  view,
  tabs,
  links,
  inPopup = false,
  actionResult,
}: {
  view: FirmView
  tabs: readonly FirmTabView[]
  links: ViewerLinks
  inPopup?: boolean
  actionResult?: IntentReply | null
}) {
  const active = view.tab === 'Info' || view.data === null ? null : tabs.find((tab) => tab.name === view.tab)
  return (
    <Stack gap="sm">
      <nav aria-label="Firm sections" className="firm-subtabs">
        {view.shown.map((tab) => (
          <Link key={tab} to={links.tab(tab)} aria-current={view.tab === tab ? 'page' : undefined} preventScrollReset>
            {tab}
          </Link>
        ))}
      </nav>
      {view.tab === 'Info' ? (
        <LazyPart>
          <InfoTab view={view} links={links} />
        </LazyPart>
      ) : null}
      {active ? (
        <LazyPart>
          <active.Component
            fid={view.firm.fid}
            data={view.data}
            links={links}
            inPopup={inPopup}
            actionResult={actionResult}
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
