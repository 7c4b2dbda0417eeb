import type { APIRequestContext, APIResponse, Page } from '@playwright/test'
import { FIRM_MESSAGES } from '#app/domain/firm-search'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { expect, login, test } from './fixtures'

/**
 * Every JSON API with a body, sent the bodies a real client sends (only the fields it fills, JSON
 * with its Content-Type), read back through the answers. Writes use a stale version or an id no
 * record has, so the run's data stays as other specs expect it while the body is still parsed.
 */

const FID = 1042
const UNKNOWN = 2147480000

async function json<T>(response: APIResponse): Promise<T> {
  return (await response.json()) as T
}

async function asAdmin(page: Page): Promise<APIRequestContext> {
  await login(page, 'admin')
  return page.request
}

test.describe('JSON API bodies', () => {
  test('POST /api/firms/search takes the columns a client fills, fid alone, and answers the spec for an empty search', async ({
    page,
  }) => {
    const api = await asAdmin(page)
    const one = await api.post('/api/firms/search', { data: { whereColumns: { city: 'a' } } })
    expect(one.status(), await one.text()).toBe(200)
    expect((await json<{ count: number }>(one)).count).toBeGreaterThan(0)

    const byFid = await api.post('/api/firms/search', {
      data: { whereColumns: { fid: String(FID) }, checkedColumns: ['fid', 'sort'] },
    })
    expect(byFid.status()).toBe(200)
    expect((await json<{ result: { fid: number }[] }>(byFid)).result.map((row) => row.fid)).toEqual([FID])

    for (const body of [{}, { whereColumns: {} }, { whereColumns: { city: '  ' } }]) {
      const empty = await api.post('/api/firms/search', { data: body })
      expect(empty.status()).toBe(400)
      expect(await empty.json()).toEqual({ status: 'EMPTY_SEARCH', message: FIRM_MESSAGES.emptySearch })
    }
    // No body at all (a bare POST) is the empty search too.
    const bare = await api.fetch('/api/firms/search', { method: 'POST' })
    expect((await json<{ message: string }>(bare)).message).toBe(FIRM_MESSAGES.emptySearch)
  })

  test('a JSON API refuses a form-encoded or text body with 415 (a cross-site form cannot post JSON)', async ({
    page,
  }) => {
    const api = await asAdmin(page)
    for (const [url, method] of [
      ['/api/firms/search', 'POST'],
      ['/api/notes/search', 'POST'],
      [`/api/firms/${FID}`, 'PUT'],
      ['/api/people/search', 'POST'],
    ] as const) {
      const form = await api.fetch(url, { method, form: { whereColumns: 'x' } })
      expect(form.status(), `${method} ${url} as a form`).toBe(415)
      expect((await json<{ status: string }>(form)).status).toBe('UNSUPPORTED_MEDIA_TYPE')
      const text = await api.fetch(url, {
        method,
        headers: { 'Content-Type': 'text/plain' },
        data: '{"whereColumns":{"city":"a"}}',
      })
      expect(text.status(), `${method} ${url} as text/plain`).toBe(415)
    }
  })

  test('search bodies: people and notes', async ({ page }) => {
    const api = await asAdmin(page)
    const people = await api.post('/api/people/search', { data: { term: 'sm' } })
    expect(people.status(), await people.text()).toBe(200)
    const notes = await api.post('/api/notes/search', { data: { whereObjects: { fid: FID }, perPage: 10 } })
    expect(notes.status(), await notes.text()).toBe(200)
    const { result } = await json<{ result: { nid: number }[] }>(notes)
    expect(result.length).toBeGreaterThan(0)
    const filtered = await api.post('/api/notes/search', {
      data: { whereObjects: { fid: FID, status: ['Active'] }, searchcolumn: 'cstamp', sortorder: 'asc' },
    })
    expect(filtered.status(), await filtered.text()).toBe(200)
  })

  test('PUT bodies with a stale version answer 409 with the current record (firm, person, note)', async ({ page }) => {
    const api = await asAdmin(page)
    // The edit form sends the firm back as it read it, with its changes.
    const firm = await json<{ fid: number; version: number; sort: string }>(await api.get(`/api/firms/${FID}`))
    const staleFirm = await api.put(`/api/firms/${FID}`, {
      data: { ...firm, version: firm.version + 1000, name1: 'Stale write' },
    })
    expect(staleFirm.status(), await staleFirm.text()).toBe(409)
    expect((await json<{ current: { sort: string } }>(staleFirm)).current.sort).toBe(firm.sort)

    const members = await json<{ plid: number; version: number }[]>(
      await api.get(`/api/people?search=a&limit=1&fields=plid,version`),
    )
    const person = members[0]!
    const stalePerson = await api.put(`/api/people/${person.plid}`, {
      data: { version: person.version + 1000, surname: 'Stale' },
    })
    expect(stalePerson.status(), await stalePerson.text()).toBe(409)

    const { result } = await json<{ result: { nid: number }[] }>(
      await api.post('/api/notes/search', { data: { whereObjects: { fid: FID }, perPage: 1 } }),
    )
    const note = await json<{ nid: number; version: number }>(await api.get(`/api/notes/${result[0]!.nid}`))
    const staleNote = await api.put(`/api/notes/${note.nid}`, {
      data: { version: note.version + 1000, re: 'Stale write' },
    })
    expect([409, 403], await staleNote.text()).toContain(staleNote.status())
  })

  test('bodies sent to records that do not exist are parsed, then answer 404 with the spec message', async ({
    page,
  }) => {
    const api = await asAdmin(page)
    const send = await api.post(`/api/emails/${UNKNOWN}`, {
      data: { username: 'admin', subject: 'Re', body: 'Hello', to: ['a@b.example'] },
    })
    expect(send.status(), await send.text()).toBe(404)
    const recipients = await api.put(`/api/recipients/${UNKNOWN}`, {
      data: [{ plid: 1, to: true, cc: false, bcc: false }],
    })
    expect(recipients.status(), await recipients.text()).toBe(404)
    const tranlog = await api.post('/api/tranlogs', {
      data: { nid: UNKNOWN, type: 'fax', status: 'sent', note: 'Faxed by hand' },
    })
    expect(tranlog.status(), await tranlog.text()).toBe(404)
    const session = await api.put(`/api/sessions/${UNKNOWN}`, { data: { type: 'Vacation' } })
    expect(session.status(), await session.text()).toBe(404)
    const file = await api.put(`/api/file_objects/${UNKNOWN}`, { data: { file_description: 'Quote', file_type: 6 } })
    expect(file.status(), await file.text()).toBe(404)
  })

  test('one id parser: 1e3, 05 and -1 are 404 on every note route, the same answer as an unknown id', async ({
    page,
  }) => {
    const api = await asAdmin(page)
    for (const bad of ['1e3', '05', '-1', '1.0']) {
      const email = await api.post(`/api/emails/${bad}`, { data: { username: 'admin', subject: 'Re', body: 'Hello' } })
      expect(email.status(), `/api/emails/${bad}`).toBe(404)
      expect(await email.json()).toEqual({ status: 'NOT_FOUND', message: NOTE_MESSAGES.loadFailed })
      const recipients = await api.get(`/api/recipients/${bad}`)
      expect(recipients.status(), `/api/recipients/${bad}`).toBe(404)
      expect(await recipients.json()).toEqual({ status: 'NOT_FOUND', message: NOTE_MESSAGES.loadFailed })
      for (const url of [
        `/api/notes/${bad}`,
        `/api/firms/${bad}`,
        `/api/people/${bad}`,
        `/api/contacts/${bad}`,
        `/api/file_objects/${bad}`,
        `/api/tranlogs/${bad}`,
        `/download/${bad}`,
      ]) {
        expect((await api.get(url)).status(), url).toBe(404)
      }
    }
    // A query id goes through the same parser.
    expect((await api.get('/api/notes?nid=1e3')).status()).toBe(400)
    // A well-formed id of no file says so as a malformed one does.
    for (const url of ['/download/999999', '/download/abc']) {
      const missing = await api.get(url)
      expect(missing.status(), url).toBe(404)
      expect(await missing.json(), url).toEqual({ status: 'NOT_FOUND', message: 'No such file.' })
    }
  })

  test('the relogin and settings bodies the client sends are read', async ({ page }) => {
    await login(page, 'readonly')
    const types = await json<{ id: number }[]>(await page.request.get('/api/session_notes/types'))
    const relogin = await page.request.post('/api/auth/relogin', {
      data: { password: 'wrong-password', sessionNotesType: types[0]!.id, sessionNotes: 'At lunch' },
    })
    expect(relogin.status(), await relogin.text()).not.toBe(400)
    expect(relogin.status()).not.toBe(415)
    const me = await json<{ id: number }>(await page.request.get('/api/me'))
    const other = await page.request.put(`/api/v1/users/${me.id + 1}`, { data: { preferences: { noTooltips: true } } })
    expect(other.status()).toBe(403)
  })
})
