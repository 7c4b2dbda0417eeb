import { isRecordId } from './ids'
import { NOTE_PANEL_PARAMS, NOTE_TRANSIENT_PARAMS } from './notes-tab'

/**
 * The firm viewer's URL state (spec 2 §2.2): the parameters of its sub-tabs' panels and lists, shared
 * by the tabs, the viewer (its links, the page an action returns to) and the jobs list (which opens a
 * firm below itself). The Notes tab's are NOTE_PARAMS (./notes-tab).
 */

/** Info: the Edit Firm dialog, opened by its link (so it works without JavaScript). */
export const INFO_PARAMS = { editFirm: 'editFirm' } as const
/** Members: the search, the surname sort, the delete confirmation. */
export const MEMBER_PARAMS = { search: 'mq', bySurname: 'msurname', remove: 'deleteMember' } as const
/** Files: the upload panel (and its number of rows), the edit panel. */
export const FILE_PARAMS = { upload: 'upload', rows: 'rows', edit: 'editFile' } as const

/** Parameters that only open a panel: the page an action returns to leaves them out. */
export const VIEWER_PANEL_PARAMS: readonly string[] = [
  INFO_PARAMS.editFirm,
  MEMBER_PARAMS.remove,
  FILE_PARAMS.upload,
  FILE_PARAMS.edit,
  FILE_PARAMS.rows,
  ...NOTE_PANEL_PARAMS,
]

/** A sub-tab's own state (its search, page, panels): another sub-tab starts without it (the note mode stays). */
export const SUBTAB_STATE: readonly string[] = [
  ...NOTE_TRANSIENT_PARAMS,
  MEMBER_PARAMS.search,
  MEMBER_PARAMS.bySurname,
  ...VIEWER_PANEL_PARAMS.filter((key) => !NOTE_PANEL_PARAMS.includes(key)),
]

/** Another firm: every sub-tab parameter of the previous one is dropped (null), the note mode and chosen note too. */
export const SUBTAB_RESET: Readonly<Record<string, null>> = Object.fromEntries(
  [...SUBTAB_STATE, 'nmode', 'nid'].map((key) => [key, null]),
)

/**
 * What Get by FID changes in a viewer page's URL: the firm joins the open tabs and is shown on `tab`,
 * and the previous firm's sub-tab state goes (the firms search page and /search/firms/viewFirm alike).
 */
export function openFirmChanges(open: readonly number[], fid: number, tab = 'Info'): Record<string, string | null> {
  return {
    ...SUBTAB_RESET,
    mode: null,
    fid: null,
    open: [...new Set([...open, fid])].join(','),
    firm: String(fid),
    tab,
  }
}

/** An id no firm has, whose digits no address holds elsewhere (else the links are built one by one). */
const STAND_IN_FID = 918_273_645_546_372

/**
 * The links of the open-firm tabs (spec 2 §2.2) on a page whose URL holds them (`open`, `firm`, `tab`):
 * selecting the firm shown keeps its sub-tab; another firm opens on Info without the previous firm's
 * sub-tab state (its notes search, page, panels). Closing drops a firm; when it was the one shown, the
 * last one left is shown; the last closed leaves none.
 */
export function firmTabHrefs(
  href: (changes: Record<string, string | null>) => string,
  open: readonly number[],
  shown: number | undefined,
  tab: string | null,
): { select: (fid: number) => string; close: (fid: number) => string } {
  const opened = (fid: number) => [...new Set([...open, fid])].join(',')
  const another = (fid: number) => href({ ...SUBTAB_RESET, open: opened(fid), firm: String(fid), tab: 'Info' })
  // A firm not open yet differs from any other only by its id (in `open` and `firm`): its link is built
  // once with a stand-in id and cut there, so a table of 500 firms builds one address, not 500.
  let around: string[] | null | undefined
  const notOpen = (fid: number) => {
    if (around === undefined) {
      const parts = another(STAND_IN_FID).split(String(STAND_IN_FID))
      around = parts.length === 3 ? parts : null
    }
    return around ? around.join(String(fid)) : another(fid)
  }
  return {
    select: (fid) =>
      shown === fid
        ? href({ open: opened(fid), firm: String(fid), tab: tab ?? 'Info' })
        : open.includes(fid) || !Number.isSafeInteger(fid)
          ? another(fid)
          : notOpen(fid),
    close: (fid) => {
      const rest = open.filter((other) => other !== fid)
      const switching = shown === fid
      return href({
        ...(switching || !rest.length ? SUBTAB_RESET : {}),
        open: rest.length ? rest.join(',') : null,
        firm: rest.length ? String(switching ? rest[rest.length - 1] : (shown ?? rest[0])) : null,
        tab: rest.length ? tab : null,
      })
    },
  }
}

/**
 * The open firms' tab titles in the order opened, as `firmTitles(open)` reads them (at most 20, unknown
 * ids left out), from the other firms' titles and the active firm as the viewer read it.
 */
export function titlesInOrder(
  open: readonly number[],
  others: readonly { fid: number; sort: string }[],
  active: { fid: number; sort: string } | null,
): { fid: number; sort: string }[] {
  const byId = new Map(others.map((row) => [row.fid, row]))
  if (active) byId.set(active.fid, active)
  return open
    .filter(isRecordId)
    .slice(0, 20)
    .flatMap((fid) => {
      const row = byId.get(fid)
      return row ? [{ fid: row.fid, sort: row.sort }] : []
    })
}
