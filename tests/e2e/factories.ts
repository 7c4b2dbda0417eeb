/**
 * Small e2e factories (decision 0013): records made through the JSON API as a signed-in user, with
 * unique names, answering the ids the test then uses. No demo id is assumed: a firm is found by a
 * search, everything else is created here.
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test'
import dayjs from 'dayjs'
import { DEMO_USERS } from '#app/db/seed/demo-users'
import { STAFF_PASSWORD } from '#app/db/seed/staff'
import { expect } from './fixtures'
import { BASE_URL } from './base-url'

let serial = 0
export const unique = (prefix: string) => `${prefix} ${process.pid}-${Date.now().toString(36)}-${++serial}`

/** A demo or staff account's password (the extra staff share one). */
export function passwordOf(username: string) {
  return DEMO_USERS.find((user) => user.username === username)?.password ?? STAFF_PASSWORD
}

/** A request context signed in through the login form's POST (as a browser, so same-origin). */
export async function signedInContext(username: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: BASE_URL })
  const response = await context.post('/login', { form: { username, password: passwordOf(username), redirectTo: '/' }, maxRedirects: 0 })
  expect(response.status(), `sign-in of ${username}`).toBe(302)
  return context
}

export async function me(api: APIRequestContext): Promise<{ id: number; username: string }> {
  const answer = await api.get('/api/me')
  expect(answer.status()).toBe(200)
  return (await answer.json()) as { id: number; username: string }
}

/**
 * Some firm (found by a search, not a seeded id). A narrow search: over 100 matches a non-admin gets
 * the over-limit notice instead of rows.
 */
export async function someFirm(api: APIRequestContext): Promise<number> {
  const answer = await api.post('/api/firms/search', { data: { whereColumns: { status: 'Active', city: 'an', state: 'TX' }, perPage: 5, checkedColumns: ['fid'] } })
  expect(answer.status(), await answer.text()).toBe(200)
  const { result } = (await answer.json()) as { result: { fid: number }[] }
  expect(result.length).toBeGreaterThan(0)
  return result[0]!.fid
}

export interface MadeNote {
  nid: number
  version: number
  staff: string
  re: string | null
}

/** A new note on a firm in the caller's name (POST /api/notes {fid}). */
export async function makeNote(api: APIRequestContext, fid: number): Promise<MadeNote> {
  const answer = await api.post('/api/notes', { data: { fid } })
  expect(answer.status(), await answer.text()).toBe(201)
  return (await answer.json()) as MadeNote
}

export async function getNote(api: APIRequestContext, nid: number): Promise<MadeNote & { note: string | null }> {
  const answer = await api.get(`/api/notes/${nid}`)
  expect(answer.status(), await answer.text()).toBe(200)
  return (await answer.json()) as MadeNote & { note: string | null }
}

/** Saves fields of the caller's own note through the API (PUT with its version). */
export async function editNote(api: APIRequestContext, nid: number, changes: Record<string, unknown>) {
  const { version } = await getNote(api, nid)
  const answer = await api.put(`/api/notes/${nid}`, { data: { version, ...changes } })
  expect(answer.status(), await answer.text()).toBe(200)
  return (await answer.json()) as MadeNote & { note: string | null }
}

export interface MadeFile {
  loidfid: number
  file_description: string
}

/** Uploads a small text file to a note (multipart POST /api/notes/{nid}/files). */
export async function makeNoteFile(api: APIRequestContext, nid: number, description = unique('Factory file')): Promise<MadeFile> {
  const answer = await api.post(`/api/notes/${nid}/files`, {
    multipart: {
      file: { name: 'factory-quote.txt', mimeType: 'text/plain', buffer: Buffer.from('A quote for the factory.\n') },
      fileDescription: description,
      fileType: 'Other',
    },
  })
  expect(answer.status(), await answer.text()).toBe(201)
  const { files } = (await answer.json()) as { files: MadeFile[] }
  expect(files).toHaveLength(1)
  return files[0]!
}

/** A leave entry of the caller's own (POST /api/sessions), answering its session id. */
export async function makeLeave(api: APIRequestContext, hours = 2): Promise<number> {
  const date = dayjs().subtract(3, 'day').format('D MMM YYYY')
  const answer = await api.post('/api/sessions', { data: { type: 'Vacation', date, hours } })
  expect(answer.status(), await answer.text()).toBe(201)
  return ((await answer.json()) as { id: number }).id
}
