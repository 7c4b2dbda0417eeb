import { eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { notes, users } from '#app/db/schema'
import { JOB_MESSAGES, NOTE_MESSAGES } from '#app/domain/notes'
import { createNote } from '#app/models/note.server'
import * as firmsSearch from '#app/routes/_app.search.firms.firmsSearch'
import { testDb } from './db'
import { actorNamed, makeFirm } from './factories'
import { cookieFor, get, post } from './route-calls'

/**
 * The jobs list of the firms search page through its route (issue 23 item 6): the list the page loads
 * when no search is asked for, and its intents (Mark Done, Next Job, the column order) run by the
 * page's one intent table beside the firm viewer's.
 */

const PAGE = '/search/firms/firmsSearch'
const cookies: Record<string, string> = {}
beforeAll(async () => {
  for (const username of ['underwriter', 'mkent', 'readonly', 'admin']) cookies[username] = await cookieFor(username)
})
const send = (username: string, fields: Record<string, string | number>, query = '') =>
  post<{ intent: string; error?: string; order?: string[] }>(
    firmsSearch,
    cookies[username]!,
    `${PAGE}${query}`,
    {},
    fields,
  )

type JobsData = {
  jobs: {
    rows: { nid: number; version: number; staff: string }[]
    count: number
    columns: string[]
    own: boolean
    viewing: string
    users: unknown[] | null
  } | null
}

describe('the jobs list (firms search page)', () => {
  it('loads the user’s own jobs when no search is asked for, none with a search', async () => {
    const page = await get<JobsData>(firmsSearch, cookies.underwriter!, `${PAGE}?juser=mkent`)
    expect(page.status).toBe(200)
    // Without job-override the list is the user's own whatever juser says.
    expect(page.body.jobs).toMatchObject({ own: true, viewing: 'underwriter', users: null })
    expect(page.body.jobs!.rows.every((row) => row.staff === 'underwriter')).toBe(true)
    const searching = await get<JobsData>(firmsSearch, cookies.underwriter!, `${PAGE}?mode=uni&q=law`)
    expect(searching.body.jobs).toBeNull()
    const anonymous = await get(firmsSearch, null, PAGE)
    expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent(PAGE)}`)
  })

  it('Mark Done: closes one’s own job; refuses others’ jobs, stale versions and a user without note-edit', async () => {
    const fid = (await makeFirm(testDb())).fid
    const note = await createNote(testDb(), { fid }, await actorNamed(testDb(), 'underwriter'))
    const refused = await send('readonly', { intent: 'job-done', job: `${note.nid}:${note.version}` })
    expect([refused.status, refused.body]).toEqual([403, { intent: 'job-done', error: NOTE_MESSAGES.markDoneFailed }])
    const others = await send('mkent', { intent: 'job-done', job: `${note.nid}:${note.version}` })
    expect([others.status, others.body.error]).toEqual([403, NOTE_MESSAGES.markDoneFailed])
    const malformed = await send('underwriter', { intent: 'job-done', job: 'x' })
    expect([malformed.status, malformed.body.error]).toEqual([400, NOTE_MESSAGES.markDoneFailed])
    const stale = await send('underwriter', { intent: 'job-done', job: `${note.nid}:${note.version + 5}` })
    expect([stale.status, stale.body.error]).toEqual([409, NOTE_MESSAGES.markDoneFailed])
    const done = await send('underwriter', { intent: 'job-done', job: `${note.nid}:${note.version}` }, '?jq=x')
    expect([done.status, done.location]).toEqual([302, `${PAGE}?jq=x`])
    expect(done.flash).toEqual({ message: JOB_MESSAGES.markedDone(note.nid), kind: 'success' })
    const [after] = await testDb().select().from(notes).where(eq(notes.nid, note.nid))
    expect(after!.status).toBe('done')
  })

  it('the column order: saved to the user’s settings, answered as data for a fetcher, refused when unknown', async () => {
    const fetched = await send('underwriter', { intent: 'job-columns', order: 're,status,sort', js: '1' })
    expect(fetched.status).toBe(200)
    expect(fetched.body.order?.slice(0, 3)).toEqual(['re', 'status', 'sort'])
    const saved = async () =>
      (
        await testDb().select({ preferences: users.preferences }).from(users).where(eq(users.username, 'underwriter'))
      )[0]!.preferences as { jobHeaders?: string[] }
    expect((await saved()).jobHeaders?.slice(0, 3)).toEqual(['re', 'status', 'sort'])
    const moved = await send('underwriter', { intent: 'job-columns', order: 're,status,sort', move: 'status:left' })
    expect([moved.status, moved.flash?.message]).toEqual([302, JOB_MESSAGES.columnsSaved])
    expect((await saved()).jobHeaders?.slice(0, 3)).toEqual(['status', 're', 'sort'])
    const bad = await send('underwriter', { intent: 'job-columns', order: 're,password' })
    expect([bad.status, bad.body.error]).toEqual([400, 'order has an unknown column'])
  })

  it('Next Job: opens the job below the list (the previous firm’s sub-tab state left behind); without note-edit refused', async () => {
    const refused = await send('readonly', { intent: 'job-next' })
    expect([refused.status, refused.body]).toEqual([403, { intent: 'job-next', error: JOB_MESSAGES.noteEditNeeded }])
    const taken = await send('underwriter', { intent: 'job-next' }, '?open=1001&firm=1001&tab=Members&mq=x')
    expect(taken.status).toBe(302)
    const url = new URL(taken.location!, 'http://x')
    const nid = Number(url.searchParams.get('nid'))
    expect(url.searchParams.get('tab')).toBe('Notes')
    expect(url.searchParams.get('nmode')).toBe('Active')
    // The previous firm's sub-tab state does not follow.
    expect(url.searchParams.has('mq')).toBe(false)
    const [job] = await testDb().select().from(notes).where(eq(notes.nid, nid))
    expect(job!.staff).toBe('underwriter')
    expect(Number(url.searchParams.get('firm'))).toBe(job!.fid)
  })

  it('Next Job never hands two users the same job', async () => {
    // A pool of waiting jobs nobody holds, more pressing than any other (xtreme).
    const fid = (await makeFirm(testDb())).fid
    const actor = await actorNamed(testDb(), 'underwriter')
    const pool: number[] = []
    for (let index = 0; index < 6; index++) pool.push((await createNote(testDb(), { fid }, actor)).nid)
    await testDb()
      .update(notes)
      .set({ staff: null, status: 'xtreme', cstamp: sql`now() - interval '10 years'` })
      .where(inArray(notes.nid, pool))
    const takers = ['underwriter', 'mkent', 'admin', 'underwriter', 'mkent', 'admin']
    const answers = await Promise.all(takers.map((username) => send(username, { intent: 'job-next' })))
    // Every taker of each job handed out (a list, not a set: two answers to the same user show too).
    const given = new Map<number, string[]>()
    answers.forEach((answer, index) => {
      expect(answer.status).toBe(302)
      const nid = Number(new URL(answer.location!, 'http://x').searchParams.get('nid'))
      given.set(nid, [...(given.get(nid) ?? []), takers[index]!])
    })
    for (const [nid, holders] of given)
      expect(new Set(holders).size, `job ${nid} went to ${holders.join(', ')}`).toBe(1)
    // Three users at once: at least three different jobs, each held by the one it was handed to.
    expect(given.size).toBeGreaterThanOrEqual(3)
    const rows = await testDb()
      .select({ nid: notes.nid, staff: notes.staff })
      .from(notes)
      .where(inArray(notes.nid, [...given.keys()]))
    expect(rows.map((row) => [row.nid, row.staff]).sort()).toEqual(
      [...given].map(([nid, holders]) => [nid, holders[0]]).sort(),
    )
  })
})
