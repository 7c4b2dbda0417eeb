import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { notes, users } from '#app/db/schema'
import { FIRM_CATEGORY_DAYS } from '#app/domain/firm-categories'
import { FILE_TYPE_CODES } from '#app/domain/files'
import { FIRM_MESSAGES } from '#app/domain/firm-search'
import { uploadFirmFiles } from '#app/models/file.server'
import { firmCategoryStatement } from '#app/models/firm-activity.server'
import { listPrograms } from '#app/models/program.server'
import * as categories from '#app/routes/api.firms'
import * as policies from '#app/routes/api.firms.$id.policies'
import * as booked from '#app/routes/api.firms.$id.policies.booked'
import * as people from '#app/routes/api.firms.$id.people'
import * as members from '#app/routes/api.firms.members.$id'
import * as plids from '#app/routes/api.firms.firmplids.$id'
import * as firmNotes from '#app/routes/api.firms.$id.notes'
import * as forms from '#app/routes/api.firms.$id.forms'
import * as recipients from '#app/routes/api.firms.$id.recipients'
import * as firmFile from '#app/routes/api.firms.$id.files.$fileId'
import { actorNamed, makeFirm, makeNote, makePerson, makePolicy } from './factories'
import { api, cookieFor, userWithoutScopes, type RouteModule } from './route-calls'
import { testDb } from './db'

/** Issue 23 item 9: the firm calls of spec 2 §7 the built screens lacked, through their routes' real guards. */

let as: Record<'admin' | 'underwriter' | 'claims' | 'readonly' | 'none', string>

beforeAll(async () => {
  as = {
    admin: await cookieFor('admin'),
    underwriter: await cookieFor('underwriter'),
    claims: await cookieFor('claims'),
    readonly: await cookieFor('readonly'),
    none: await userWithoutScopes(),
  }
})

type Page<T = Record<string, unknown>> = {
  result: T[]
  count: number
  page: number
  perPage: number
  totalpages: number
  more?: boolean
  status?: string
  message?: string
}

const get = <T = Page>(module: RouteModule, who: keyof typeof as, path: string, params: Record<string, string> = {}) =>
  api<T>(module, as[who], 'GET', path, params)

/** The refusals every firm call shares: no scope 403, a malformed or unknown firm 404 'No such firm.'. */
async function refusesLikeAFirmCall(module: RouteModule, suffix: string, fid: number) {
  const path = (id: string) => `/api/firms/${id}/${suffix}`
  const noScope = await get(module, 'none', path(String(fid)), { id: String(fid) })
  expect(noScope.status).toBe(403)
  for (const id of ['abc', '1e3', '2147483000']) {
    const answer = await get(module, 'admin', path(id), { id })
    expect(answer.status, id).toBe(404)
    expect(answer.body).toMatchObject({ status: 'NOT_FOUND', message: 'No such firm.' })
  }
}

async function noteChangedDaysAgo(fid: number, days: number, type = 'memo') {
  const note = await makeNote(testDb(), fid, await actorNamed(testDb(), 'underwriter'))
  await testDb()
    .update(notes)
    .set({ cstamp: sql`now() - make_interval(days => ${days})`, type: type as 'memo' })
    .where(eq(notes.nid, note.nid))
  return note
}

describe('GET /api/firms?category=active|neglected (decision 0025)', () => {
  const list = (who: keyof typeof as, query: string) => get(categories, who, `/api/firms?${query}`)

  it('lists firms by the last change of their Active notes: active newest first, neglected oldest first', async () => {
    // Far from every seeded note, so these firms lead their lists.
    const busy = await makeFirm(testDb())
    await noteChangedDaysAgo(busy.fid, -3650)
    await noteChangedDaysAgo(busy.fid, 2)
    const forgotten = await makeFirm(testDb())
    await noteChangedDaysAgo(forgotten.fid, 3650)
    const active = await list('admin', 'category=active')
    expect(active.status).toBe(200)
    expect(active.body.result[0]).toMatchObject({ fid: busy.fid, activenotes: 2, sort: busy.sort })
    const neglected = await list('admin', 'category=neglected&perPage=500')
    expect(neglected.status).toBe(200)
    expect(neglected.body.result[0]).toMatchObject({ fid: forgotten.fid, activenotes: 1 })
    expect(neglected.body.result.some((row) => row.fid === busy.fid)).toBe(false)
    // Every neglected firm's last change is older than the window; lists are sorted as said.
    const cutoff = Date.now() - FIRM_CATEGORY_DAYS * 86_400_000
    const stamps = neglected.body.result.map((row) => new Date(String(row.lastcstamp)).getTime())
    expect(stamps.every((stamp) => stamp < cutoff)).toBe(true)
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b))
    expect(neglected.body.count).toBe(neglected.body.result.length)
  })

  it('counts only Active notes that are not admin-type: done, cancelled and admin notes put a firm in neither', async () => {
    const quiet = await makeFirm(testDb())
    const done = await noteChangedDaysAgo(quiet.fid, 3650)
    await testDb().update(notes).set({ status: 'done' }).where(eq(notes.nid, done.nid))
    await noteChangedDaysAgo(quiet.fid, -3650, 'admin')
    for (const category of ['active', 'neglected']) {
      const all = await list('admin', `category=${category}&perPage=500`)
      expect(all.body.count, 'the demo data fits one page of 500').toBeLessThanOrEqual(500)
      expect(all.body.result.some((row) => row.fid === quiet.fid)).toBe(false)
    }
  })

  it('pages on the server: perPage rows, the count, and a page past the end shows the last one', async () => {
    const first = await list('admin', 'category=active&perPage=5')
    expect(first.body.result).toHaveLength(5)
    expect(first.body.totalpages).toBe(Math.ceil(first.body.count / 5))
    const second = await list('admin', 'category=active&perPage=5&page=2')
    expect(second.body.result.map((row) => row.fid)).not.toContain(first.body.result[0]!.fid)
    const past = await list('admin', 'category=active&perPage=5&page=99999')
    expect(past.body.page).toBe(first.body.totalpages)
  })

  it('holds a non-admin to the first 100 firms, with the over-limit notice (spec 2 §5)', async () => {
    const admin = await list('admin', 'category=active&perPage=100')
    expect(admin.body.count, 'the demo data has more than 100 active firms').toBeGreaterThan(100)
    const staff = await list('underwriter', 'category=active&perPage=100')
    expect(staff.status).toBe(200)
    expect(staff.body.count).toBe(100)
    expect(staff.body.result.map((row) => row.fid)).toEqual(admin.body.result.map((row) => row.fid))
    expect(staff.body).toMatchObject({ status: 'OVER_LIMIT', message: FIRM_MESSAGES.overLimit, totalpages: 1 })
    const beyond = await list('underwriter', 'category=active&perPage=100&page=2')
    expect(beyond.body.page).toBe(1)
  })

  it('refuses a missing or unknown category, a page too large, and users without firm-view', async () => {
    for (const query of ['', 'category=busy', 'category=active&perPage=501', 'category=active&page=0']) {
      const answer = await list('admin', query)
      expect(answer.status, query).toBe(400)
      expect(answer.body.status).toBe('INVALID_PARAMS')
    }
    expect((await list('admin', 'category=busy')).body.message).toBe('category: category must be active or neglected')
    expect((await list('none', 'category=active')).status).toBe(403)
  })
})

describe("a firm's policies: GET /api/firms/{id}/policies and /policies/booked", () => {
  async function firmWithPolicies() {
    const firm = await makeFirm(testDb())
    const [program] = await listPrograms(testDb())
    for (const [status, year] of [
      ['Book', 2025],
      ['Quote', 2024],
      ['Past', 2023],
    ] as const)
      await makePolicy(testDb(), firm.fid, {
        prid: program!.prid,
        incept: `${year}-03-01`,
        limits: '1M',
        deduc: '5K',
        premium: '100.00',
        status,
      })
    return firm
  }

  it('answers the Policies tab’s list: its views, filters, order and pages', async () => {
    const { fid } = await firmWithPolicies()
    const path = `/api/firms/${fid}/policies`
    const all = await get(policies, 'readonly', path, { id: String(fid) })
    expect(all.status).toBe(200)
    expect(all.body.count).toBe(3)
    expect(all.body.result.map((row) => row.status)).toEqual(['Book', 'Quote', 'Past'])
    const quotes = await get(policies, 'readonly', `${path}?view=Quotes`, { id: String(fid) })
    expect(quotes.body.result.map((row) => row.status)).toEqual(['Quote'])
    const filtered = await get(policies, 'readonly', `${path}?status=Book,Past&sortBy=incept&sortDesc=false`, {
      id: String(fid),
    })
    expect(filtered.body.result.map((row) => row.status)).toEqual(['Past', 'Book'])
    const paged = await get(policies, 'readonly', `${path}?perPage=2&page=9`, { id: String(fid) })
    expect(paged.body).toMatchObject({ page: 2, perPage: 2, totalpages: 2, count: 3 })
    expect(paged.body.result).toHaveLength(1)
    expect((await get(policies, 'readonly', `${path}?perPage=101`, { id: String(fid) })).status).toBe(400)
    expect((await get(policies, 'readonly', `${path}?view=Mine`, { id: String(fid) })).status).toBe(400)
    await refusesLikeAFirmCall(policies, 'policies', fid)
  })

  it('answers the booked policies: the Policies view (Book, dncLost, Lost, Past, Tail)', async () => {
    const { fid } = await firmWithPolicies()
    const answer = await get(booked, 'underwriter', `/api/firms/${fid}/policies/booked`, { id: String(fid) })
    expect(answer.status).toBe(200)
    expect(answer.body.result.map((row) => row.status)).toEqual(['Book', 'Past'])
    await refusesLikeAFirmCall(booked, 'policies/booked', fid)
  })
})

describe("a firm's people: /api/firms/{id}/people, /api/firms/members/{id}, /api/firms/firmplids/{id}", () => {
  async function firmWithPeople() {
    const firm = await makeFirm(testDb())
    const made = [
      await makePerson(testDb(), firm.fid, { surname: 'Zimmer', ssn: '123-45-6789', role: 'Partner' }),
      await makePerson(testDb(), firm.fid, { surname: 'Adams', email: 'adams@firm.example' }),
      await makePerson(testDb(), firm.fid, { surname: 'Moreau' }),
    ]
    return { fid: firm.fid, plids: made.map((person) => person.plid) }
  }

  it('people: person entities, the SSN masked without person-edit, paged, searched, by surname', async () => {
    const { fid, plids: made } = await firmWithPeople()
    const path = `/api/firms/${fid}/people`
    const masked = await get(people, 'readonly', path, { id: String(fid) })
    expect(masked.status).toBe(200)
    expect(masked.body.count).toBe(3)
    expect(masked.body.result.map((row) => row.plid)).toEqual(made)
    expect(masked.body.result[0]!.ssn).toBe('***-**-6789')
    const shown = await get(people, 'underwriter', path, { id: String(fid) })
    expect(shown.body.result[0]!.ssn).toBe('123-45-6789')
    const bySurname = await get(people, 'readonly', `${path}?surname=true`, { id: String(fid) })
    expect(bySurname.body.result.map((row) => row.surname)).toEqual(['Adams', 'Moreau', 'Zimmer'])
    const searched = await get(people, 'readonly', `${path}?search=adams`, { id: String(fid) })
    expect(searched.body.result.map((row) => row.plid)).toEqual([made[1]])
    const paged = await get(people, 'readonly', `${path}?perPage=2&page=2`, { id: String(fid) })
    expect(paged.body).toMatchObject({ count: 3, page: 2, totalpages: 2 })
    expect(paged.body.result.map((row) => row.plid)).toEqual([made[2]])
    expect((await get(people, 'readonly', `${path}?perPage=1001`, { id: String(fid) })).status).toBe(400)
    await refusesLikeAFirmCall(people, 'people', fid)
  })

  it("members: the Members tab's columns and no SSN at all; firmplids: the ids", async () => {
    const { fid, plids: made } = await firmWithPeople()
    const answer = await get(members, 'underwriter', `/api/firms/members/${fid}`, { id: String(fid) })
    expect(answer.status).toBe(200)
    expect(Object.keys(answer.body.result[0]!).sort()).toEqual(
      [
        'ce',
        'direct',
        'email',
        'ext',
        'fax',
        'fid',
        'hired',
        'home',
        'hours',
        'licensed',
        'mobile',
        'name',
        'plid',
        'role',
      ].sort(),
    )
    expect(answer.body.result[0]).toMatchObject({ plid: made[0], role: 'Partner', name: 'Pat Zimmer' })
    const ids = await get<Page<number>>(plids, 'readonly', `/api/firms/firmplids/${fid}?perPage=2`, { id: String(fid) })
    expect(ids.status).toBe(200)
    expect(ids.body).toMatchObject({ result: made.slice(0, 2), count: 3, totalpages: 2 })
    for (const [module, prefix] of [
      [members, 'members'],
      [plids, 'firmplids'],
    ] as const) {
      expect((await get(module, 'none', `/api/firms/${prefix}/${fid}`, { id: String(fid) })).status).toBe(403)
      const unknown = await get(module, 'admin', `/api/firms/${prefix}/2147483000`, { id: '2147483000' })
      expect(unknown.status).toBe(404)
      expect(unknown.body.message).toBe('No such firm.')
    }
  })

  it("recipients: the firm's people with a name and an email (the note editor's rule), searched", async () => {
    const firm = await makeFirm(testDb())
    const withEmail = await makePerson(testDb(), firm.fid, { surname: 'Reyes', email: 'reyes@firm.example' })
    await makePerson(testDb(), firm.fid, { surname: 'Noemail' })
    const second = await makePerson(testDb(), firm.fid, { surname: 'Baker', email: 'baker@firm.example' })
    const path = `/api/firms/${firm.fid}/recipients`
    const answer = await get(recipients, 'claims', path, { id: String(firm.fid) })
    expect(answer.status).toBe(200)
    expect(answer.body.result.map((row) => row.plid)).toEqual([second.plid, withEmail.plid])
    expect(answer.body.result[0]).toMatchObject({ email: 'baker@firm.example', firms_sort: firm.sort })
    const searched = await get(recipients, 'claims', `${path}?search=rey`, { id: String(firm.fid) })
    expect(searched.body.result.map((row) => row.plid)).toEqual([withEmail.plid])
    expect((await get(recipients, 'claims', `${path}?perPage=101`, { id: String(firm.fid) })).status).toBe(400)
    await refusesLikeAFirmCall(recipients, 'recipients', firm.fid)
  })
})

describe("a firm's notes: GET /api/firms/{id}/notes", () => {
  it("answers the Notes tab's batches and pages, its modes, and admin-type notes only to admins", async () => {
    const firm = await makeFirm(testDb())
    const actor = await actorNamed(testDb(), 'underwriter')
    const made = [await makeNote(testDb(), firm.fid, actor), await makeNote(testDb(), firm.fid, actor)]
    const closed = await makeNote(testDb(), firm.fid, actor)
    await testDb().update(notes).set({ status: 'done' }).where(eq(notes.nid, closed.nid))
    const secret = await makeNote(testDb(), firm.fid, actor)
    await testDb().update(notes).set({ type: 'admin' }).where(eq(notes.nid, secret.nid))
    const path = `/api/firms/${firm.fid}/notes`
    const params = { id: String(firm.fid) }
    type NotesAnswer = {
      result: { nid: number }[]
      count: number
      batch: number
      page: number
      batches: number
      pages: number
    }
    const staff = await get<NotesAnswer>(firmNotes, 'underwriter', path, params)
    expect(staff.status).toBe(200)
    expect(staff.body).toMatchObject({ count: 3, batch: 1, page: 1, batches: 1, pages: 1 })
    expect(staff.body.result.map((note) => note.nid).sort()).toEqual([...made.map((n) => n.nid), closed.nid].sort())
    const admin = await get<NotesAnswer>(firmNotes, 'admin', path, params)
    expect(admin.body.count).toBe(4)
    const active = await get<NotesAnswer>(firmNotes, 'underwriter', `${path}?mode=Active`, params)
    expect(active.body.result.map((note) => note.nid).sort()).toEqual(made.map((n) => n.nid).sort())
    const done = await get<NotesAnswer>(firmNotes, 'underwriter', `${path}?mode=Status&status=done`, params)
    expect(done.body.result.map((note) => note.nid)).toEqual([closed.nid])
    const ordered = await get<NotesAnswer>(firmNotes, 'underwriter', `${path}?searchcolumn=nid&sortorder=asc`, params)
    expect(ordered.body.result.map((note) => note.nid)).toEqual([made[0]!.nid, made[1]!.nid, closed.nid])
    // A batch past the end is the last one (a stale bookmark).
    const stale = await get<NotesAnswer>(firmNotes, 'underwriter', `${path}?batch=40&page=7`, params)
    expect(stale.body).toMatchObject({ batch: 1, page: 1, count: 3 })
    for (const query of ['mode=Status', 'mode=Web', 'page=11', 'sortorder=up', 'searchcolumn=note'])
      expect((await get(firmNotes, 'underwriter', `${path}?${query}`, params)).status, query).toBe(400)
    await refusesLikeAFirmCall(firmNotes, 'notes', firm.fid)
  })
})

describe("a firm's files: /api/firms/{id}/forms and /api/firms/{id}/files/{fileId}", () => {
  async function firmWithFiles() {
    const firm = await makeFirm(testDb())
    const [admin] = await testDb()
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.username, 'admin'))
    const file = (name: string, type: number) => ({
      filename: name,
      contentType: 'application/pdf',
      data: Buffer.from(`%PDF ${name}`),
      description: name,
      type,
    })
    const [form, other, secret] = await uploadFirmFiles(
      testDb(),
      firm.fid,
      [
        file('form.pdf', FILE_TYPE_CODES.Form),
        file('other.pdf', FILE_TYPE_CODES.Other),
        file('secret.pdf', FILE_TYPE_CODES.Admin),
      ],
      admin!,
    )
    return { fid: firm.fid, form: form!, other: other!, secret: secret! }
  }
  const fileCall = (who: keyof typeof as, method: string, fid: number, loidfid: number | string) =>
    api(firmFile, as[who], method, `/api/firms/${fid}/files/${loidfid}`, {
      id: String(fid),
      fileId: String(loidfid),
    })

  it("forms: the firm's Form files, paged", async () => {
    const { fid, form } = await firmWithFiles()
    const answer = await get(forms, 'readonly', `/api/firms/${fid}/forms`, { id: String(fid) })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ count: 1, page: 1, totalpages: 1 })
    expect(answer.body.result[0]).toMatchObject({ loidfid: form.loidfid, file_type_description: 'Form' })
    await refusesLikeAFirmCall(forms, 'forms', fid)
  })

  it('a file: its metadata; another firm’s file, an unknown one and Admin files for non-admins are 404', async () => {
    const { fid, other, secret } = await firmWithFiles()
    const elsewhere = await firmWithFiles()
    const read = await fileCall('readonly', 'GET', fid, other.loidfid)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ loidfid: other.loidfid, filename: 'other.pdf', fid })
    for (const [who, loidfid] of [
      ['readonly', elsewhere.other.loidfid],
      ['underwriter', secret.loidfid],
      ['admin', 2147483000],
      ['admin', 'x1'],
    ] as const) {
      const answer = await fileCall(who, 'GET', fid, loidfid)
      expect(answer.status, `${who} ${loidfid}`).toBe(404)
      expect(answer.body).toEqual({ status: 'NOT_FOUND', message: 'No such file.' })
    }
    expect((await fileCall('admin', 'GET', fid, secret.loidfid)).status).toBe(200)
    expect((await fileCall('none', 'GET', fid, other.loidfid)).status).toBe(403)
    expect((await fileCall('admin', 'GET', 2147483000, other.loidfid)).body.message).toBe('No such firm.')
  })

  it('DELETE: firm-edit, and Form files only for the admin group (the Files tab’s rule)', async () => {
    const { fid, form, other, secret } = await firmWithFiles()
    // claims sees firms but may not edit them: the guard refuses.
    expect((await fileCall('claims', 'DELETE', fid, other.loidfid)).status).toBe(403)
    const formRefused = await fileCall('underwriter', 'DELETE', fid, form.loidfid)
    expect(formRefused.status).toBe(403)
    expect(formRefused.body).toEqual({ status: 'FORBIDDEN', message: 'Only an administrator may delete a Form file.' })
    expect((await fileCall('underwriter', 'DELETE', fid, secret.loidfid)).status).toBe(404)
    const deleted = await fileCall('underwriter', 'DELETE', fid, other.loidfid)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ status: 'DELETED', loidfid: other.loidfid })
    expect((await fileCall('underwriter', 'GET', fid, other.loidfid)).status).toBe(404)
    expect((await fileCall('underwriter', 'DELETE', fid, other.loidfid)).status).toBe(404)
    expect((await fileCall('admin', 'DELETE', fid, form.loidfid)).status).toBe(200)
    expect((await fileCall('admin', 'DELETE', fid, secret.loidfid)).status).toBe(200)
    const logged = await testDb().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM change_log WHERE entity = 'file' AND action = 'delete' AND entity_id IN (${String(other.loidfid)}, ${String(form.loidfid)}, ${String(secret.loidfid)})`,
    )
    expect(logged.rows[0]!.n).toBe(3)
  })
})

describe('the category statement at scale (decision 0025)', () => {
  it('groups the Active notes from notes_active_firm_idx alone, for either category', async () => {
    for (const category of ['active', 'neglected'] as const) {
      const plan = await testDb().transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`)
        await tx.execute(sql`SET LOCAL enable_bitmapscan = off`)
        const explained = await tx.execute<{ 'QUERY PLAN': unknown }>(
          sql`EXPLAIN (FORMAT JSON) ${firmCategoryStatement(category, { limit: 100, offset: 0 })}`,
        )
        return JSON.stringify(explained.rows[0]!['QUERY PLAN'])
      })
      // The constant predicate proves the partial index's: its entries are all that is read of the notes.
      expect(plan).toMatch(/"Node Type":"Index Only Scan"[^{]*"Index Name":"notes_active_firm_idx"/)
      expect(plan).not.toContain('notes_fid_cstamp_idx')
    }
  })
})
