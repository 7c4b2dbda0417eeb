import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test'
import dayjs from 'dayjs'
import { DEMO_USERS } from '#app/db/seed/demo-users'
import { STAFF_PASSWORD } from '#app/db/seed/staff'
import { BASE_URL } from './base-url'

/**
 * Small factories for the records an end-to-end test needs (decision 0013): each makes one record
 * through the app's own JSON API, as the signed-in user of the request context it is given, with a
 * name no other test uses, and answers it with its id. Tests use the ids they get, never a seeded one.
 * Firms are the exception: the office's import makes them and no screen or API does, so `someFirm`
 * picks one by search (any firm will do) and everything a test changes hangs off records made here.
 */
let serial = 0
/** A short name no other test (or parallel run) uses: the prefix and eight characters or so (a contact's sort holds ten). */
export const unique = (prefix: string) =>
  `${prefix}${(process.pid % 1296).toString(36)}${(Date.now() % 36 ** 5).toString(36)}${(++serial).toString(36)}`.toUpperCase()

async function ok<T>(response: APIResponse, status = 201): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status)
  return (await response.json()) as T
}

/** An active firm to hang the test's records on (found by search, not by a seeded id). */
export async function someFirm(api: APIRequestContext): Promise<{ fid: number }> {
  const found = await ok<{ result: { fid: number; status?: string }[] }>(
    await api.get('/api/firms/unisearch/search?search=an'),
    200,
  )
  const firm = found.result.find((row) => row.status === undefined || row.status === 'Active') ?? found.result[0]
  expect(firm, 'a firm to hang records on').toBeTruthy()
  return { fid: firm!.fid }
}

/** A new note on a firm, in the name of the context's user (the Notes tab's Create). */
export async function makeNote(api: APIRequestContext, fid: number, changes: Record<string, unknown> = {}) {
  const note = await ok<{ nid: number; version: number; staff: string | null }>(
    await api.post('/api/notes', { data: { fid } }),
  )
  if (Object.keys(changes).length === 0) return note
  return ok<{ nid: number; version: number; staff: string | null }>(
    await api.put(`/api/notes/${note.nid}`, { data: { version: note.version, ...changes } }),
    200,
  )
}

/** A member of a firm (People Search's Create with a firm). */
export async function makePerson(api: APIRequestContext, fid: number, changes: Record<string, unknown> = {}) {
  const [person] = await ok<{ plid: number; version: number }[]>(
    await api.post('/api/people', { data: { given: 'Pat', surname: unique('Factory'), fid, ...changes } }),
  )
  return person!
}

interface ContactPerson {
  plid: number
  given: string
  surname: string
}

/** A contact with one person. */
export async function makeContact(api: APIRequestContext, changes: Record<string, unknown> = {}) {
  const sort = unique('C').slice(0, 10)
  return ok<{ cid: number; version: number; name1: string; sort: string; people: ContactPerson[] }>(
    await api.post('/api/contacts', {
      data: {
        name1: `${sort} Group`,
        sort,
        type: ['Adjuster'],
        phone: '3035550100',
        people: [{ given: 'Ann', surname: 'Zed' }],
        ...changes,
      },
    }),
  )
}

/** A claim on a firm. */
export async function makeClaim(api: APIRequestContext, fid: number) {
  return ok<{ clid: number; version: number }>(await api.post('/api/claims', { data: { fid } }))
}

/** A policy on a firm (the spec has POST /api/policies answer 200). */
export async function makePolicy(api: APIRequestContext, fid: number) {
  return ok<{ pid: number; version: number }>(
    await api.post('/api/policies', {
      data: { fid, incept: '2025-04-01', premium: '1000.00', limits: '1M', deduc: '5,000' },
    }),
    200,
  )
}

/** A small text file on a firm's Files tab. */
export async function makeFirmFile(api: APIRequestContext, fid: number) {
  const name = `${unique('factory')}.txt`
  const { result } = await ok<{ result: { loidfid: number }[] }>(
    await api.post('/api/file_objects', {
      multipart: {
        fid: String(fid),
        file_description: `Factory file ${name}`,
        domfiles: { name, mimeType: 'text/plain', buffer: Buffer.from(name) },
      },
    }),
  )
  return result[0]!
}

// ── Two users' records (the IDOR and CSRF proofs) ──────────────────────────────────────────────────

/** A demo or staff account's password (the extra staff share one). */
export function passwordOf(username: string) {
  return DEMO_USERS.find((user) => user.username === username)?.password ?? STAFF_PASSWORD
}

/** A request context signed in through the login form's POST. */
export async function signedInContext(username: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: BASE_URL })
  const response = await context.post('/login', {
    form: { username, password: passwordOf(username), redirectTo: '/' },
    maxRedirects: 0,
  })
  expect(response.status(), `sign-in of ${username}`).toBe(302)
  return context
}

export async function me(api: APIRequestContext) {
  return ok<{ id: number; username: string }>(await api.get('/api/me'), 200)
}

/** A note as GET /api/notes/{nid} answers it (the fields the tests read). */
export interface NoteRead {
  nid: number
  version: number
  staff: string | null
  status: string
  re: string | null
  note: string | null
  html: boolean
  tasks: string
  closer: string
  signer: string | null
  to: string | null
}

export async function getNote(api: APIRequestContext, nid: number) {
  return ok<NoteRead>(await api.get(`/api/notes/${nid}`), 200)
}

/** Saves fields of the caller's own note (PUT with the version it reads first). */
export async function editNote(api: APIRequestContext, nid: number, changes: Record<string, unknown>) {
  const { version } = await getNote(api, nid)
  return ok<NoteRead>(await api.put(`/api/notes/${nid}`, { data: { version, ...changes } }), 200)
}

/** Uploads a small text file to a note (multipart POST /api/notes/{nid}/files). */
export async function makeNoteFile(api: APIRequestContext, nid: number, description = unique('Factory file ')) {
  const { files } = await ok<{ files: { loidfid: number; file_description: string }[] }>(
    await api.post(`/api/notes/${nid}/files`, {
      multipart: {
        file: { name: 'factory-quote.txt', mimeType: 'text/plain', buffer: Buffer.from('A quote for the factory.\n') },
        fileDescription: description,
        fileType: 'Other',
      },
    }),
  )
  expect(files).toHaveLength(1)
  return files[0]!
}

/** A leave entry of the caller's own (POST /api/sessions), answering its session id. */
export async function makeLeave(api: APIRequestContext, hours = 2): Promise<number> {
  const date = dayjs().subtract(3, 'day').format('D MMM YYYY')
  return (await ok<{ id: number }>(await api.post('/api/sessions', { data: { type: 'Vacation', date, hours } }))).id
}
