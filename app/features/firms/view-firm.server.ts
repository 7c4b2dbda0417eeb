import { redirect } from '@remix-run/node'
import { getDb } from '#app/db/client.server'
import { FIRM_MESSAGES } from '#app/domain/firm-search'
import { openFirmChanges } from '#app/domain/firm-viewer'
import { queryObject } from '#app/http/api.server'
import type { FirmTab } from '#app/http/firm-tab.server'
import { pageWithStatus, type PageContext } from '#app/http/page-route.server'
import { firmTitles } from '#app/models/firm.server'
import { fidSearched, openFirms, viewFirmParamsSchema } from '#app/schemas/firm-search'
import { hrefWithParams } from '#app/ui/use-href-with'
import { loadFirmView, type FirmView } from './viewer.server'

/** What the page shows: the open firms' tabs, the shown firm's viewer, and the message of a firm not there. */
export interface ViewFirmData {
  tabs: { fid: number; sort: string }[]
  view: FirmView | null
  firmError: string | null
}

/**
 * /search/firms/viewFirm (spec 1 §2.1, "Firm viewer"): the firms search page's viewer on a page of
 * its own, for the firms its URL opens: `open` (the firm tabs), `firm` (the one shown) and `tab` (its
 * sub-tab), as on the search page, so either page's address opens the other with the same firms.
 * `?fid=` (a link, or Get by FID) opens one more firm and shows it. A firm that is not there says so
 * with the spec's retrieval message on the page (404), beside the firms still open.
 */
export async function loadViewFirm(tabs: readonly FirmTab[], context: PageContext) {
  const { url } = context
  const params = viewFirmParamsSchema.parse(queryObject(context.request))
  const open = openFirms(params)
  const db = getDb()
  if (params.fid !== undefined) {
    const fid = fidSearched(params)
    const [found] = fid !== null ? await firmTitles(db, [fid]) : []
    if (found)
      throw redirect(
        hrefWithParams(url.pathname, url.searchParams, openFirmChanges(open, found.fid, params.tab ?? 'Info')),
      )
    return notThere(await firmTitles(db, open))
  }
  const shown = params.firm !== undefined && open.includes(params.firm) ? params.firm : open[0]
  // Nothing open (a bare address): the page offers Get by FID and the way back to the search. Not a
  // redirect: a form posted here (its refusal, its status) is answered with this page.
  if (shown === undefined) return { tabs: [], view: null, firmError: null } satisfies ViewFirmData
  const [titles, view] = await Promise.all([
    firmTitles(db, open),
    loadFirmView(tabs, context, shown, params.tab ?? 'Info'),
  ])
  if (!view) return notThere(titles)
  return { tabs: titles, view, firmError: null } satisfies ViewFirmData
}

/** The firm asked for is not there: the page with the open firms and the spec's message, 404. */
const notThere = (tabs: ViewFirmData['tabs']) =>
  pageWithStatus<ViewFirmData>({ tabs, view: null, firmError: FIRM_MESSAGES.loadFailed }, 404)

/** The page's loader with the firm viewer's tabs a route composes: `load: viewFirmLoader(TABS)`. */
export function viewFirmLoader(tabs: readonly FirmTab[]) {
  return (context: PageContext) => loadViewFirm(tabs, context)
}
