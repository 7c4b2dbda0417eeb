import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { commitSessionToken } from '#app/auth/session.server'
import { users } from '#app/db/schema'
import { UPLOAD_TYPE_REFUSED } from '#app/domain/files'
import { openSession } from '#app/models/session.server'
import * as fileObjects from '#app/routes/api.file_objects'
import * as download from '#app/routes/download.$loidfid'
import { testDb } from './db'

const context = { clientIp: '127.0.0.1', requestId: 'upload-types' }

async function cookieFor(username: string) {
  const [user] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, username))
  const { token } = await openSession(testDb(), { userId: user.id, ip: '127.0.0.1', userAgent: 'vitest' })
  return (await commitSessionToken(new Request('http://localhost/'), token)).split(';')[0]
}

async function upload(cookie: string, fid: number, file: File) {
  const form = new FormData()
  form.append('fid', String(fid))
  form.append('domfiles', file)
  form.append('file_description', 'Uploaded by the allowlist test')
  form.append('file_type', '6')
  const response = await fileObjects.action({
    request: new Request('http://localhost/api/file_objects', {
      method: 'POST',
      headers: { Cookie: cookie },
      body: form,
    }),
    params: {},
    context,
  } as never)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
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
      expect(await upload(cookie, fid, file), file.name).toEqual({
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
    const response = (await download.loader({
      request: new Request(`http://localhost/download/${loidfid}`, { headers: { Cookie: cookie } }),
      params: { loidfid: String(loidfid) },
      context,
    } as never)) as Response
    expect(response.headers.get('Content-Type')).toBe('application/octet-stream')
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment;/)
  })
})
