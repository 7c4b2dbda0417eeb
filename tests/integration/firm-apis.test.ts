import { beforeAll, describe, expect, it } from 'vitest'
import { FILE_TYPE_NOT_ALLOWED, MAX_UPLOAD_MESSAGE } from '#app/domain/files'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { createNote } from '#app/models/note.server'
import * as fileObjects from '#app/routes/api.file_objects'
import * as download from '#app/routes/download.$loidfid'
import * as firmById from '#app/routes/api.firms.$id'
import * as firmSearch from '#app/routes/api.firms.search'
import * as notesSearch from '#app/routes/api.notes.search'
import * as tranlogById from '#app/routes/api.tranlogs.$id'
import { FILE_TYPE_REFUSED_CODE } from '#app/schemas/files'
import { testDb } from './db'
import { actorNamed, makeFirm } from './factories'
import { api, cookieFor, get } from './route-calls'

/**
 * The firm screens' API calls after their move into the features (apiRoute with the feature's
 * handlers): the upload through the one reader, the download, the notes search's paging, ids and bodies.
 */

const cookies: Record<string, string> = {}
let fid: number
beforeAll(async () => {
  for (const username of ['admin', 'underwriter', 'readonly']) cookies[username] = await cookieFor(username)
  fid = (await makeFirm(testDb())).fid
})

async function upload(username: string, fields: Record<string, string | File | (string | File)[]>) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item)
  const request = new Request('http://localhost/api/file_objects', {
    method: 'POST',
    headers: { Cookie: cookies[username]! },
    body: form,
  })
  const response = (await fileObjects
    .action({ request, params: {}, context: {} } as never)
    .catch((thrown: unknown) => thrown)) as Response
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
const text = (name: string, size = 8) => new File(['y'.repeat(size)], name, { type: 'text/plain' })

describe('POST /api/file_objects through the one upload reader', () => {
  it('describes a file by its name, takes a type by code or name, and refuses with the spec messages', async () => {
    const plain = await upload('underwriter', { fid: String(fid), domfiles: text('quote.txt') })
    expect(plain.status).toBe(201)
    expect(plain.body.result).toMatchObject([{ filename: 'quote.txt', file_description: 'quote.txt', file_type: 6 }])
    const byName = await upload('admin', { fid: String(fid), domfiles: text('form.txt'), file_type: 'form' })
    expect(byName.body.result).toMatchObject([{ file_type: 3 }])
    // firm-edit without firmfile-override: no Form files.
    const form = await upload('underwriter', { fid: String(fid), domfiles: text('form.txt'), file_type: '3' })
    expect([form.status, form.body]).toEqual([403, { status: 'FORBIDDEN', message: FILE_TYPE_NOT_ALLOWED }])
    const bogus = await upload('underwriter', { fid: String(fid), domfiles: text('a.txt'), file_type: '7' })
    expect([bogus.status, bogus.body.message]).toEqual([400, FILE_TYPE_REFUSED_CODE])
    const readme = await upload('underwriter', {
      fid: String(fid),
      domfiles: text('README'),
      file_description: 'About',
    })
    expect([readme.status, readme.body.message]).toEqual([
      400,
      'Files without an extension cannot be uploaded: README (About)',
    ])
    const mixed = await upload('underwriter', {
      fid: String(fid),
      domfiles: [text('README'), text('b.txt')],
      file_description: ['', 'Bee'],
    })
    expect(mixed.status).toBe(201)
    expect(mixed.body.warning).toBe('Files without an extension cannot be uploaded: README')
    const big = await upload('underwriter', { fid: String(fid), domfiles: text('big.txt', 10 * 1024 * 1024 + 1) })
    expect([big.status, big.body]).toEqual([413, { status: 'PAYLOAD_TOO_LARGE', message: MAX_UPLOAD_MESSAGE }])
    const noFirm = await upload('underwriter', { fid: 'x', domfiles: text('a.txt') })
    expect([noFirm.status, noFirm.body.message]).toEqual([400, 'fid: a firm id is required.'])
    const none = await upload('underwriter', { fid: String(fid) })
    expect([none.status, none.body.message]).toEqual([400, 'domfiles: choose at least one file.'])
    const json = await api(fileObjects, cookies.underwriter!, 'POST', '/api/file_objects', {}, { fid })
    expect(json.status).toBe(415)
    const refused = await upload('readonly', { fid: String(fid), domfiles: text('a.txt') })
    expect(refused.status).toBe(403)
  })

  it('GET /download/{loidfid}: the bytes as an attachment; a file unseen or unknown is 404 "No such file."', async () => {
    const made = await upload('underwriter', { fid: String(fid), domfiles: text('page.txt', 100) })
    const loidfid = String((made.body.result as { loidfid: number }[])[0]!.loidfid)
    const request = new Request(`http://localhost/download/${loidfid}`, { headers: { Cookie: cookies.underwriter! } })
    const response = (await download.loader({ request, params: { loidfid }, context: {} } as never)) as Response
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="page.txt"; filename*=UTF-8''page.txt`,
    )
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect((await response.text()).length).toBe(100)
    for (const id of ['abc', '99999999']) {
      const missing = await get(download, cookies.underwriter!, `/download/${id}`, { loidfid: id })
      expect([missing.status, missing.body.message]).toEqual([404, 'No such file.'])
    }
    const admin = await upload('admin', { fid: String(fid), domfiles: text('secret.txt'), file_type: 'Admin' })
    const secret = String((admin.body.result as { loidfid: number }[])[0]!.loidfid)
    const hidden = await get(download, cookies.underwriter!, `/download/${secret}`, { loidfid: secret })
    expect([hidden.status, hidden.body.message]).toEqual([404, 'No such file.'])
  })
})

/** POST /api/firms/search with a JSON body. */
const searchFirms = (cookie: string, body: Record<string, unknown>) =>
  api(firmSearch, cookie, 'POST', '/api/firms/search', {}, body)

describe('firm and note API calls', () => {
  it('GET /api/firms/{id} and POST /api/firms/search read ids the one way', async () => {
    const firm = await api(firmById, cookies.readonly!, 'GET', `/api/firms/${fid}`, { id: String(fid) })
    expect(firm.body).toMatchObject({ fid })
    const missing = await api(firmById, cookies.readonly!, 'GET', '/api/firms/99999999', { id: '99999999' })
    expect([missing.status, missing.body.message]).toEqual([404, 'No such firm.'])
    const badFid = await searchFirms(cookies.readonly!, { whereColumns: { fid: 'x' } })
    expect([badFid.status, badFid.body.message]).toEqual([400, 'whereColumns.fid: must be a firm id'])
    const byFid = await searchFirms(cookies.readonly!, { whereColumns: { fid: ` ${fid} ` } })
    expect(byFid.body).toMatchObject({ count: 1, result: [{ fid }] })
  })

  it('POST /api/notes/search pages with the count of every match; a page past the end answers no rows', async () => {
    const actor = await actorNamed(testDb(), 'underwriter')
    for (let index = 0; index < 5; index++) await createNote(testDb(), { fid }, actor)
    const search = (page: number) =>
      api<{ result: { nid: number }[]; count: number }>(
        notesSearch,
        cookies.readonly!,
        'POST',
        '/api/notes/search',
        {},
        {
          whereObjects: { fid },
          page,
          perPage: 2,
        },
      )
    const [first, third, past] = [await search(1), await search(3), await search(4)]
    expect([first.body.count, first.body.result.length]).toEqual([5, 2])
    expect(third.body.result).toHaveLength(1)
    expect(past.body).toEqual({ result: [], count: 5 })
    const pages = [...first.body.result, ...(await search(2)).body.result, ...third.body.result].map((row) => row.nid)
    expect(new Set(pages).size).toBe(5)
  })

  it('GET /api/tranlogs/{nid} reads a note’s log; a bad id is the note’s 404', async () => {
    const note = await createNote(testDb(), { fid }, await actorNamed(testDb(), 'underwriter'))
    const log = await api(tranlogById, cookies.readonly!, 'GET', `/api/tranlogs/${note.nid}`, { id: String(note.nid) })
    expect([log.status, log.body]).toEqual([200, []])
    const bad = await api(tranlogById, cookies.readonly!, 'GET', '/api/tranlogs/x', { id: 'x' })
    expect([bad.status, bad.body.message]).toEqual([404, NOTE_MESSAGES.loadFailed])
  })
})
