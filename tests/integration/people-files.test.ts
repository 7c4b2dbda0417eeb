import { describe, expect, it } from 'vitest'
import { FILE_TYPES } from '#app/db/schema'
import { ConflictError } from '#app/models/change-log.server'
import { deleteFileLink, fileForDownload, firmFiles, updateFileLink, uploadFirmFiles } from '#app/models/file.server'
import * as people from '#app/models/person.server'
import { testDb } from './db'

describe('people', () => {
  it('creates a member, updates it with its version, refuses a stale version and deletes it', async () => {
    const created = await people.createPerson(testDb(), { fid: 1004 }, 1)
    expect(created.surname).toBe('New Person')
    expect((await people.firmMembers(testDb(), 1004)).map((m) => m.plid)).toContain(created.plid)
    const saved = await people.updatePerson(
      testDb(),
      created.plid,
      created.version,
      { surname: 'Zed', given: 'Ann', direct: '2125550100' },
      1,
    )
    expect(saved.version).toBe(created.version + 1)
    await expect(
      people.updatePerson(testDb(), created.plid, created.version, { surname: 'Lost' }, 1),
    ).rejects.toBeInstanceOf(ConflictError)
    expect((await people.getPerson(testDb(), created.plid))!.name).toBe('Ann Zed')
    const bySurname = await people.firmMembers(testDb(), 1004, { bySurname: true })
    expect(bySurname.at(-1)!.surname >= bySurname[0].surname).toBe(true)
    expect((await people.searchPeople(testDb(), { search: 'Ann Zed' })).map((p) => p.plid)).toContain(created.plid)
    expect(await people.deletePerson(testDb(), created.plid, 1)).toBe(true)
    expect(await people.getPerson(testDb(), created.plid)).toBeNull()
  })
})

describe('files', () => {
  it('uploads, hides Admin files from non-admins, edits and deletes', async () => {
    const user = { id: 1, username: 'admin' }
    const [file] = await uploadFirmFiles(
      testDb(),
      1005,
      [
        {
          filename: 'a.txt',
          contentType: 'text/plain',
          data: Buffer.from('hello'),
          description: 'Hello',
          type: FILE_TYPES.Admin,
        },
      ],
      user,
    )
    expect(file.file_type_description).toBe('Admin')
    expect((await firmFiles(testDb(), 1005, { isAdmin: true })).map((f) => f.loidfid)).toContain(file.loidfid)
    expect((await firmFiles(testDb(), 1005, { isAdmin: false })).map((f) => f.loidfid)).not.toContain(file.loidfid)
    expect(await fileForDownload(testDb(), file.loidfid, { isAdmin: false })).toBeNull()
    const bytes = await fileForDownload(testDb(), file.loidfid, { isAdmin: true })
    expect(bytes!.data.toString()).toBe('hello')
    const edited = await updateFileLink(
      testDb(),
      file.loidfid,
      { file_description: 'Changed', file_type: FILE_TYPES.Other },
      { userId: 1, isAdmin: true },
    )
    expect(edited!.file_description).toBe('Changed')
    expect(await deleteFileLink(testDb(), file.loidfid, { userId: 1, isAdmin: false })).toBe(true)
    expect(await fileForDownload(testDb(), file.loidfid, { isAdmin: true })).toBeNull()
  })
})

describe('several files in one upload', () => {
  it('are stored and read back in order, one query at a time on the transaction (pg 9 refuses overlapping ones; setup-file fails the run on the warning)', async () => {
    const user = { id: 1, username: 'admin' }
    const files = ['one', 'two', 'three', 'four'].map((name) => ({
      filename: `${name}.txt`,
      contentType: 'text/plain',
      data: Buffer.from(name),
      description: `File ${name}`,
      type: FILE_TYPES.Other,
    }))
    const created = await uploadFirmFiles(testDb(), 1006, files, user)
    expect(created.map((file) => file.file_description)).toEqual(['File one', 'File two', 'File three', 'File four'])
    // Let a warning emitted while the upload ran reach the listener before the test ends.
    await new Promise((resolve) => setImmediate(resolve))
  })
})
