import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { changeLog, contacts, ledgers, people, policies, programs, users } from '#app/db/schema'
import { getPolicy } from '#app/models/policy.server'
import { createClaim, getClaim } from '#app/models/claim.server'
import * as ledgersRoute from '#app/routes/api.ledgers'
import * as ledgerRoute from '#app/routes/api.ledgers.$id'
import * as ledgerSearchRoute from '#app/routes/api.ledgers.search'
import * as programsRoute from '#app/routes/api.programs'
import * as programRoute from '#app/routes/api.programs.$id'
import * as groupCopyRoute from '#app/routes/api.policies.$id.group'
import * as groupTextRoute from '#app/routes/api.policies.group.$id'
import * as filesRoute from '#app/routes/api.policies.$id.files'
import * as feesRoute from '#app/routes/api.policies.fees'
import * as policyRoute from '#app/routes/api.policies.$id'
import * as claimRoute from '#app/routes/api.claims.$id'
import { makeFirm, makeFirmPolicy } from './factories'
import { testDb } from './db'
import { api, sessionOf, type Answer, type RouteModule } from './route-calls'

/** The policy calls of spec 3 §7 routed in issue 13: programs, ledgers, group PUTs, files and fees, through their routes. */

/** A signed-in user and a caller of the API routes as that user. */
async function as(username: string) {
  const [user] = await testDb().select().from(users).where(eq(users.username, username))
  const cookie = (await sessionOf(user!.id)).cookie
  const call = (
    route: RouteModule,
    method: string,
    path: string,
    params: Record<string, string> = {},
    body?: unknown,
  ) => api(route, cookie, method, path, params, body)
  return { user: user!, call }
}

/** A Past policy of the first program on a new firm. */
const newPolicy = () => makeFirmPolicy(testDb(), { status: 'Past' })

const logs = (entity: string, ids: (string | number)[]) =>
  testDb()
    .select()
    .from(changeLog)
    .where(and(eq(changeLog.entity, entity), inArray(changeLog.entityId, ids.map(String))))

describe('/api/ledgers', () => {
  it('creates, reads, updates with the version read, and logs every change', async () => {
    const { call, user } = await as('admin')
    const { policy } = await newPolicy()
    const created = await call(
      ledgersRoute,
      'POST',
      '/api/ledgers',
      {},
      { pid: policy.pid, type: 'Invoice', acct: 'Premium', amt: 1000.5, due: '3-1-2025', note: 'first' },
    )
    expect(created.status).toBe(201)
    const entry = created.body as { lid: number; version: number; amt: string; due: string }
    expect(entry.amt).toBe('1000.50')
    expect(entry.due).toBe('2025-03-01')

    const list = (await call(ledgersRoute, 'GET', `/api/ledgers/?pid=${policy.pid}`)).body as unknown as {
      lid: number
    }[]
    expect(list.map((row) => row.lid)).toEqual([entry.lid])
    expect((await call(ledgerRoute, 'GET', `/api/ledgers/${entry.lid}`, { id: String(entry.lid) })).status).toBe(200)

    const put = (body: Record<string, unknown>) =>
      call(ledgerRoute, 'PUT', `/api/ledgers/${entry.lid}`, { id: String(entry.lid) }, body)
    const saved = await put({ version: entry.version, paid: '2025-03-15' })
    expect(saved.status).toBe(200)
    expect((saved.body as { paid: string }).paid).toBe('2025-03-15')
    const stale = await put({ version: entry.version, amt: '1.00' })
    expect(stale.status).toBe(409)
    const [row] = await testDb().select().from(ledgers).where(eq(ledgers.lid, entry.lid))
    expect(row.amt).toBe('1000.50')

    const changes = await logs('ledger', [entry.lid])
    expect(changes.map((change) => change.action).sort()).toEqual(['create', 'update'])
    expect(changes.every((change) => change.userId === user.id)).toBe(true)
  })

  it('updates an array all or none, and every entry of a policy by ?pid=', async () => {
    const { call } = await as('admin')
    const { policy } = await newPolicy()
    const make = async (amt: string) =>
      (await call(ledgersRoute, 'POST', '/api/ledgers', {}, { pid: policy.pid, type: 'Invoice', acct: 'Premium', amt }))
        .body as { lid: number; version: number }
    const a = await make('10.00')
    const b = await make('20.00')
    const refused = await call(ledgersRoute, 'PUT', '/api/ledgers', {}, [
      { lid: a.lid, version: a.version, note: 'batch' },
      { lid: b.lid, version: b.version + 5, note: 'batch' },
    ])
    expect(refused.status).toBe(409)
    const untouched = await testDb().select().from(ledgers).where(eq(ledgers.pid, policy.pid))
    expect(untouched.every((entry) => entry.note === null)).toBe(true)

    const batch = await call(ledgersRoute, 'PUT', '/api/ledgers', {}, [
      { lid: a.lid, version: a.version, note: 'batch' },
      { lid: b.lid, version: b.version, amt: '-5.25' },
    ])
    expect(batch.status).toBe(200)
    const byPid = await call(ledgersRoute, 'PUT', `/api/ledgers?pid=${policy.pid}`, {}, { dep: '2025-04-02' })
    expect(byPid.status).toBe(200)
    const after = await testDb().select().from(ledgers).where(eq(ledgers.pid, policy.pid)).orderBy(ledgers.lid)
    expect(after.map((entry) => [entry.amt, entry.note, entry.dep])).toEqual([
      ['10.00', 'batch', '2025-04-02'],
      ['-5.25', null, '2025-04-02'],
    ])
    expect((await logs('ledger', [a.lid, b.lid])).filter((change) => change.action === 'update')).toHaveLength(4)

    expect((await call(ledgersRoute, 'PUT', '/api/ledgers', {}, { note: 'x' })).status).toBe(400)
    expect((await call(ledgersRoute, 'PUT', '/api/ledgers', {}, [{ lid: a.lid, version: 99, amt: '$5' }])).status).toBe(
      400,
    )
  })

  it('searches with paging and refuses bad input with 400, unknown records with 404', async () => {
    const { call } = await as('admin')
    const { policy, firm } = await newPolicy()
    for (const [amt, paid] of [
      ['1.00', null],
      ['2.00', '2025-05-01'],
      ['3.00', null],
    ] as const) {
      await call(
        ledgersRoute,
        'POST',
        '/api/ledgers',
        {},
        { pid: policy.pid, type: 'Invoice', acct: 'Premium', amt, due: '2025-04-01', paid },
      )
    }
    const found = (await call(ledgerSearchRoute, 'GET', `/api/ledgers/search?fid=${firm.fid}&paid=no&perPage=1`))
      .body as { result: { amt: string }[]; count: number; totalPages: number }
    expect(found.count).toBe(2)
    expect(found.totalPages).toBe(2)
    expect(found.result).toHaveLength(1)
    expect((await call(ledgerSearchRoute, 'GET', '/api/ledgers/search?paid=maybe')).status).toBe(400)
    expect(
      (
        await call(
          ledgersRoute,
          'POST',
          '/api/ledgers',
          {},
          { pid: 2147480000, type: 'Invoice', acct: 'Premium', amt: '1' },
        )
      ).status,
    ).toBe(404)
    expect(
      (
        await call(
          ledgersRoute,
          'POST',
          '/api/ledgers',
          {},
          { pid: policy.pid, type: 'Invoice', acct: 'Premium', amt: '1', cid: 2147480000 },
        )
      ).status,
    ).toBe(400)
    expect((await call(ledgerRoute, 'GET', '/api/ledgers/2147480000', { id: '2147480000' })).status).toBe(404)
    expect((await call(ledgerRoute, 'GET', '/api/ledgers/abc', { id: 'abc' })).status).toBe(404)
  })

  it('lets a user without policy-edit read but not write', async () => {
    const { call } = await as('readonly')
    const { policy } = await newPolicy()
    expect((await call(ledgersRoute, 'GET', `/api/ledgers?pid=${policy.pid}`)).status).toBe(200)
    expect(
      (
        await call(
          ledgersRoute,
          'POST',
          '/api/ledgers',
          {},
          { pid: policy.pid, type: 'Invoice', acct: 'Premium', amt: '1' },
        )
      ).status,
    ).toBe(403)
  })
})

describe('/api/programs', () => {
  it('pages in SQL: each page is its slice of the whole list, with the count of all; past the end, the last page', async () => {
    const { call } = await as('admin')
    type Listed = { result: { prid: number }[]; count: number; totalPages: number }
    const all = (await call(programsRoute, 'GET', '/api/programs')).body as Listed
    expect(all.count).toBe(all.result.length)
    expect(all.count).toBeGreaterThan(2)
    const second = (await call(programsRoute, 'GET', '/api/programs?page=2&perPage=2')).body as Listed
    expect(second.result.map((row) => row.prid)).toEqual(all.result.slice(2, 4).map((row) => row.prid))
    expect(second.count).toBe(all.count)
    expect(second.totalPages).toBe(Math.ceil(all.count / 2))
    const past = (await call(programsRoute, 'GET', '/api/programs?page=9999&perPage=2')).body as Listed
    const lastStart = (second.totalPages - 1) * 2
    expect(past.result.map((row) => row.prid)).toEqual(
      all.result.slice(lastStart, lastStart + 2).map((row) => row.prid),
    )
  })

  it('lists in mgaid, proid, spnid order, creates, duplicates, updates at a version and deletes only unused programs', async () => {
    const { call } = await as('admin')
    const listed = (await call(programsRoute, 'GET', '/api/programs?page=1&perPage=10000&sortIds=mgaid,proid,spnid'))
      .body as { result: { prid: number; mgaid: number | null }[]; count: number }
    expect(listed.count).toBe(listed.result.length)
    const [mga] = await testDb().select({ cid: contacts.cid, sort: contacts.sort }).from(contacts).limit(1)
    const created = await call(
      programsRoute,
      'POST',
      '/api/programs',
      {},
      { name: 'Test program', mgaid: mga.cid, tax_type: 'SL' },
    )
    expect(created.status).toBe(201)
    const program = created.body as { prid: number; version: number }
    const withNames = (
      await call(programRoute, 'GET', `/api/programs/${program.prid}?withUnderWriters=true`, {
        id: String(program.prid),
      })
    ).body as { entities: { mgaid: string } }
    expect(withNames.entities.mgaid).toBe(mga.sort)

    const copy = (await call(programsRoute, 'POST', `/api/programs?action=duplicate&prid=${program.prid}`)).body as {
      prid: number
      mgaid: number
    }
    expect(copy.prid).not.toBe(program.prid)
    expect(copy.mgaid).toBe(mga.cid)

    const saved = await call(
      programRoute,
      'PUT',
      `/api/programs/${program.prid}`,
      { id: String(program.prid) },
      { version: program.version, tax_type: 'Admitted' },
    )
    expect(saved.status).toBe(200)
    expect(
      (
        await call(
          programRoute,
          'PUT',
          `/api/programs/${program.prid}`,
          { id: String(program.prid) },
          { version: program.version, tax_type: 'SL' },
        )
      ).status,
    ).toBe(409)
    expect((await call(programsRoute, 'POST', '/api/programs', {}, { mgaid: 2147480000 })).status).toBe(400)
    expect((await call(programsRoute, 'POST', '/api/programs', {}, { mgaid: mga.cid, tax_type: 'Other' })).status).toBe(
      400,
    )
    expect((await call(programsRoute, 'POST', '/api/programs', {}, {})).status).toBe(400)

    const [used] = await testDb()
      .select({ prid: policies.prid })
      .from(policies)
      .where(eq(policies.prid, listed.result[0]!.prid))
      .limit(1)
    const [usedProgram] = await testDb().select().from(programs).where(eq(programs.prid, used!.prid!))
    expect(
      (
        await call(programRoute, 'DELETE', `/api/programs/${usedProgram.prid}?version=${usedProgram.version}`, {
          id: String(usedProgram.prid),
        })
      ).status,
    ).toBe(409)
    expect(
      (await call(programRoute, 'DELETE', `/api/programs/${copy.prid}?version=1`, { id: String(copy.prid) })).status,
    ).toBe(200)
    expect(await testDb().select().from(programs).where(eq(programs.prid, copy.prid))).toHaveLength(0)
    expect((await logs('program', [program.prid, copy.prid])).map((change) => change.action).sort()).toEqual([
      'create',
      'create',
      'delete',
      'update',
    ])
  })
})

describe('group PUTs, files and fees', () => {
  it('adds a copy to the group, then saves text fields to the whole group, each member logged', async () => {
    const { call } = await as('admin')
    const { policy, firm, program } = await newPolicy()
    const copyToGroup = (body: Record<string, unknown>, query = '') =>
      call(groupCopyRoute, 'PUT', `/api/policies/${policy.pid}/group${query}`, { id: String(policy.pid) }, body)
    const added = await call(
      groupCopyRoute,
      'PUT',
      `/api/policies/${policy.pid}/group?pid=${policy.pid}`,
      { id: String(policy.pid) },
      { version: policy.version, limits: '2M', deduc: '10K', premium: '2000' },
    )
    expect(added.status).toBe(201)
    const { original, copy } = added.body as {
      original: { grpnum: number }
      copy: { pid: number; grpnum: number; premium: string }
    }
    expect(original.grpnum).toBeGreaterThan(0)
    expect(copy.grpnum).toBe(original.grpnum)
    expect(copy.premium).toBe('2000.00')
    expect((await copyToGroup({ version: policy.version, limits: '2M', deduc: '10K', premium: '2000' })).status).toBe(
      409,
    )
    expect((await copyToGroup({ version: 2, limits: '', deduc: '10K', premium: '2000' })).status).toBe(400)

    const text = await call(
      groupTextRoute,
      'PUT',
      `/api/policies/group/${original.grpnum}?fid=${firm.fid}&prid=${program.prid}`,
      { id: String(original.grpnum) },
      { forms: 'F-1', features: 'Both', docs: null, note: 'group note' },
    )
    expect(text.status).toBe(200)
    expect((text.body as { message: string }).message).toBe('Text fields have been saved to group')
    for (const pid of [policy.pid, copy.pid]) expect((await getPolicy(testDb(), pid))?.note).toBe('group note')
    expect(
      (await logs('policy', [policy.pid, copy.pid])).filter((change) => change.action === 'update').length,
    ).toBeGreaterThanOrEqual(3)
    expect(
      (
        await call(
          groupTextRoute,
          'PUT',
          `/api/policies/group/999999?fid=${firm.fid}&prid=${program.prid}`,
          { id: '999999' },
          { note: 'x' },
        )
      ).status,
    ).toBe(404)
    expect(
      (await call(groupTextRoute, 'PUT', `/api/policies/group/1?fid=x&prid=1`, { id: '1' }, { note: 'x' })).status,
    ).toBe(400)
  })

  it('uploads files by PUT with the upload rules and lists them by GET', async () => {
    const { call } = await as('admin')
    const { policy } = await newPolicy()
    const form = new FormData()
    form.append('file', new File(['hello'], 'quote.pdf', { type: 'application/pdf' }))
    form.append('fileDescription', 'Signed quote')
    form.append('fileType', 'Other')
    const uploaded = await call(
      filesRoute,
      'PUT',
      `/api/policies/${policy.pid}/files`,
      { id: String(policy.pid) },
      form,
    )
    expect(uploaded.status).toBe(201)
    const listed = (await call(filesRoute, 'GET', `/api/policies/${policy.pid}/files`, { id: String(policy.pid) }))
      .body as unknown as { filename: string; file_description: string }[]
    expect(listed.map((file) => [file.filename, file.file_description])).toEqual([['quote.pdf', 'Signed quote']])
    const noDescription = new FormData()
    noDescription.append('file', new File(['x'], 'b.pdf'))
    noDescription.append('fileDescription', '')
    expect(
      (await call(filesRoute, 'PUT', `/api/policies/${policy.pid}/files`, { id: String(policy.pid) }, noDescription))
        .status,
    ).toBe(400)
    expect(
      (await call(filesRoute, 'PUT', `/api/policies/${policy.pid}/files`, { id: String(policy.pid) }, { a: 1 })).status,
    ).toBe(415)
    expect((await call(filesRoute, 'GET', '/api/policies/2147480000/files', { id: '2147480000' })).status).toBe(404)
  })

  it('checks the fee formula inputs, then answers 501 for the formulas the spec does not define', async () => {
    const { call } = await as('underwriter')
    const legacy = await call(
      feesRoute,
      'GET',
      '/api/policies/fees?formula=legacy&premium=1000&mgaFirstFee=50&mgaSecondFee=25',
    )
    expect(legacy.status).toBe(501)
    expect((legacy.body as { status: string }).status).toBe('FEE_FORMULA_NOT_SPECIFIED')
    expect((await call(feesRoute, 'GET', '/api/policies/fees?formula=DISIw&premium=1000')).status).toBe(501)
    expect((await call(feesRoute, 'GET', '/api/policies/fees?formula=other&premium=1000')).status).toBe(400)
    expect((await call(feesRoute, 'GET', '/api/policies/fees?formula=DISIw&premium=$1,000')).status).toBe(400)
  })
})

describe('PUT /api/policies/{id} and PUT /api/claims/{id} change only the fields sent', () => {
  it("keeps a policy's absent fields, clears those sent as null, refuses a stale version and a null status", async () => {
    const { call } = await as('admin')
    const { policy } = await newPolicy()
    const put = (body: unknown) =>
      call(policyRoute, 'PUT', `/api/policies/${policy.pid}`, { id: String(policy.pid) }, body)
    const first = await put({ version: policy.version, premium: 2500, doifee: '12.5' })
    expect(first.status).toBe(200)
    const saved = first.body as typeof policy
    expect([
      saved.premium,
      saved.doifee,
      saved.limits,
      saved.deduc,
      saved.incept,
      saved.expiry,
      saved.status,
      saved.prid,
    ]).toEqual(['2500.00', '12.50', '1M', '5K', '2025-03-01', '2026-03-01', 'Past', policy.prid])
    const cleared = (await put({ version: saved.version, limits: null, doifee: null })).body as typeof policy
    expect([cleared.limits, cleared.doifee, cleared.deduc, cleared.premium]).toEqual([null, '0.00', '5K', '2500.00'])
    const stale = await put({ version: saved.version, premium: 1 })
    expect(stale.status).toBe(409)
    expect((stale.body as { current: { premium: string } }).current.premium).toBe('2500.00')
    expect((await put({ version: cleared.version, status: null })).status).toBe(400)
    expect((await put({ premium: 5 })).status).toBe(400)
    expect((await getPolicy(testDb(), policy.pid))?.premium).toBe('2500.00')
    const updates = (await logs('policy', [policy.pid])).filter((change) => change.action === 'update')
    expect(updates).toHaveLength(2)
  })

  it("keeps a claim's absent fields, clears those sent as null, and checks counsel on the claim as saved", async () => {
    const { call } = await as('admin')
    const firm = await makeFirm(testDb())
    const created = await createClaim(testDb(), firm.fid, null)
    const put = (body: unknown) =>
      call(claimRoute, 'PUT', `/api/claims/${created.clid}`, { id: String(created.clid) }, body)
    const read = async (answer: Answer) =>
      (answer.body as { claim: NonNullable<Awaited<ReturnType<typeof getClaim>>> }).claim
    const first = await put({
      version: created.version,
      claimant: 'Ann Absent',
      res_def: 100,
      close: '2025-01-02',
      facts: 'Facts kept',
      insuit: true,
    })
    expect(first.status).toBe(200)
    const a = await read(first)
    const b = await read(await put({ version: a.version, claimant: 'Bo Partial' }))
    expect([b.claimant, b.res_def, b.close, b.facts, b.insuit, b.status, b.version]).toEqual([
      'Bo Partial',
      '100.00',
      '2025-01-02',
      'Facts kept',
      'yes',
      'Open',
      a.version + 1,
    ])
    const c = await read(await put({ version: b.version, close: null, res_def: null, facts: null }))
    expect([c.close, c.res_def, c.facts, c.claimant]).toEqual([null, '0.00', null, 'Bo Partial'])

    const [person] = await testDb()
      .select({ plid: people.plid, cid: people.cid })
      .from(people)
      .innerJoin(contacts, eq(contacts.cid, people.cid))
      .limit(1)
    const alone = await put({ version: c.version, adj_plid: person.plid })
    expect(alone.status).toBe(400)
    expect(JSON.stringify(alone.body)).toContain('Choose a Claims Handler first.')
    const withHandler = await read(await put({ version: c.version, adj_cid: person.cid }))
    const withCounsel = await put({ version: withHandler.version, adj_plid: person.plid })
    expect(withCounsel.status).toBe(200)
    expect((await read(withCounsel)).adj_plid).toBe(person.plid)
    expect((await put({ version: withHandler.version, claimant: 'Lost' })).status).toBe(409)
    expect((await getClaim(testDb(), created.clid))?.claimant).toBe('Bo Partial')
  })
})

describe('the ledger entry count stays inside', () => {
  it('answers a policy without ledger_entries, and a group copy starts with no entries of its own', async () => {
    const { call } = await as('admin')
    const { policy } = await newPolicy()
    const posted = await call(
      ledgersRoute,
      'POST',
      '/api/ledgers',
      {},
      { pid: policy.pid, type: 'Invoice', acct: 'Premium', amt: 250, due: '3-1-2025' },
    )
    expect(posted.status).toBe(201)
    const read = await call(policyRoute, 'GET', `/api/policies/${policy.pid}`, { id: String(policy.pid) })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ pid: policy.pid })
    expect(read.body).not.toHaveProperty('ledger_entries')

    const added = await call(
      groupCopyRoute,
      'PUT',
      `/api/policies/${policy.pid}/group`,
      { id: String(policy.pid) },
      { version: policy.version, limits: '2M', deduc: '10K', premium: '2000' },
    )
    expect(added.status).toBe(201)
    const { original, copy } = added.body as { original: object; copy: { pid: number } }
    expect(original).not.toHaveProperty('ledger_entries')
    expect(copy).not.toHaveProperty('ledger_entries')
    const stored = await testDb()
      .select({ pid: policies.pid, entries: policies.ledger_entries })
      .from(policies)
      .where(inArray(policies.pid, [policy.pid, copy.pid]))
    expect(new Map(stored.map((row) => [row.pid, row.entries]))).toEqual(
      new Map([
        [policy.pid, 1],
        [copy.pid, 0],
      ]),
    )
  })
})
