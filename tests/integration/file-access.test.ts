import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { canChangeFile, canReadFile, type Actor } from '#app/auth/abilities'
import { fileHolder } from '#app/models/file.server'
import { testDb } from './db'

const actor = (scopes: string[], isAdmin = false, username = 'someone'): Actor & { username: string } => ({
  scopeSet: new Set(scopes),
  isAdmin,
  username,
})

async function firstLink(where: string) {
  const result = await testDb().execute<{ loidfid: number; staff: string | null }>(
    sql.raw(
      `SELECT l.loidfid, n.staff FROM file_links l LEFT JOIN notes n ON n.nid = l.nid WHERE ${where} ORDER BY l.loidfid LIMIT 1`,
    ),
  )
  const row = result.rows[0]
  if (!row) throw new Error(`no file link where ${where}`)
  return row
}

describe('files follow the record that holds them (issue 10: /download/1, /2, … answered 200 to anyone)', () => {
  it('a firm file needs firm-view; a signed-in user without it reads nothing', async () => {
    const link = await firstLink('l.fid IS NOT NULL AND l.file_type <> 1')
    const holder = await fileHolder(testDb(), link.loidfid)
    expect(holder).not.toBeNull()
    expect(canReadFile(actor([]), holder!)).toBe(false)
    expect(canReadFile(actor(['contact-view']), holder!)).toBe(false)
    expect(canReadFile(actor(['firm-view']), holder!)).toBe(true)
    // Changing it needs firm-edit.
    expect(canChangeFile(actor(['firm-view']), holder!)).toBe(false)
    expect(canChangeFile(actor(['firm-view', 'firm-edit']), holder!)).toBe(true)
  })

  it("a note's files are changed only by the note's owner (or the admin group), not by any firm-edit holder", async () => {
    const link = await firstLink("l.nid IS NOT NULL AND n.staff IS NOT NULL AND n.type <> 'admin'")
    const holder = await fileHolder(testDb(), link.loidfid)
    const editor = ['firm-view', 'firm-edit', 'note-edit']
    expect(canReadFile(actor(editor), holder!)).toBe(true)
    expect(canChangeFile(actor(editor, false, 'not-the-owner'), holder!)).toBe(false)
    expect(canChangeFile(actor(editor, false, link.staff as string), holder!)).toBe(true)
    expect(canChangeFile(actor(editor, true, 'admin'), holder!)).toBe(true)
  })

  it('Admin files only for the admin group', async () => {
    await testDb().execute(
      sql`UPDATE file_links SET file_type = 1 WHERE loidfid = (SELECT min(loidfid) FROM file_links WHERE fid IS NOT NULL)`,
    )
    const link = await firstLink('l.file_type = 1')
    const holder = await fileHolder(testDb(), link.loidfid)
    expect(canReadFile(actor(['firm-view', 'firm-edit']), holder!)).toBe(false)
    expect(canReadFile(actor(['firm-view'], true), holder!)).toBe(true)
  })

  it('an unknown or malformed id has no holder', async () => {
    expect(await fileHolder(testDb(), 2 ** 31 - 1)).toBeNull()
    expect(await fileHolder(testDb(), -1)).toBeNull()
  })
})
