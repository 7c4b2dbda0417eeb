import { actorOf } from '#app/models/note.server'
import { canEditNotes, canOverrideJobs } from '#app/auth/abilities'
import { data } from '@remix-run/node'
import { type CurrentUser } from '#app/auth/guard.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { getDb } from '#app/db/client.server'
import {
  JOB_MESSAGES,
  JOB_PAGE_SIZE,
  JOB_PAGE_SIZE_BESIDE_FIRM,
  JOB_PAGE_SIZES,
  NOTE_MESSAGES,
  jobColumnOrder,
  moveJobColumn,
} from '#app/domain/notes'
import { jobUsers, listJobs, markJobDone, takeNextJob } from '#app/models/job.server'
import { saveUserSettings } from '#app/models/user.server'
import { readPreferences } from '#app/schemas/preferences'
import { jobColumnsFormSchema, jobDoneFormSchema, readJobsPageParams } from '#app/schemas/jobs.server'
import { jobBelowLinks } from './links'
import { intent } from '#app/http/intent-action.server'
import type { IntentReply } from '#app/http/intent.server'
import { backUrl } from '#app/ui/firm-tab'

/**
 * The jobs list of the firms search page (spec 2 §2.1, §2.3): shown when no firm search is asked for.
 * URL parameters are described in app/schemas/jobs.server.ts.
 */
export async function loadJobsPanel(
  { url, user }: { url: URL; user: CurrentUser },
  { besideFirm = false }: { besideFirm?: boolean } = {},
) {
  const params = readJobsPageParams(url)
  const override = canOverrideJobs(user)
  // Without job-override the juser parameter is ignored: the list is always the user's own.
  const viewing = override && params.juser ? params.juser : user.username
  const db = getDb()
  const picker = override ? jobUsers(db, { isAdmin: user.isAdmin }) : null
  // The picker holds each user's open jobs as the whole queue's count reads them: a statement less.
  // (A failed picker fails the page below; here it only means counting as before.)
  const queueCount = picker
    ?.then(
      (listed) => listed.find((candidate) => candidate.username.toLowerCase() === viewing.toLowerCase())?.activejobs,
    )
    .catch(() => undefined)
  const [jobs, users] = await Promise.all([
    listJobs(
      db,
      {
        staff: [viewing],
        kind: params.jobs ?? 'all',
        search: params.jq,
        sort: params.jsort ? { by: params.jsort, desc: params.jdesc === '1' } : undefined,
        isAdmin: user.isAdmin,
        // A page at a time (URL jpage, jsize), like every list: a queue of any length renders one page.
        // Above an open firm's tab a shorter page unless the URL asks for a size (decision 0038).
        limit: params.jsize ?? (besideFirm ? JOB_PAGE_SIZE_BESIDE_FIRM : JOB_PAGE_SIZE),
        page: params.jpage ?? 1,
      },
      { queueCount },
    ),
    picker,
  ])
  const chosen = users?.find((candidate) => candidate.username.toLowerCase() === viewing.toLowerCase())
  return {
    kind: params.jobs ?? 'all',
    search: params.jq ?? '',
    sort: params.jsort ? { by: params.jsort, desc: params.jdesc === '1' } : null,
    columns: jobColumnOrder(readPreferences(user.preferences).jobHeaders),
    rows: jobs.result,
    count: jobs.count,
    paging: {
      page: jobs.page,
      perPage: jobs.limit,
      count: jobs.count,
      pageSizes: besideFirm ? [JOB_PAGE_SIZE_BESIDE_FIRM, ...JOB_PAGE_SIZES] : JOB_PAGE_SIZES,
    },
    username: user.username,
    viewing: chosen?.username ?? viewing,
    own: viewing.toLowerCase() === user.username.toLowerCase(),
    // job-override: the picker lists every user with active / extreme job counts.
    users:
      users?.map((candidate) => ({
        username: candidate.username,
        label: `${candidate.username} (${candidate.activejobs} / ${candidate.extremejobs})`,
      })) ?? null,
    canWork: canEditNotes(user),
  }
}
export type JobsPanelData = Awaited<ReturnType<typeof loadJobsPanel>>

export type JobsActionResult = IntentReply<{ order: string[] }>

/**
 * The jobs list's forms (spec 2 §2.3), served by the page that shows it: mark a job done, Next Job,
 * the column order. Success goes back to the page (`backUrl`) with a snackbar.
 */
export const jobIntents = {
  'job-done': intent({
    schema: jobDoneFormSchema,
    summary: NOTE_MESSAGES.markDoneFailed,
    handle: async ({ value: { nid, version }, user, request }) => {
      await markJobDone(getDb(), nid, version, actorOf(user))
      return redirectWithFlash(backUrl(request.url), { message: JOB_MESSAGES.markedDone(nid), kind: 'success' })
    },
  }),
  'job-next': intent({
    handle: async ({ user, request }) => {
      const back = backUrl(request.url)
      const taken = await takeNextJob(getDb(), { username: user.username, isAdmin: user.isAdmin }, actorOf(user))
      if (!taken) return redirectWithFlash(back, { message: JOB_MESSAGES.noJobs, kind: 'info' })
      const url = new URL(back, 'http://local')
      return redirectWithFlash(jobBelowLinks(url.pathname, url.searchParams)(taken), {
        message: JOB_MESSAGES.taken(taken.re, taken.firm_sort),
        kind: 'success',
      })
    },
  }),
  'job-columns': intent({
    schema: jobColumnsFormSchema,
    invalid: 'Invalid column order.',
    handle: async ({ value: { order, move, js }, user, intent: name, request }) => {
      const next = move ? moveJobColumn(order, move.column, move.direction) : jobColumnOrder(order)
      await saveUserSettings(getDb(), user.id, { preferences: { jobHeaders: next } })
      if (js) return data<JobsActionResult>({ intent: name, order: next })
      return redirectWithFlash(backUrl(request.url), { message: JOB_MESSAGES.columnsSaved, kind: 'success' })
    },
  }),
}

/** The jobs list as the firms search page composes it: its loader and its forms. */
export const jobsListPart = { load: loadJobsPanel, intents: jobIntents }
