import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { UPLOAD_TYPE_REFUSED } from '#app/domain/files'
import * as fileObjects from '#app/routes/api.file_objects'
import * as download from '#app/routes/download.$loidfid'
import { testDb } from './db'
import { cookieFor, get, post } from './route-calls'

function upload(cookie: string, fid: number, file: File) {
  return post(
    fileObjects,
    cookie,
    '/api/file_objects',
    {},
    {
      fid,
      domfiles: file,
      file_description: 'Uploaded by the allowlist test',
      file_type: '6',
    },
  )
}

describe('upload type allowlist (issue 10 item 6)', () => {
  it('POST /api/file_objects refuses a type outside the allowlist with 415 and writes nothing', async () => {
    const cookie = await cookieFor('underwriter')
    const [{ fid }] = (await testDb().execute<{ fid: number }>(sql`SELECT min(fid) AS fid FROM firms`)).rows
    const count = async () =>
      Number(
        (await testDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM file_links WHERE fid = ${fid}`))
          .rows[0].n,
      )
    const before = await count()
    for (const file of [
      new File(['<script>alert(1)</script>'], 'page.html', { type: 'text/html' }),
      new File(['<svg onload=alert(1)>'], 'logo.svg', { type: 'image/svg+xml' }),
      new File(['%PDF'], 'invoice.pdf', { type: 'text/html' }),
      new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }),
    ]) {
      expect(await upload(cookie, fid, file), file.name).toMatchObject({
        status: 415,
        body: { status: 'UNSUPPORTED_MEDIA_TYPE', message: UPLOAD_TYPE_REFUSED },
      })
    }
    expect(await count()).toBe(before)

    // An Outlook message with no declared type is accepted, and served as bytes to save.
    const accepted = await upload(cookie, fid, new File(['mail'], 'broker mail.msg', { type: '' }))
    expect(accepted.status).toBe(201)
    expect(await count()).toBe(before + 1)
    const [{ loidfid }] = (
      await testDb().execute<{ loidfid: number }>(
        sql`SELECT max(loidfid) AS loidfid FROM file_links WHERE fid = ${fid}`,
      )
    ).rows
    const response = await get(download, cookie, `/download/${loidfid}`, { loidfid: String(loidfid) })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ text: 'mail' })
    expect(response.headers.get('Content-Type')).toBe('application/octet-stream')
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment;/)
  })
})
