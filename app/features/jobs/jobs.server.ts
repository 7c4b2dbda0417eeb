import { canEditNotes, canOverrideJobs } from '#app/auth/abilities'
import { data } from '@remix-run/node'
import { readFormData } from '#app/http/form.server'
import { type CurrentUser } from '#app/auth/guard.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { getDb } from '#app/db/client.server'
import {
  JOB_MESSAGES,
  JOB_PAGE_SIZE,
  JOB_PAGE_SIZES,
  NOTE_MESSAGES,
  jobColumnOrder,
  moveJobColumn,
} from '#app/domain/notes'
import { JobError, jobUsers, listJobs, markJobDone, takeNextJob } from '#app/models/job.server'
import { saveUserSettings } from '#app/models/user.server'
import { readPreferences } from '#app/schemas/preferences'
import { jobColumnsFormSchema, jobDoneFormSchema, readJobsPageParams } from '#app/schemas/jobs.server'
import { jobBelowLinks } from './links'
import { intentError, type IntentReply } from '#app/http/intent.server'

/**
 * The jobs list of the firms search page (spec 2 §2.1, §2.3): shown when no firm search is asked for.
 * URL parameters are described in app/schemas/jobs.server.ts.
 */
export async function loadJobsPanel(url: URL, user: CurrentUser) {
  const params = readJobsPageParams(url)
  const override = canOverrideJobs(user)
  // Without job-override the juser parameter is ignored: the list is always the user's own.
  const viewing = override && params.juser ? params.juser : user.username
  const db = getDb()
  const [jobs, users] = await Promise.all([
    listJobs(db, {
      staff: [viewing],
      kind: params.jobs ?? 'all',
      search: params.jq,
      sort: params.jsort ? { by: params.jsort, desc: params.jdesc === '1' } : undefined,
      isAdmin: user.isAdmin,
      // A page at a time (URL jpage, jsize), like every list: a queue of any length renders one page.
      limit: params.jsize ?? JOB_PAGE_SIZE,
      page: params.jpage ?? 1,
    }),
    override ? jobUsers(db, { isAdmin: user.isAdmin }) : null,
  ])
  const chosen = users?.find((candidate) => candidate.username.toLowerCase() === viewing.toLowerCase())
  return {
    kind: params.jobs ?? 'all',
    search: params.jq ?? '',
    sort: params.jsort ? { by: params.jsort, desc: params.jdesc === '1' } : null,
    columns: jobColumnOrder(readPreferences(user.preferences).jobHeaders),
    rows: jobs.result,
    count: jobs.count,
    paging: { page: jobs.page, perPage: jobs.limit, count: jobs.count, pageSizes: JOB_PAGE_SIZES },
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

const fail = (intent: string, status: number, error: string) => intentError<{ order: string[] }>(intent, status, error)

/** The jobs forms of the page (intent job-done, job-next, job-columns); `back` is the page to return to. */
export async function jobsAction(form: FormData, user: CurrentUser, back: string) {
  const intent = String(form.get('intent') ?? '')
  const db = getDb()
  const actor = { id: user.id, username: user.username, isAdmin: user.isAdmin }
  switch (intent) {
    case 'job-done': {
      if (!canEditNotes(user)) return fail(intent, 403, NOTE_MESSAGES.markDoneFailed)
      const parsed = jobDoneFormSchema.safeParse(Object.fromEntries(form))
      if (!parsed.success) return fail(intent, 400, NOTE_MESSAGES.markDoneFailed)
      try {
        await markJobDone(db, parsed.data.nid, parsed.data.version, actor)
      } catch (error) {
        if (error instanceof JobError) return fail(intent, error.status, error.message)
        throw error
      }
      return redirectWithFlash(back, { message: JOB_MESSAGES.markedDone(parsed.data.nid), kind: 'success' })
    }
    case 'job-next': {
      if (!canEditNotes(user)) return fail(intent, 403, JOB_MESSAGES.noteEditNeeded)
      const taken = await takeNextJob(db, { username: user.username, isAdmin: user.isAdmin }, actor)
      if (!taken) return redirectWithFlash(back, { message: JOB_MESSAGES.noJobs, kind: 'info' })
      const url = new URL(back, 'http://local')
      return redirectWithFlash(jobBelowLinks(url.pathname, url.searchParams)(taken), {
        message: JOB_MESSAGES.taken(taken.re, taken.firm_sort),
        kind: 'success',
      })
    }
    case 'job-columns': {
      const parsed = jobColumnsFormSchema.safeParse(Object.fromEntries(form))
      if (!parsed.success) return fail(intent, 400, parsed.error.issues[0]?.message ?? 'Invalid column order.')
      const { order, move, js } = parsed.data
      const next = move ? moveJobColumn(order, move.column, move.direction) : jobColumnOrder(order)
      await saveUserSettings(db, user.id, { preferences: { jobHeaders: next } })
      if (js) return data<JobsActionResult>({ intent, order: next })
      return redirectWithFlash(back, { message: JOB_MESSAGES.columnsSaved, kind: 'success' })
    }
    default:
      return fail(intent, 400, 'Unknown action.')
  }
}

/**
 * The page's action serves the firm viewer's forms too (uploads among them): a small url-encoded
 * form whose intent starts with `job-` is the jobs table's; anything else is left unread for the viewer.
 */
export async function readJobsForm(request: Request): Promise<FormData | null> {
  const type = request.headers.get('Content-Type') ?? ''
  const length = Number(request.headers.get('Content-Length') ?? 0)
  if (!type.includes('application/x-www-form-urlencoded') || length > 64 * 1024) return null
  const form = await readFormData(request.clone()).catch(() => null)
  return form && String(form.get('intent') ?? '').startsWith('job-') ? form : null
}
