import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { changeLog, FILE_TYPES } from '#app/db/schema'
import { PEOPLE_SEARCH_LIMIT } from '#app/domain/people-search'
import { ConflictError, NotFoundError } from '#app/models/change-log.server'
import { formFiles, getFileLink, updateFileLink, uploadFirmFiles } from '#app/models/file.server'
import * as people from '#app/models/person.server'
import { peopleCreateSchema, peopleSearchBodySchema, peopleUpdateSchema, personUpdateSchema } from '#app/schemas/people'
import { testDb } from './db'

describe('people search', () => {
  it('pages, sorts and stops at the 1000-person limit', async () => {
    const many = Array.from({ length: PEOPLE_SEARCH_LIMIT + 5 }, (_, index) => ({
      surname: 'Pagetestzq',
      given: `G${String(index).padStart(4, '0')}`,
    }))
    await people.createPeople(testDb(), many, 1)
    /** A page of the search by given name (the ascending order unless `sortDesc`). */
    const pageOf = (page: number, perPage: number, sortDesc?: boolean) =>
      people.searchPeoplePage(testDb(), { term: 'pagetestzq', page, perPage, sortBy: 'given', sortDesc })
    const first = await pageOf(1, 100)
    expect(first.count).toBe(PEOPLE_SEARCH_LIMIT)
    expect(first.overLimit).toBe(true)
    expect(first.totalpages).toBe(10)
    expect(first.result).toHaveLength(100)
    expect(first.result[0].given).toBe('G0000')
    const last = await pageOf(10, 100)
    expect(last.result.at(-1)!.given).toBe('G0999')
    // Pages past the limit show the last page the limit allows.
    const beyond = await pageOf(11, 100)
    expect(beyond.result.at(-1)!.given).toBe('G0999')
    const descending = await pageOf(1, 5, true)
    expect(descending.result.map((row) => row.given)).toEqual(['G1004', 'G1003', 'G1002', 'G1001', 'G1000'])
    // 1,005 people written through the model, one version-checked batch: 12-25 s on a loaded 2-core machine.
  }, 90_000)

  it('reads its plan estimate once per search a minute, and still shows a person written in between', async () => {
    const statements: string[] = []
    const db = testDb()
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
    const query = client.query
    client.query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string }
      statements.push(typeof first === 'string' ? first : String(first?.text))
      return query.apply(client, args)
    }
    try {
      const samples = () => statements.filter((text) => text.includes('TABLESAMPLE')).length
      const search = () => people.searchPeoplePage(db, { term: 'estimatezq', page: 1, perPage: 100 })
      expect((await search()).count).toBe(0)
      expect(samples()).toBe(1)
      const [person] = await people.createPeople(db, [{ surname: 'Estimatezq', given: 'Nell' }], 1)
      expect((await search()).result.map((row) => row.plid)).toEqual([person.plid])
      expect(samples()).toBe(1)
    } finally {
      client.query = query
    }
  })

  it('matches names, email, firm sort and contact sort, every word, within the search type', async () => {
    const [member, loose] = await people.createPeople(
      testDb(),
      [
        { fid: 1004, surname: 'Wordmatchzq', given: 'Alma', email: 'alma@example.com' },
        { surname: 'Wordmatchzq', given: 'Bert' },
      ],
      1,
    )
    const both = await people.searchPeoplePage(testDb(), { term: 'wordmatchzq', page: 1, perPage: 100 })
    expect(both.result.map((row) => row.plid).sort()).toEqual([member.plid, loose.plid].sort())
    expect(both.overLimit).toBe(false)
    const firmOnly = await people.searchPeoplePage(testDb(), {
      term: 'wordmatchzq',
      searchType: 'firm',
      page: 1,
      perPage: 100,
    })
    expect(firmOnly.result.map((row) => row.plid)).toEqual([member.plid])
    expect(firmOnly.result[0].firms_sort).toBeTruthy()
    const byFirmSort = await people.searchPeoplePage(testDb(), {
      term: `${firmOnly.result[0].firms_sort} wordmatchzq`,
      page: 1,
      perPage: 100,
    })
    expect(byFirmSort.result.map((row) => row.plid)).toEqual([member.plid])
    expect(
      (await people.searchPeoplePage(testDb(), { term: 'alma@example wordmatchzq', page: 1, perPage: 100 })).result,
    ).toHaveLength(1)
    expect(
      (await people.searchPeoplePage(testDb(), { term: 'wordmatchzq', searchType: 'contact', page: 1, perPage: 100 }))
        .count,
    ).toBe(0)
    // LIKE wildcards are literal text.
    expect((await people.searchPeoplePage(testDb(), { term: 'wordmatch%', page: 1, perPage: 100 })).count).toBe(0)
  })

  it('lists people with chosen fields and order, and masks the SSN for viewers', async () => {
    const [person] = await people.createPeople(
      testDb(),
      [
        { surname: 'Fieldszq', given: 'B', ssn: '123-45-6789' },
        { surname: 'Fieldszq', given: 'A' },
      ],
      1,
    )
    const rows = await people.listPeople(testDb(), {
      fields: ['given', 'ssn'],
      order: [{ field: 'given', desc: true }],
      search: 'fieldszq',
      limit: 10,
    })
    expect(rows).toEqual([
      { plid: person.plid, given: 'B', ssn: '123-45-6789' },
      { plid: expect.any(Number), given: 'A', ssn: null },
    ])
    expect(people.withSsnFor(false, rows)[0].ssn).toBe('***-**-6789')
    expect(await people.listPeople(testDb(), { search: 'fieldszq', limit: 1 })).toHaveLength(1)
  })
})

describe('people batches', () => {
  it('creates a list in one transaction; a missing firm creates none', async () => {
    const before = await people.searchPeoplePage(testDb(), { term: 'Batchzq', page: 1, perPage: 100 })
    await expect(
      people.createPeople(testDb(), [{ surname: 'Batchzq' }, { surname: 'Batchzq', fid: 999_999 }], 1),
    ).rejects.toBeInstanceOf(NotFoundError)
    expect((await people.searchPeoplePage(testDb(), { term: 'Batchzq', page: 1, perPage: 100 })).count).toBe(
      before.count,
    )
    const created = await people.createPeople(testDb(), [{}, { fid: 1004 }], 1)
    expect(created.map((person) => person.surname)).toEqual(['New Person', 'New Person'])
    expect(created[1].fid).toBe(1004)
    const logged = await testDb()
      .select()
      .from(changeLog)
      .where(eq(changeLog.entityId, String(created[0].plid)))
    expect(logged.some((row) => row.entity === 'person' && row.action === 'create')).toBe(true)
  })

  it('updates by plid and version; one stale version rolls the whole batch back', async () => {
    const [a, b] = await people.createPeople(testDb(), [{ surname: 'Versionzq' }, { surname: 'Versionzq' }], 1)
    const saved = await people.updatePeople(
      testDb(),
      [
        { plid: a.plid, version: a.version, changes: { given: 'Ann' } },
        { plid: b.plid, version: b.version, changes: { given: 'Bob' } },
      ],
      1,
    )
    expect(saved.map((person) => person.version)).toEqual([a.version + 1, b.version + 1])
    const stale = people.updatePeople(
      testDb(),
      [
        { plid: a.plid, version: a.version + 1, changes: { given: 'Anna' } },
        { plid: b.plid, version: b.version, changes: { given: 'Lost' } },
      ],
      1,
    )
    await expect(stale).rejects.toBeInstanceOf(ConflictError)
    expect((await people.getPerson(testDb(), a.plid))!.given).toBe('Ann')
    expect((await people.getPerson(testDb(), b.plid))!.given).toBe('Bob')
  })

  it('parses API bodies: one or many, partial updates, clear messages', () => {
    expect(peopleCreateSchema.parse({})).toEqual([{}])
    expect(peopleCreateSchema.parse({ fid: 1004 })).toEqual([{ fid: 1004 }])
    expect(peopleCreateSchema.parse([{ surname: ' Ann\u0000 ' }, { direct: '(212) 555-0100' }])).toEqual([
      { surname: 'Ann' },
      { direct: '2125550100' },
    ])
    expect(peopleCreateSchema.safeParse({ plid: 5 }).error?.issues[0].message).toContain('PUT /api/people')
    expect(peopleCreateSchema.safeParse([]).error?.issues[0].message).toBe('The list of people is empty.')
    expect(peopleCreateSchema.safeParse({ email: 'nope' }).error?.issues[0].message).toBe('Email must be valid')
    expect(peopleUpdateSchema.parse([{ plid: 1, version: 2, given: null, name: 'derived, ignored' }])).toEqual([
      { plid: 1, version: 2, changes: { given: null } },
    ])
    expect(peopleUpdateSchema.safeParse([{ plid: 1 }]).error?.issues[0].message).toBe('version is required')
    expect(personUpdateSchema.safeParse({ version: 1, surname: '' }).error?.issues[0].message).toBe(
      'This field is required.',
    )
    expect(peopleSearchBodySchema.parse({ term: 'x' })).toEqual({
      searchType: 'all',
      term: 'x',
      page: 1,
      perPage: 100,
      sortDesc: false,
    })
    expect(peopleSearchBodySchema.safeParse({ searchType: 'nobody' }).error?.issues[0].message).toBe(
      'searchType must be one of all, firm, contact',
    )
  })
})

describe('file objects', () => {
  it('edits with a version, refuses a stale one, lists forms and hides Admin files', async () => {
    const user = { id: 1, username: 'admin' }
    const [form, admin] = await uploadFirmFiles(
      testDb(),
      1006,
      [
        {
          filename: 'application.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF'),
          description: 'Application',
          type: FILE_TYPES.Form,
        },
        {
          filename: 'secret.txt',
          contentType: 'text/plain',
          data: Buffer.from('s'),
          description: 'Secret',
          type: FILE_TYPES.Admin,
        },
      ],
      user,
    )
    const forms = await formFiles(testDb(), { fields: ['filename'], order: [{ field: 'loidfid', desc: true }] })
    expect(forms).toContainEqual({ loidfid: form.loidfid, filename: 'application.pdf' })
    expect(forms.some((row) => row.loidfid === admin.loidfid)).toBe(false)
    expect(await getFileLink(testDb(), admin.loidfid, { isAdmin: false })).toBeNull()
    expect(
      await updateFileLink(
        testDb(),
        admin.loidfid,
        { file_description: 'x', file_type: FILE_TYPES.Other },
        { userId: 2, isAdmin: false },
      ),
    ).toBeNull()
    const saved = await updateFileLink(
      testDb(),
      form.loidfid,
      { file_description: 'Application form', file_type: FILE_TYPES.Form },
      { userId: 1, isAdmin: true, version: form.version },
    )
    expect(saved!.version).toBe(form.version + 1)
    await expect(
      updateFileLink(
        testDb(),
        form.loidfid,
        { file_description: 'Lost', file_type: FILE_TYPES.Form },
        { userId: 1, isAdmin: true, version: form.version },
      ),
    ).rejects.toBeInstanceOf(ConflictError)
    expect((await getFileLink(testDb(), form.loidfid, { isAdmin: false }))!.file_description).toBe('Application form')
  })
})
