import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { firms, ledgers, policies, taxRates } from '#app/db/schema'
import { ConflictError, StateConflictError } from '#app/domain/errors'
import { calculateTaxes, FEE_FIELDS } from '#app/domain/tax'
import { allTaxRates, commissionRulesFor, producerRates, taxRatesOn } from '#app/models/rates.server'
import {
  addGroupCopy,
  bookPolicy,
  deletePolicy,
  firmPolicies,
  getPolicy,
  groupOptions,
  priorCandidates,
  saveTextToGroup,
  updatePolicy,
} from '#app/models/policy.server'
import { listPrograms } from '#app/models/program.server'
import { policyLedger } from '#app/models/ledger.server'
import { policyFiles, uploadPolicyFiles } from '#app/models/file.server'
import { changeLogOf, seededPolicy, testDb } from './db'
import { makeFirmPolicy, makePolicy } from './factories'

const query = {
  view: 'All' as const,
  statuses: [],
  carriers: [],
  types: [],
  search: '',
  sort: 'incept' as const,
  desc: true,
  page: 1,
  perPage: 100,
}

async function someFirm(): Promise<number> {
  const [row] = await testDb().select({ fid: firms.fid }).from(firms).orderBy(firms.fid).limit(1)
  return row.fid
}

const logFor = (pid: number) => changeLogOf('policy', pid)

describe('policy model', () => {
  it('creates a policy from the Policies tab with the program entities, logged', async () => {
    const { program, policy: created } = await makeFirmPolicy(testDb(), {
      incept: '2025-02-01',
      limits: '1,000,000/1,000,000',
      deduc: '5,000',
      premium: '4321.09',
      status: 'Past',
    })
    expect(created.status).toBe('Past')
    expect(created.mgaid).toBe(program.mgaid)
    expect(created.total).toBe('4321.09')
    expect((await logFor(created.pid)).map((row) => row.action)).toEqual(['create'])
  })

  it('saves on the version read; a second save on the same version is a conflict with the current policy', async () => {
    const fid = await someFirm()
    const policy = await makePolicy(testDb(), fid, { premium: '1000.00', status: 'Past' })
    const saved = await updatePolicy(
      testDb(),
      policy.pid,
      policy.version,
      { premium: '1200.00', doifee: '58.20', profee: '100.00' },
      null,
    )
    expect(saved.version).toBe(policy.version + 1)
    // taxes, fees and total follow the fees exactly.
    expect([saved.taxes, saved.fees, saved.total]).toEqual(['58.20', '100.00', '1358.20'])
    const late = updatePolicy(testDb(), policy.pid, policy.version, { premium: '1.00' }, null)
    await expect(late).rejects.toBeInstanceOf(ConflictError)
    await late.catch((error: ConflictError<{ premium: string }>) => expect(error.current.premium).toBe('1200.00'))
    expect((await getPolicy(testDb(), policy.pid))!.premium).toBe('1200.00')
    const log = await logFor(policy.pid)
    expect(log.map((row) => row.action)).toEqual(['create', 'update'])
    expect((log[1].before as { premium: string }).premium).toBe('1000.00')
    expect((log[1].after as { premium: string }).premium).toBe('1200.00')
  })

  it('books a policy: status Book, booked today, stamped', async () => {
    const fid = await someFirm()
    const policy = await makePolicy(testDb(), fid, { incept: '2025-04-01', premium: '500.00' })
    const booked = await bookPolicy(testDb(), policy.pid, policy.version, '2025-03-28', null)
    expect(booked.status).toBe('Book')
    expect(booked.booked).toBe('2025-03-28')
    expect(booked.bstamp).toBeInstanceOf(Date)
  })

  it('adds a copy to the group, numbering the group first when it was 0, and saves text to the whole group', async () => {
    const { program, policy } = await makeFirmPolicy(testDb(), {
      incept: '2025-05-01',
      deduc: '5,000',
      premium: '900.00',
    })
    expect(policy.grpnum).toBe(0)
    // A copy of a policy into its group with other amounts, as the Policies tab's Copy makes it.
    const copyInGroup = (of: { pid: number; version: number }, limits: string, premium: string) =>
      addGroupCopy(testDb(), of.pid, of.version, { limits, deduc: '10,000', premium }, null)
    const { original, copy } = await copyInGroup(policy, '2M', '1400.00')
    expect(original.grpnum).toBeGreaterThan(0)
    expect(copy.grpnum).toBe(original.grpnum)
    expect([copy.limits, copy.deduc, copy.premium, copy.prid, copy.fid]).toEqual([
      '2M',
      '10,000',
      '1400.00',
      program.prid,
      policy.fid,
    ])
    expect((await groupOptions(testDb(), original)).map((row) => row.pid)).toEqual([copy.pid])
    // A second copy keeps the number.
    const again = await copyInGroup(original, '3M', '1800.00')
    expect(again.original.grpnum).toBe(original.grpnum)
    const saved = await saveTextToGroup(
      testDb(),
      again.original.pid,
      again.original.version,
      { forms: 'F-1', features: 'Feat', docs: 'Docs', note: 'Group note' },
      null,
    )
    expect(saved).toHaveLength(3)
    const rows = await testDb()
      .select()
      .from(policies)
      .where(and(eq(policies.fid, policy.fid), eq(policies.grpnum, original.grpnum), eq(policies.prid, program.prid)))
    expect(rows.every((row) => row.forms === 'F-1' && row.note === 'Group note')).toBe(true)
    for (const row of rows) expect((await logFor(row.pid)).some((entry) => entry.action === 'update')).toBe(true)
  })

  it('refuses to save text to a group when the policy has none', async () => {
    const fid = await someFirm()
    const policy = await makePolicy(testDb(), fid, { incept: '2025-05-01' })
    await expect(
      saveTextToGroup(
        testDb(),
        policy.pid,
        policy.version,
        { forms: 'x', features: null, docs: null, note: null },
        null,
      ),
    ).rejects.toBeInstanceOf(StateConflictError)
  })

  it('deletes an option, but never a policy with ledger entries', async () => {
    const fid = await someFirm()
    const policy = await makePolicy(testDb(), fid, { incept: '2025-06-01' })
    await deletePolicy(testDb(), policy.pid, policy.version, null)
    expect(await getPolicy(testDb(), policy.pid)).toBeNull()
    expect((await logFor(policy.pid)).map((row) => row.action)).toEqual(['create', 'delete'])
    const [withLedger] = await testDb().select({ pid: ledgers.pid }).from(ledgers).limit(1)
    const target = (await getPolicy(testDb(), withLedger.pid))!
    await expect(deletePolicy(testDb(), target.pid, target.version, null)).rejects.toBeInstanceOf(StateConflictError)
    expect((await policyLedger(testDb(), target.pid)).length).toBeGreaterThan(0)
  })

  it("lists a firm's policies by view, filter and page, sorted on the server", async () => {
    const [{ fid }] = await testDb()
      .select({ fid: policies.fid })
      .from(policies)
      .groupBy(policies.fid)
      .having(sql`count(DISTINCT ${policies.status}) >= 3`)
      .limit(1)
    const all = await firmPolicies(testDb(), fid, query)
    expect(all.count).toBe(all.rows.length)
    const incepts = all.rows.map((row) => row.incept ?? '')
    expect(incepts).toEqual([...incepts].sort().reverse())
    const booked = await firmPolicies(testDb(), fid, {
      ...query,
      view: 'Policies',
    })
    expect(booked.rows.every((row) => ['Book', 'dncLost', 'Lost', 'Past', 'Tail'].includes(row.status!))).toBe(true)
    const quotes = await firmPolicies(testDb(), fid, {
      ...query,
      view: 'Quotes',
    })
    expect(quotes.rows.every((row) => ['Quote', 'Indicate', 'Comp'].includes(row.status!))).toBe(true)
    const status = all.rows[0].status!
    const filtered = await firmPolicies(testDb(), fid, {
      ...query,
      statuses: [status],
    })
    expect(filtered.rows.every((row) => row.status === status)).toBe(true)
    const paged = await firmPolicies(testDb(), fid, {
      ...query,
      perPage: 1,
      page: 2,
    })
    expect(paged.rows).toHaveLength(Math.min(1, all.count - 1))
    expect(paged.count).toBe(all.count)
    // A page past the end is the last page there is.
    const past = await firmPolicies(testDb(), fid, { ...query, perPage: 1, page: 999 })
    expect(past.page).toBe(all.count)
    expect(past.rows.map((row) => row.pid)).toEqual(all.rows.slice(-1).map((row) => row.pid))
    const none = await firmPolicies(testDb(), fid, {
      ...query,
      search: "%' OR 1=1 --",
    })
    expect(none.count).toBe(0)
  })

  it('offers bound policies of the firm within a year as prior candidates', async () => {
    const renewal = await seededPolicy(sql`${policies.ppid} IS NOT NULL`)
    const candidates = await priorCandidates(testDb(), renewal)
    expect(candidates.map((row) => row.pid)).toContain(renewal.ppid)
    expect(candidates.every((row) => ['Book', 'dncLost', 'Lost', 'Past', 'Tail'].includes(row.status))).toBe(true)
  })
})

describe('policy files', () => {
  it('uploads a file to a policy and lists it; Admin files only for the admin group', async () => {
    const fid = await someFirm()
    const policy = await makePolicy(testDb(), fid, { incept: '2025-07-01' })
    const user = { id: 1, username: 'admin' }
    await uploadPolicyFiles(
      testDb(),
      policy.pid,
      [
        {
          filename: 'binder.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4'),
          description: 'Binder',
          type: 6,
        },
      ],
      user,
    )
    await uploadPolicyFiles(
      testDb(),
      policy.pid,
      [{ filename: 'uw.txt', contentType: 'text/plain', data: Buffer.from('x'), description: 'Underwriting', type: 1 }],
      user,
    )
    expect(
      (await policyFiles(testDb(), policy.pid, { isAdmin: true })).map((file) => [
        file.filename,
        file.file_type_description,
      ]),
    ).toEqual([
      ['binder.pdf', 'Other'],
      ['uw.txt', 'Admin'],
    ])
    expect((await policyFiles(testDb(), policy.pid, { isAdmin: false })).map((file) => file.filename)).toEqual([
      'binder.pdf',
    ])
  })
})

describe('rate tables', () => {
  it('reads the rates in force on a date, the commission rules and producer rates', async () => {
    const tx = await taxRatesOn(testDb(), 'TX', '2024-01-01')
    expect(tx.map((rate) => [rate.field, rate.rate])).toEqual([
      ['DOI', '0.048500'],
      ['SLA', '0.000400'],
    ])
    expect((await taxRatesOn(testDb(), 'TX', '2023-12-31')).find((rate) => rate.field === 'SLA')!.rate).toBe('0.000600')
    const [program] = await listPrograms(testDb())
    const rules = await commissionRulesFor(testDb(), program.mgaid!, 'Lloyds')
    expect(rules.length).toBeGreaterThan(0)
    expect((await producerRates(testDb())).some((rate) => rate.short === null)).toBe(true)
  })
})

describe('10,000 generated policies', () => {
  it('the calculator and an independent SQL computation agree to the cent', async () => {
    const db = testDb()
    const fid = await someFirm()
    // Rates for the rounding options and shapes the demo data lacks, in two territories.
    await db.insert(taxRates).values([
      {
        state: 'PR',
        entity: 'PR DOI',
        rate: '0.033333',
        taxed_fees: ['subfee', 'srcfee'],
        round: 'DOWN_DOLLAR',
        field: 'DOI',
        start_date: '2021-01-01',
        end_date: '2023-07-01',
      },
      {
        state: 'PR',
        entity: 'PR DOI',
        rate: '0.041111',
        taxed_fees: ['*'],
        round: 'UP_CENT',
        field: 'DOI',
        start_date: '2023-07-01',
      },
      {
        state: 'PR',
        entity: 'PR SLA',
        rate: '0.001234',
        flat: '1.11',
        taxed_fees: ['profee'],
        round: 'NONE',
        admitted: true,
        field: 'SLA',
        start_date: '2021-01-01',
      },
      {
        state: 'GU',
        entity: 'GU filing',
        rate: null,
        flat: '17.50',
        taxed_fees: [],
        round: 'UP_DOLLAR',
        admitted: true,
        field: 'SLA',
        start_date: '2022-02-02',
      },
      {
        state: 'GU',
        entity: 'GU DOI',
        rate: '0.025000',
        taxed_fees: ['depfee'],
        round: 'DOLLAR',
        field: 'DOI',
        start_date: '2021-01-01',
      },
    ])
    await db.execute(
      sql`CREATE TABLE tax_check (pid integer PRIMARY KEY, state text NOT NULL, admitted boolean NOT NULL)`,
    )
    const stateCodes = (
      await db.execute<{ state: string }>(sql`SELECT DISTINCT state FROM tax_rates ORDER BY state`)
    ).rows.map((row) => row.state)
    stateCodes.push('ZZ_NONE')
    // One transaction, so the seeded random() sequence is the same connection's: the same data each run.
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT setseed(0.1313)`)
      await tx.execute(sql`
      INSERT INTO policies (fid, status, incept, expiry, premium, doifee, slafee, depfee, mgafee, profee, subfee, srcfee, spnfee)
      SELECT ${fid}, 'Quote', d, d + 365,
        CASE WHEN random() < 0.03 THEN NULL ELSE round((random() * 150000)::numeric, 2) END,
        0, 0,
        round((random() * 500)::numeric, 2), round((random() * 300)::numeric, 2), round((random() * 400)::numeric, 2),
        round((random() * 100)::numeric, 2), round((random() * 80)::numeric, 2), round((random() * 60)::numeric, 2)
      FROM (SELECT ('2020-06-01'::date + (random() * 2400)::int) AS d FROM generate_series(1, 10000)) g`)
      await tx.execute(sql`
      INSERT INTO tax_check (pid, state, admitted)
      SELECT pid, (${sql.raw(`ARRAY[${stateCodes.map((code) => `'${code}'`).join(',')}]`)})[1 + floor(random() * ${stateCodes.length})::int], random() < 0.25
      FROM policies WHERE fid = ${fid} AND status = 'Quote' AND pid NOT IN (SELECT pid FROM tax_check)
        AND created_at > now() - interval '1 hour' AND expiry = incept + 365`)
    })
    const checks = (
      await db.execute<{ pid: number; state: string; admitted: boolean }>(
        sql`SELECT pid, state, admitted FROM tax_check ORDER BY pid`,
      )
    ).rows
    expect(checks.length).toBeGreaterThanOrEqual(10_000)

    // Through the calculator: the rate table once, then the domain rules per policy.
    const rates = await allTaxRates(db)
    const rows = await db
      .select()
      .from(policies)
      .where(sql`${policies.pid} IN (SELECT pid FROM tax_check)`)
    const byPid = new Map(rows.map((row) => [row.pid, row]))
    const calculated = new Map<string, number>()
    let untaxed = 0
    for (const check of checks) {
      const policy = byPid.get(check.pid)!
      const outcome = calculateTaxes(
        rates,
        { state: check.state, admitted: check.admitted },
        {
          incept: policy.incept,
          premium: policy.premium,
          fees: Object.fromEntries(FEE_FIELDS.map((fee) => [fee, policy[fee]])),
        },
      )
      if (!outcome.ok) {
        untaxed++
        continue
      }
      calculated.set(`${check.pid}:DOI`, outcome.doifee)
      calculated.set(`${check.pid}:SLA`, outcome.slafee)
    }

    // Independently: the same rules written in SQL over numeric.
    const independent = (
      await db.execute<{ pid: number; field: string; cents: string }>(sql`
        SELECT c.pid, f.field,
          COALESCE((
            SELECT SUM(CASE t.round
                WHEN 'UP_CENT' THEN ceil(r.raw * 100) / 100
                WHEN 'DOLLAR' THEN round(r.raw, 0)
                WHEN 'UP_DOLLAR' THEN ceil(r.raw)
                WHEN 'DOWN_DOLLAR' THEN floor(r.raw)
                ELSE round(r.raw, 2) END) * 100
            FROM tax_rates t
            CROSS JOIN LATERAL (
              SELECT (COALESCE(p.premium, 0)
                + CASE WHEN '*' = ANY(t.taxed_fees) OR 'depfee' = ANY(t.taxed_fees) THEN p.depfee ELSE 0 END
                + CASE WHEN '*' = ANY(t.taxed_fees) OR 'mgafee' = ANY(t.taxed_fees) THEN p.mgafee ELSE 0 END
                + CASE WHEN '*' = ANY(t.taxed_fees) OR 'profee' = ANY(t.taxed_fees) THEN p.profee ELSE 0 END
                + CASE WHEN '*' = ANY(t.taxed_fees) OR 'subfee' = ANY(t.taxed_fees) THEN p.subfee ELSE 0 END
                + CASE WHEN '*' = ANY(t.taxed_fees) OR 'srcfee' = ANY(t.taxed_fees) THEN p.srcfee ELSE 0 END
                + CASE WHEN '*' = ANY(t.taxed_fees) OR 'spnfee' = ANY(t.taxed_fees) THEN p.spnfee ELSE 0 END
              ) * COALESCE(t.rate, 0) + COALESCE(t.flat, 0) AS raw
            ) r
            WHERE t.state = c.state AND t.field = f.field
              AND t.start_date <= p.incept AND (t.end_date IS NULL OR p.incept < t.end_date)
              AND (NOT c.admitted OR t.admitted)
          ), 0)::bigint AS cents
        FROM tax_check c
        JOIN policies p ON p.pid = c.pid
        CROSS JOIN (VALUES ('DOI'), ('SLA')) f(field)
        WHERE p.incept > '2021-01-01'`)
    ).rows
    const [{ early }] = (
      await db.execute<{ early: string }>(
        sql`SELECT count(*) AS early FROM tax_check c JOIN policies p USING (pid) WHERE p.incept <= '2021-01-01'`,
      )
    ).rows
    expect(untaxed).toBe(Number(early))
    expect(independent.length).toBe(calculated.size)
    const differences = independent.filter((row) => calculated.get(`${row.pid}:${row.field}`) !== Number(row.cents))
    expect(differences).toEqual([])
    // The sample exercised every rounding option and some non-zero amounts.
    expect([...calculated.values()].filter((cents) => cents > 0).length).toBeGreaterThan(5000)
  }, 120_000)
})
