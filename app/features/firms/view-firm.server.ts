import { data, redirect } from '@remix-run/node'
import { canViewFirms } from '#app/auth/abilities'
import { requireUser, type CurrentUser } from '#app/http/guard.server'
import { getDb } from '#app/db/client.server'
import { FIRM_MESSAGES } from '#app/domain/firm-search'
import { parseId } from '#app/domain/ids'
import { queryObject } from '#app/http/api.server'
import { firmTitles } from '#app/models/firm.server'
import { viewFirmParamsSchema } from '#app/schemas/firm-search'
import { SUBTAB_RESET } from '#app/features/jobs/links'
import { hrefWithParams } from '#app/ui/use-href-with'
import { firmViewerAction, loadFirmView } from './viewer.server'
import { backUrl } from './viewer-links'

type Args = { request: Request; params: Record<string, string | undefined> }

/** The firm viewer is the firms search page's (firm-view), whatever the route table asks of the route itself. */
async function viewerUser(request: Request, pattern: string): Promise<CurrentUser> {
  const user = await requireUser(request, pattern)
  if (!canViewFirms(user)) throw redirect('/no-permission')
  return user
}

/**
 * /search/firms/viewFirm (spec 1 §2.1, "Firm viewer"): the firms search page's viewer on a page of
 * its own, for the firms its URL opens: `open` (the firm tabs), `firm` (the one shown) and `tab` (its
 * sub-tab), as on the search page, so either page's address opens the other with the same firms.
 * `?fid=` (a link, or Get by FID) opens one more firm and shows it. A firm that is not there says so
 * with the spec's retrieval message (404).
 */
export async function loadViewFirm(request: Request, user: CurrentUser) {
  const url = new URL(request.url)
  const params = viewFirmParamsSchema.parse(queryObject(request))
  const open = params.open.map(parseId).filter((fid) => fid !== null)
  const db = getDb()
  if (params.fid !== undefined) {
    const fid = parseId(params.fid)
    const [found] = fid !== null ? await firmTitles(db, [fid]) : []
    if (found) {
      throw redirect(
        hrefWithParams(url.pathname, url.searchParams, {
          ...SUBTAB_RESET,
          mode: null,
          fid: null,
          open: [...new Set([...open, found.fid])].join(','),
          firm: String(found.fid),
          tab: params.tab ?? 'Info',
        }),
      )
    }
    return data({ tabs: await firmTitles(db, open), view: null, firmError: FIRM_MESSAGES.loadFailed }, { status: 404 })
  }
  const shown = params.firm !== undefined && open.includes(params.firm) ? params.firm : open[0]
  // Nothing open (a bare address): the page offers Get by FID and the way back to the search. Not a
  // redirect: a form posted here (its refusal, its status) is answered with this page.
  if (shown === undefined) return data({ tabs: [], view: null, firmError: null as string | null })
  const [tabs, view] = await Promise.all([firmTitles(db, open), loadFirmView(user, shown, params.tab ?? 'Info', url)])
  if (!view) return data({ tabs, view: null, firmError: FIRM_MESSAGES.loadFailed }, { status: 404 })
  return data({ tabs, view, firmError: null as string | null })
}

/**
 * The page's loader and action, guarded with its registry pattern: `const page = viewFirmRoute('/search/firms/viewFirm')`.
 * The viewer's forms (members, files, notes, policies) post here and come back to the same firms.
 */
export function viewFirmRoute(pattern: string) {
  return {
    loader: async ({ request }: Args) => loadViewFirm(request, await viewerUser(request, pattern)),
    action: async ({ request }: Args) =>
      firmViewerAction(request, await viewerUser(request, pattern), backUrl(request.url)),
  }
}
