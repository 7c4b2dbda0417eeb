/**
 * "Open below" for a job (spec 2 §2.2, §2.3): the firm opens in the viewer under the table on its Notes
 * sub-tab, mode Active (a firm opened from a note), with the note selected. Next Job lands on the same.
 */
export function jobBelowParams(search: URLSearchParams, job: { fid: number; nid: number }): Record<string, string | null> {
  const open = (search.get('open') ?? '').split(',').map(Number).filter((fid) => Number.isInteger(fid) && fid > 0)
  return {
    // The previous firm's sub-tab state (its notes search, page, panels) does not follow to this one.
    ...Object.fromEntries(SUBTAB_STATE.map((key) => [key, null])),
    open: [...new Set([...open, job.fid])].join(','),
    firm: String(job.fid),
    tab: 'Notes',
    nmode: 'Active',
    nid: String(job.nid),
  }
}

const SUBTAB_STATE = ['nstatus', 'nq', 'nbatch', 'npage', 'nsort', 'ndesc', 'nedit', 'ntake', 'ndelete', 'ntranlog', 'mq', 'msurname', 'deleteMember', 'upload', 'editFile', 'rows']

/** The popup of a job's note: the firm opened from the note (size of the firm popup). */
export const jobPopupHref = (nid: number) => `/viewFirmNote/${nid}`

/** The jobs list's URL parameters (app/schemas/jobs.server.ts describes them). */
export const JOB_URL_KEYS = ['jobs', 'juser', 'jq', 'jsort', 'jdesc'] as const
