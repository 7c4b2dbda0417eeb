import { parse } from 'csv-parse/sync'
import { eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { claims, contracts, policies } from '#app/db/schema'
import { CLAIM_COLUMNS, LLOYDS_PREMIUM_COLUMNS, POLICY_COLUMNS } from '#app/domain/bordereau'
import { REPORT_MESSAGES } from '#app/domain/reports'
import * as bordereauRoute from '#app/routes/api.reports.bordereau'
import * as downloadRoute from '#app/routes/api.reports.bordereau_.download'
import * as pageRoute from '#app/routes/_app.reports.bordereau'
import { testDb } from './db'
import { makeFirm } from './factories'
import { api, cookieFor, get } from './route-calls'

/**
 * The bordereaux (spec 3 §2.8, decision 0034) on the real database: totals against sums written
 * apart from the report's own query, the triggers that keep them, the page and API refusals, and the
 * downloads read back (CSV with csv-parse, .xlsx with exceljs) against the table's rows.
 */

let accounting: string
let claimsUser: string
let contractId: number
const YEAR = 2031

/** A contract of our own with policies in two months (one with a formula-looking insured) and a claim. */
async function makeBordereau() {
  const db = testDb()
  const [contract] = await db
    .insert(contracts)
    .values({
      contract: `BTEST${process.pid}${Date.now().toString(36)}`,
      start_date: `${YEAR}-01-01`,
      end_date: `${YEAR}-12-31`,
      carrier: 'Lloyds',
      coverholder: 'Test Coverholder',
      section: '2',
      risk_code: 'E5',
      naic_code: 'AA-1122000',
    })
    .returning()
  const firm = await makeFirm(db, { address1: '=HYPERLINK("http://x")', city: 'Austin', zip: '78701' })
  const rows = [
    { period: `${YEAR}-03`, premium: '1000.00', mgacom: '0.15', procom: '0.1', insured: '=cmd|calc' },
    { period: `${YEAR}-03`, premium: '2500.55', mgacom: '0.125', procom: '0.0333', insured: '+Plus Insured' },
    { period: `${YEAR}-04`, premium: '777.77', mgacom: '0.2', procom: null, insured: '@At Insured' },
    { period: `${YEAR}-04`, premium: null, mgacom: null, procom: null, insured: 'No Premium' },
  ]
  const made = await db
    .insert(policies)
    .values(
      rows.map((row, index) => ({
        fid: firm!.fid,
        status: 'Book' as const,
        contract: contract!.id,
        period: row.period,
        premium: row.premium,
        mgacom: row.mgacom,
        procom: row.procom,
        insured: row.insured,
        polnum: `BT-${index}`,
        incept: `${YEAR}-0${3 + (index % 2)}-01`,
        expiry: `${YEAR + 1}-0${3 + (index % 2)}-01`,
        limits: '1,000,000/2,000,000',
        deduc: '5,000',
        forms: index === 0 ? '-1+2 forms' : 'CG 00 01',
        type: 'FPL',
      })),
    )
    .returning({ pid: policies.pid })
  await db.insert(claims).values({
    fid: firm!.fid,
    pid: made[0]!.pid,
    clm_num: '-LL31-1',
    claimant: '=SUM(A1)',
    reserve: '60000',
    damages: '10000',
    cur_dam: '500',
    res_def: '20000',
    defense: '25000',
    facts: '<p>Facts of the claim</p>',
  })
  return contract!.id
}

beforeAll(async () => {
  accounting = await cookieFor('accounting')
  claimsUser = await cookieFor('claims')
  contractId = await makeBordereau()
})

/** The totals written apart from the report: straight over the policies. */
async function independentTotals(contract: number, period?: string) {
  const { rows } = await testDb().execute<{ n: number; gross: string; retained: string }>(sql`
    SELECT count(*)::int AS n, COALESCE(sum(COALESCE(premium, 0)), 0)::text AS gross,
           COALESCE(sum(round(COALESCE(premium, 0) * (COALESCE(mgacom, 0) + COALESCE(procom, 0) + COALESCE(subcom, 0) + COALESCE(spncom, 0)), 2)), 0)::text AS retained
      FROM policies WHERE contract = ${contract} ${period ? sql`AND period = ${period}` : sql``}`)
  const row = rows[0]!
  return {
    policies: Number(row.n),
    totalgross: Number(row.gross).toFixed(2),
    totaldominion: Number(row.retained).toFixed(2),
    totalmiller: (Number(row.gross) - Number(row.retained)).toFixed(2),
  }
}

const asNumbers = (totals: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(totals).map(([key, value]) => [key, key === 'policies' ? Number(value) : Number(value).toFixed(2)]),
  )

/** A download as the browser gets it (the raw Response, streamed); a refusal is thrown as a Response. */
async function download(cookie: string, path: string): Promise<Response> {
  const request = new Request(`http://localhost${path}`, { headers: { Cookie: cookie } })
  try {
    return (await downloadRoute.loader({ request, params: {}, context: {} } as never)) as Response
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

async function postBordereau(body: Record<string, unknown>, cookie = accounting) {
  return api(bordereauRoute, cookie, 'POST', '/api/reports/bordereau', {}, body)
}

describe('policies bordereau totals', () => {
  it('equal the sums over the policies, for all months, a year and a month, on seeded and made contracts', async () => {
    const all = await postBordereau({ contract: contractId, queryType: 'policies', month: 'all' })
    expect(all.status).toBe(200)
    expect(asNumbers(all.body.totals as Record<string, unknown>)).toEqual(await independentTotals(contractId))
    const march = await postBordereau({ contract: contractId, queryType: 'policies', month: 3, year: YEAR })
    expect(asNumbers(march.body.totals as Record<string, unknown>)).toEqual(
      await independentTotals(contractId, `${YEAR}-03`),
    )
    expect(march.body.count).toBe(2)
    // Every seeded contract too (thousands of policies of the demo data).
    const seeded = await testDb().select({ id: contracts.id }).from(contracts)
    for (const { id } of seeded) {
      const answer = await postBordereau({ contract: id, queryType: 'policies', month: 'all', perPage: 1 })
      expect(asNumbers(answer.body.totals as Record<string, unknown>)).toEqual(await independentTotals(id))
    }
  })

  it('follow every change of a policy: premium, rates, period, contract, delete (the trigger)', async () => {
    const db = testDb()
    const [policy] = await db.select().from(policies).where(eq(policies.contract, contractId)).limit(1)
    await db.update(policies).set({ premium: '1234.56', spncom: '0.05' }).where(eq(policies.pid, policy!.pid))
    await db
      .update(policies)
      .set({ period: `${YEAR}-07` })
      .where(eq(policies.pid, policy!.pid))
    const check = async () => {
      const answer = await postBordereau({ contract: contractId, queryType: 'policies', month: 'all' })
      expect(asNumbers(answer.body.totals as Record<string, unknown>)).toEqual(await independentTotals(contractId))
    }
    await check()
    // A claim follows its policy's contract.
    const [claim] = await db.select().from(claims).where(eq(claims.pid, policy!.pid))
    await db.update(policies).set({ contract: null }).where(eq(policies.pid, policy!.pid))
    await check()
    if (claim) {
      const [moved] = await db.select({ contract: claims.contract }).from(claims).where(eq(claims.clid, claim.clid))
      expect(moved!.contract).toBeNull()
    }
    await db
      .update(policies)
      .set({ contract: contractId, period: `${YEAR}-03` })
      .where(eq(policies.pid, policy!.pid))
    await check()
    if (claim) {
      const [back] = await db.select({ contract: claims.contract }).from(claims).where(eq(claims.clid, claim.clid))
      expect(back!.contract).toBe(contractId)
    }
    // Many policies in one statement (one delta per contract and period), an update that changes no
    // bordereau field, and a delete.
    await db.update(policies).set({ procom: '0.07' }).where(eq(policies.contract, contractId))
    await db.update(policies).set({ note: 'not a bordereau field' }).where(eq(policies.contract, contractId))
    await check()
    const [extra] = await db
      .insert(policies)
      .values({ fid: policy!.fid, status: 'Book', contract: contractId, period: `${YEAR}-05`, premium: '50.00' })
      .returning({ pid: policies.pid })
    await check()
    await db.delete(policies).where(eq(policies.pid, extra!.pid))
    await check()
  })
})

describe('POST /api/reports/bordereau', () => {
  it('refuses without a contract, and policies without a month, with the spec messages', async () => {
    const none = await postBordereau({ queryType: 'claims' })
    expect(none.status).toBe(400)
    expect(String(none.body.message)).toContain(REPORT_MESSAGES.contractRequired)
    const noMonth = await postBordereau({ contract: contractId, queryType: 'policies' })
    expect(noMonth.status).toBe(400)
    expect(String(noMonth.body.message)).toContain(REPORT_MESSAGES.monthRequired)
    expect((await postBordereau({ contract: contractId, queryType: 'claims', perPage: 1000 })).status).toBe(400)
  })

  it('answers the claims with the contract heading, and needs bordereau-view', async () => {
    const answer = await postBordereau({ contract: contractId, queryType: 'claims', large: true }, claimsUser)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      count: 1,
      contract_start: `January 1, ${YEAR}`,
      contract_end: `December 31, ${YEAR}`,
      coverholder: 'Test Coverholder',
    })
    const [row] = answer.body.data as Record<string, string>[]
    expect(row).toMatchObject({
      risk_code: 'E5',
      uwrs_ref_no: '-LL31-1',
      indemnity: '60000.00',
      remaining_indemnity: '49500.00',
      total_incurred: '35500.00',
      summary_of_claim: '<p>Facts of the claim</p>',
    })
    expect(Object.keys(row!).sort()).toEqual(CLAIM_COLUMNS.map((column) => column.key).sort())
    const readonly = await cookieFor('readonly')
    expect((await postBordereau({ contract: contractId, queryType: 'claims' }, readonly)).status).toBe(403)
  })
})

describe('the downloads', () => {
  const base = () => `/api/reports/bordereau/download?type=policies&contract=${contractId}&month=all&large=on`

  async function allPolicyRows() {
    const answer = await postBordereau({
      contract: contractId,
      queryType: 'policies',
      month: 'all',
      large: true,
      perPage: 100,
    })
    return answer.body.data as Record<string, string | null>[]
  }

  it('bordereaux.csv parses back to the table rows, formula prefixes neutralised', async () => {
    const answer = await download(accounting, base() + '&format=csv')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toContain('bordereaux.csv')
    const text = await answer.text()
    expect(text).toContain('\r\n')
    const parsed = parse(text, { columns: true }) as Record<string, string>[]
    const rows = await allPolicyRows()
    expect(parsed).toHaveLength(rows.length)
    const neutral = (value: string | null) => (value === null ? '' : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value)
    parsed.forEach((record, index) => {
      for (const column of POLICY_COLUMNS) {
        const value = rows[index]![column.key] ?? null
        expect(record[column.key]).toBe(
          column.kind === 'money' || column.kind === 'percent' ? (value ?? '') : neutral(value),
        )
      }
    })
    expect(parsed.map((record) => record.insured)).toEqual(
      expect.arrayContaining(["'=cmd|calc", "'+Plus Insured", "'@At Insured"]),
    )
    expect(parsed.find((record) => record.polnum === 'BT-0')?.forms).toBe("'-1+2 forms")
  })

  it('the .xlsx holds the same cells, typed, with the totals row; the Lloyd\u2019s layout names its columns', async () => {
    const answer = await download(accounting, base() + '&format=xlsx')
    expect(answer.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(await answer.arrayBuffer()) as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(header).toEqual(POLICY_COLUMNS.map((column) => column.key))
    const rows = await allPolicyRows()
    expect(sheet.rowCount).toBe(rows.length + 2)
    const at = (key: string) => header.indexOf(key) + 1
    rows.forEach((row, index) => {
      const cells = sheet.getRow(index + 2)
      expect(cells.getCell(at('gross')).value).toBe(Number(row.gross))
      expect(cells.getCell(at('incept')).value).toEqual(new Date(`${row.incept}T00:00:00Z`))
      const insured = row.insured!
      expect(cells.getCell(at('insured')).value).toBe(/^[=+\-@]/.test(insured) ? `'${insured}` : insured)
    })
    const totals = sheet.getRow(rows.length + 2)
    const expected = await independentTotals(contractId)
    expect(totals.getCell(1).value).toBe('Totals')
    expect(totals.getCell(at('gross')).value).toBeCloseTo(Number(expected.totalgross), 2)
    expect(totals.getCell(at('miller')).value).toBeCloseTo(Number(expected.totalmiller), 2)

    const lloyds = await download(accounting, base() + '&format=xlsx&layout=lloyds')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await lloyds.arrayBuffer()) as unknown as ArrayBuffer)
    const lloydsSheet = book.worksheets[0]!
    expect((lloydsSheet.getRow(1).values as unknown[]).slice(1)).toEqual(
      LLOYDS_PREMIUM_COLUMNS.map((column) => column.name),
    )
    expect(lloydsSheet.getRow(2).getCell(1).value).toBe('Test Coverholder')
  })

  it('the claims CSV neutralises its cells; a user without bordereau-download gets 403', async () => {
    const answer = await download(accounting, `/api/reports/bordereau/download?type=claims&contract=${contractId}`)
    const [record] = parse(await answer.text(), { columns: true }) as Record<string, string>[]
    expect(record).toMatchObject({
      claimant: "'=SUM(A1)",
      uwrs_ref_no: "'-LL31-1",
      address1: `'=HYPERLINK("http://x")`,
    })
    const refused = await download(claimsUser, `/api/reports/bordereau/download?type=claims&contract=${contractId}`)
    expect(refused.status).toBe(403)
  })
})

describe('the Bordereaux page', () => {
  it('refuses a missing contract and month with the messages; runs a report from its URL', async () => {
    const refused = await get(pageRoute, accounting, '/reports/bordereau?type=policies&run=1')
    expect(refused.body.refused).toBe(REPORT_MESSAGES.contractRequired)
    const noMonth = await get(pageRoute, accounting, `/reports/bordereau?type=policies&contract=${contractId}&run=1`)
    expect(noMonth.body.refused).toBe(REPORT_MESSAGES.monthRequired)
    const shown = await get(
      pageRoute,
      accounting,
      `/reports/bordereau?type=policies&contract=${contractId}&month=3&year=${YEAR}&run=1&size=15`,
    )
    expect(shown.status).toBe(200)
    expect((shown.body.result as { report: { count: number } }).report.count).toBe(2)
    expect((shown.body.can as { download: boolean }).download).toBe(true)
  })
})
