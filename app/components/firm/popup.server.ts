import { data, redirect } from '@remix-run/node'
import { hasScope, requireUser } from '#app/auth/guard.server'
import { VIEWER_TABS, type ViewerTab } from '#app/schemas/firm-search'
import { firmViewerAction, loadFirmView } from './viewer.server'
import { backUrl } from './viewer-links'

type Args = { request: Request; params: Record<string, string | undefined> }

function firmTab(segment: string | undefined): ViewerTab {
  if (!segment) return 'Info'
  const tab = VIEWER_TABS.find((name) => name.toLowerCase() === segment.toLowerCase())
  if (!tab) throw data({ message: 'No such firm section.' }, { status: 404 })
  return tab
}

/** /viewFirmNoNote/{fid}[/{tablesProp}]: the firm viewer alone, sized for a 1140x730 popup. */
export async function popupLoader({ request, params }: Args, pattern: string) {
  const user = await requireUser(request, pattern)
  if (!hasScope(user, 'firm-view')) throw redirect('/no-permission')
  const fid = Number(params.id)
  const tab = firmTab(params.tablesProp)
  const view = Number.isInteger(fid) && fid > 0 ? await loadFirmView(user, fid, tab, new URL(request.url)) : null
  if (!view) throw data({ message: 'No such firm.' }, { status: 404 })
  return view
}

export async function popupAction({ request }: Args, pattern: string) {
  const user = await requireUser(request, pattern)
  if (!hasScope(user, 'firm-view')) throw redirect('/no-permission')
  return firmViewerAction(request, user, backUrl(request.url))
}

