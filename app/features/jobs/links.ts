import { SUBTAB_STATE } from '#app/domain/firm-viewer'
import { parseId } from '#app/domain/ids'
/**
 * "Open below" for a job (spec 2 §2.2, §2.3): the firm opens in the viewer under the table on its Notes
 * sub-tab, mode Active (a firm opened from a note), with the note selected. Next Job lands on the same.
 */
export function jobBelowLinks(
  pathname: string,
  search: URLSearchParams,
): (job: { fid: number; nid: number }) => string {
  const open = (search.get('open') ?? '')
    .split(',')
    .map(parseId)
    .filter((fid) => fid !== null)
  const rest = new URLSearchParams(search)
  // The previous firm's sub-tab state (its notes search, page, panels) does not follow to this one.
  for (const key of [...SUBTAB_STATE, 'open', 'firm', 'tab', 'nmode', 'nid']) rest.delete(key)
  const prefix = rest.toString()
  // Built once per list: a row's link is one string concatenation (a list may hold 1000 jobs).
  return (job) => {
    const opened = open.includes(job.fid) ? open : [...open, job.fid]
    return `${pathname}?${prefix ? `${prefix}&` : ''}open=${opened.join('%2C')}&firm=${job.fid}&tab=Notes&nmode=Active&nid=${job.nid}`
  }
}

/** The popup of a job's note: the firm opened from the note (size of the firm popup). */
export const jobPopupHref = (nid: number) => `/viewFirmNote/${nid}`

/** The jobs list's URL parameters (app/schemas/jobs.server.ts describes them). */
export const JOB_URL_KEYS = ['jobs', 'juser', 'jq', 'jsort', 'jdesc', 'jpage', 'jsize'] as const
