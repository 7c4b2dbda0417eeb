import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { noteReaders, notes } from '#app/db/schema'
import { createNote, getNote, type Actor } from '#app/models/note.server'
import { touchSession } from '#app/models/session.server'
import * as jobsNext from '#app/routes/api.notes.jobs.next'
import * as editClaim from '#app/routes/editClaim.$id'
import * as editNoteEmail from '#app/routes/editNoteEmail.$id'
import { testDb } from './db'
import { get, post, sessionFor } from './route-calls'

/**
 * Issue 23 (items 3 and 4): a GET that changes data (the spec's `GET /api/notes/jobs/next`, opening
 * a note in the editor) acts only for a same-origin request, and a refusal that signs the user out
 * (the claim editor without claim-edit) signs out only for a same-origin request. A link on another
 * site, or on a sibling site, changes nothing and ends no session. Requests with neither
 * `Sec-Fetch-Site` nor `Origin`/`Referer` (non-browser clients) keep today's behaviour.
 */

const CROSS_SITE_MESSAGE = 'Requests from other sites are refused.'
const FORBIDDEN_PAGE = 'You do not have permission to view this page'
const LIMITS = { graceMinutes: 240, maxHours: 14 }
const ORIGIN = 'http://localhost'
const FID = 1020

/** How a browser would send the request, by where the link or page was. */
const FROM: Record<string, Record<string, string>> = {
  'another site': { 'Sec-Fetch-Site': 'cross-site' },
  'a sibling site': { 'Sec-Fetch-Site': 'same-site' },
  'an old browser on another site (Origin)': { Origin: 'http://evil.example' },
  'an old browser on another site (Referer)': { Referer: 'http://evil.example/prize' },
}
const SAME_ORIGIN: Record<string, Record<string, string>> = {
  'the app itself': { 'Sec-Fetch-Site': 'same-origin' },
  'a typed address': { 'Sec-Fetch-Site': 'none' },
  'an old browser on the app (Referer)': { Referer: `${ORIGIN}/search/firms/firmsSearch` },
  'a client without browser headers': {},
}

async function session(username: string): Promise<{ token: string; cookie: string; actor: Actor }> {
  const { token, cookie, userId } = await sessionFor(username)
  return { token, cookie, actor: { id: userId, username, isAdmin: username === 'admin' } }
}

/** Every change to a note is in the change log: its count tells whether a request changed one. */
async function lastTaken(): Promise<number> {
  const { rows } = await testDb().execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM change_log WHERE entity = 'note'`,
  )
  return rows[0]!.n
}

let underwriter: Awaited<ReturnType<typeof session>>
let mkent: Awaited<ReturnType<typeof session>>

beforeAll(async () => {
  underwriter = await session('underwriter')
  mkent = await session('mkent')
})

describe('GET /api/notes/jobs/next hands out a job only to a same-origin request', () => {
  it.each(Object.entries(FROM))('from %s: 403 with a message, and no job is handed out', async (_where, headers) => {
    const before = await lastTaken()
    const answer = await get(jobsNext, underwriter.cookie, '/api/notes/jobs/next', {}, headers)
    expect(answer).toMatchObject({ status: 403, body: { status: 'FORBIDDEN', message: CROSS_SITE_MESSAGE } })
    expect(await lastTaken()).toBe(before)
  })

  it.each(Object.entries(SAME_ORIGIN))('from %s: the next job, as the spec says', async (_where, headers) => {
    const before = await lastTaken()
    const answer = await get(jobsNext, underwriter.cookie, '/api/notes/jobs/next', {}, headers)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ nid: expect.any(Number), staff: 'underwriter' })
    expect(await lastTaken()).not.toBe(before)
  })
})

describe('opening /editNoteEmail/{id} takes the note only for a same-origin request', () => {
  async function mkentNote(): Promise<number> {
    return (await createNote(testDb(), { fid: FID }, mkent.actor)).nid
  }
  const open = (nid: number, headers: Record<string, string>) =>
    get(editNoteEmail, underwriter.cookie, `/editNoteEmail/${nid}`, { id: String(nid) }, headers)
  const readsOf = async (nid: number) =>
    testDb()
      .select()
      .from(noteReaders)
      .where(and(eq(noteReaders.nid, nid), eq(noteReaders.uname, 'underwriter')))

  it.each(Object.entries(FROM))(
    'from %s: read-only with a Take button, and nothing of the note changes',
    async (_where, headers) => {
      const nid = await mkentNote()
      const before = await testDb().select().from(notes).where(eq(notes.nid, nid))
      const view = (await open(nid, headers)).body as {
        mode: string
        can: { take?: boolean }
        dialog: { kind: string } | null
        note: { staff: string }
      }
      expect(view.mode).toBe('read')
      expect(view.can.take).toBe(true)
      expect(view.dialog?.kind).toBe('takeHere')
      expect(view.note.staff).toBe('mkent')
      expect(await testDb().select().from(notes).where(eq(notes.nid, nid))).toEqual(before)
      expect(await readsOf(nid)).toEqual([])
    },
  )

  it('the Take button posts the editor’s take intent, which takes the note', async () => {
    const nid = await mkentNote()
    await open(nid, FROM['another site']!)
    const version = (await getNote(testDb(), nid, underwriter.actor))!.version
    const taken = await post(
      editNoteEmail,
      underwriter.cookie,
      `/editNoteEmail/${nid}`,
      { id: String(nid) },
      { intent: 'take', version: String(version) },
      SAME_ORIGIN['the app itself']!,
    )
    expect(taken.status).toBe(302)
    expect(taken.location).toBe(`/editNoteEmail/${nid}`)
    const after = await getNote(testDb(), nid, underwriter.actor)
    expect(after).toMatchObject({ staff: 'underwriter', closer: 'mkent' })
    expect(after!.tasks).toMatch(/underwriter: took from mkent/)
  })

  it.each(Object.entries(SAME_ORIGIN))('from %s: taken as spec 2 §4 says', async (_where, headers) => {
    const nid = await mkentNote()
    const view = (await open(nid, headers)).body as { mode: string; note: { staff: string } }
    expect(view.mode).toBe('edit')
    expect(view.note.staff).toBe('underwriter')
    expect((await getNote(testDb(), nid, underwriter.actor))!.staff).toBe('underwriter')
    expect(await readsOf(nid)).toHaveLength(1)
  })
})

describe('a refusal that signs out (the claim editor without claim-edit) signs out only a same-origin request', () => {
  let clid: number
  beforeAll(async () => {
    const { rows } = await testDb().execute<{ clid: number }>(sql`SELECT min(clid) AS clid FROM claims`)
    clid = rows[0]!.clid
  })

  /** The claim editor opened (GET) or saved (POST) by a new session of readonly, with a browser's headers. */
  async function editorAs(method: 'GET' | 'POST', headers: Record<string, string>) {
    const readonly = await session('readonly')
    const [path, params] = [`/editClaim/${clid}`, { id: String(clid) }]
    const answer =
      method === 'GET'
        ? await get(editClaim, readonly.cookie, path, params, headers)
        : await post(editClaim, readonly.cookie, path, params, { intent: 'save' }, headers)
    return { readonly, answer }
  }

  it.each(Object.entries(FROM))('from %s: a 403 page with the message, and the session stays', async (_w, headers) => {
    const { readonly, answer } = await editorAs('GET', headers)
    expect(answer.status).toBe(403)
    expect(answer.body).toEqual({ message: FORBIDDEN_PAGE })
    expect(await touchSession(testDb(), readonly.token, { countActivity: false, limits: LIMITS })).not.toBeNull()
  })

  it('from the app itself: signed out and sent to Login, as the spec says', async () => {
    const { readonly, answer } = await editorAs('GET', SAME_ORIGIN['the app itself']!)
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/login')
    expect(await touchSession(testDb(), readonly.token, { countActivity: false, limits: LIMITS })).toBeNull()
  })

  it('a cross-site POST that reached the action is refused the same way, without a sign-out', async () => {
    const { readonly, answer } = await editorAs('POST', FROM['a sibling site']!)
    expect(answer.status).toBe(403)
    expect(await touchSession(testDb(), readonly.token, { countActivity: false, limits: LIMITS })).not.toBeNull()
  })
})
