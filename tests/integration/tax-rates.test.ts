import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { changeLog, firms, policies, taxRates } from '#app/db/schema'
import { TAX_MESSAGES } from '#app/domain/tax-rates'
import { applyPolicyTaxes, policyTaxes } from '#app/models/policy-taxes.server'
import { deleteTaxRate, saveTaxRate, taxRateHistory, type NewTaxRate } from '#app/models/tax-rates.server'
import * as taxesRoute from '#app/routes/api.taxes'
import * as taxRoute from '#app/routes/api.taxes.$id'
import * as roundingsRoute from '#app/routes/api.taxes.roundings'
import * as page from '#app/routes/_app.manage.taxes'
import { testDb } from './db'
import { makePolicy } from './factories'
import { api, cookieFor, get, post } from './route-calls'
import type { ApiTaxRate } from '../support/api-shapes'

/**
 * State Rates on the real database: the /api/taxes answers, each multi-row change as one transaction
 * (a failure midway leaves nothing changed, the change log included), two administrators saving at
 * once (one wins, the other gets the spec's message; the database holds one current rate per field),
 * and a rate change never rewriting the taxes of a policy already calculated.
 */

let accounting: string
let admin: string
let readonly: string
beforeAll(async () => {
  ;[accounting, admin, readonly] = await Promise.all(['accounting', 'admin', 'readonly'].map(cookieFor))
})

const db = () => testDb()
const series = (state: string, field: 'DOI' | 'SLA') =>
  db()
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.state, state), eq(taxRates.field, field)))
    .orderBy(taxRates.start_date, taxRates.id)
const logCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(changeLog)
  )[0]!.n

const body = (state: string, field: 'DOI' | 'SLA', start_date: string, extra: Record<string, unknown> = {}) => ({
  state,
  entity: `${state} ${field} office`,
  rate: 0.0125,
  flat: null,
  taxed_fees: ['*'],
  round: 'CENT',
  admitted: false,
  field,
  start_date,
  end_date: null,
  ...extra,
})

/** The model's input (the rate as the fraction's text). */
const newRate = (state: string, field: 'DOI' | 'SLA', start: string, extra: Partial<NewTaxRate> = {}): NewTaxRate => ({
  ...body(state, field, start),
  rate: '0.0125',
  ...extra,
})

describe('/api/taxes', () => {
  it('lists the rates in force on a date or during a period, as fractions; the roundings', async () => {
    const onDate = await get<ApiTaxRate[]>(taxesRoute, readonly, '/api/taxes?date=2023-06-01')
    expect(onDate.status).toBe(200)
    const txSla = onDate.body.filter((rate) => rate.state === 'TX' && rate.field === 'SLA')
    expect(txSla).toEqual([expect.objectContaining({ rate: 0.0006, start_date: '2021-01-01', end_date: '2024-01-01' })])
    expect(onDate.body.find((rate) => rate.state === 'TX' && rate.field === 'DOI')).toMatchObject({ rate: 0.0485 })
    const year = await get<ApiTaxRate[]>(taxesRoute, readonly, '/api/taxes?period=2024-01-01,2024-12-31')
    expect(year.body.filter((rate) => rate.state === 'TX' && rate.field === 'SLA').map((rate) => rate.rate)).toEqual([
      0.0004,
    ])
    const bad = await get(taxesRoute, readonly, '/api/taxes?date=2024-02-30')
    expect(bad).toMatchObject({ status: 400, body: { status: 'INVALID_PARAMS' } })
    const roundings = await get<{ code: string }[]>(roundingsRoute, readonly, '/api/taxes/roundings')
    expect(roundings.body.map((rounding) => rounding.code)).toEqual([
      'CENT',
      'UP_CENT',
      'DOLLAR',
      'UP_DOLLAR',
      'DOWN_DOLLAR',
      'NONE',
    ])
  })

  it('POST creates for an unused field and updates a field with a current rate (ending it); PUT and DELETE', async () => {
    expect((await api(taxesRoute, readonly, 'POST', '/api/taxes', {}, body('VT', 'SLA', '2030-01-01'))).status).toBe(
      403,
    )
    const created = await api<ApiTaxRate & { ended: ApiTaxRate | null }>(
      taxesRoute,
      accounting,
      'POST',
      '/api/taxes',
      {},
      body('VT', 'SLA', '2030-01-01'),
    )
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ state: 'VT', field: 'SLA', rate: 0.0125, end_date: null, ended: null })
    expect(created.body.id).toEqual(expect.any(Number))

    const updated = await api<ApiTaxRate & { ended: ApiTaxRate }>(
      taxesRoute,
      accounting,
      'POST',
      '/api/taxes',
      {},
      body('VT', 'SLA', '2031-01-01', { rate: '0.015' }),
    )
    expect(updated.status).toBe(201)
    expect(updated.body).toMatchObject({ rate: 0.015, start_date: '2031-01-01', end_date: null })
    expect(updated.body.ended).toMatchObject({ id: created.body.id, end_date: '2031-01-01' })

    // A start on or before the current start is refused; a percent sent as a fraction over 1 too.
    const early = await api(taxesRoute, accounting, 'POST', '/api/taxes', {}, body('VT', 'SLA', '2031-01-01'))
    expect(early).toMatchObject({ status: 400, body: { message: TAX_MESSAGES.startTooEarly } })
    expect(
      (await api(taxesRoute, accounting, 'POST', '/api/taxes', {}, body('VT', 'SLA', '2032-01-01', { rate: 1.5 })))
        .status,
    ).toBe(400)
    expect(
      (await api(taxesRoute, accounting, 'POST', '/api/taxes', {}, body('VT', 'SLA', '2032-01-01', { round: 'NOPE' })))
        .body,
    ).toMatchObject({ message: TAX_MESSAGES.unknownRounding })

    // Remove end date on the older rate: the spec's INVALID_PARAMS message.
    const id = (n: number) => ({ id: String(n) })
    const notLatest = await api(taxRoute, accounting, 'PUT', `/api/taxes/${created.body.id}`, id(created.body.id), {
      end_date: null,
    })
    expect(notLatest).toMatchObject({
      status: 400,
      body: { status: 'INVALID_PARAMS', message: TAX_MESSAGES.notMostRecent },
    })
    const ended = await api(taxRoute, accounting, 'PUT', `/api/taxes/${updated.body.id}`, id(updated.body.id), {
      end_date: '2033-01-01',
    })
    expect(ended).toMatchObject({ status: 200, body: { id: updated.body.id, end_date: '2033-01-01' } })
    const reopened = await api(taxRoute, accounting, 'PUT', `/api/taxes/${updated.body.id}`, id(updated.body.id), {
      end_date: null,
    })
    expect(reopened.body).toMatchObject({ end_date: null })

    // Delete: only without an end date; the previous rate is current again.
    const refused = await api(taxRoute, accounting, 'DELETE', `/api/taxes/${created.body.id}`, id(created.body.id))
    expect(refused).toMatchObject({ status: 400, body: { message: TAX_MESSAGES.notCurrent } })
    const deleted = await api(taxRoute, accounting, 'DELETE', `/api/taxes/${updated.body.id}`, id(updated.body.id))
    expect(deleted).toMatchObject({
      status: 200,
      body: { id: updated.body.id, restored: { id: created.body.id, end_date: null } },
    })
    expect((await series('VT', 'SLA')).map((row) => [row.id, row.end_date])).toEqual([[created.body.id, null]])
    const missing = await api(taxRoute, accounting, 'DELETE', '/api/taxes/2147480000', id(2147480000))
    expect(missing).toMatchObject({ status: 404, body: { message: TAX_MESSAGES.notFound } })
  })
})

describe('one transaction per change', () => {
  it('an update whose new rate fails after the old one was ended leaves both as they were, and no log', async () => {
    const before = await series('OH', 'DOI')
    const logs = await logCount()
    await db().execute(sql`
      CREATE FUNCTION tax_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.entity = 'FAIL MIDWAY' OR (TG_OP = 'UPDATE' AND OLD.end_date IS NOT NULL AND NEW.end_date IS NULL AND OLD.state = 'OH') THEN
          RAISE EXCEPTION 'failed midway';
        END IF;
        RETURN NEW;
      END $$`)
    await db().execute(
      sql`CREATE TRIGGER tax_test_fail BEFORE INSERT OR UPDATE ON tax_rates FOR EACH ROW EXECUTE FUNCTION tax_test_fail()`,
    )
    try {
      const update = newRate('OH', 'DOI', '2035-01-01', { entity: 'FAIL MIDWAY', rate: '0.05' })
      await expect(saveTaxRate(db(), update, null)).rejects.toThrow()
      expect(await series('OH', 'DOI')).toEqual(before)
      expect(await logCount()).toBe(logs)
    } finally {
      await db().execute(sql`DROP TRIGGER tax_test_fail ON tax_rates`)
    }
    // A delete whose restore of the previous rate fails keeps the deleted rate.
    const { rate: added } = await saveTaxRate(db(), newRate('OH', 'DOI', '2035-01-01', { rate: '0.05' }), null)
    const withNew = await series('OH', 'DOI')
    const logsBefore = await logCount()
    await db().execute(
      sql`CREATE TRIGGER tax_test_fail BEFORE INSERT OR UPDATE ON tax_rates FOR EACH ROW EXECUTE FUNCTION tax_test_fail()`,
    )
    try {
      await expect(deleteTaxRate(db(), added.id, null)).rejects.toThrow()
      expect(await series('OH', 'DOI')).toEqual(withNew)
      expect(await logCount()).toBe(logsBefore)
    } finally {
      await db().execute(sql`DROP TRIGGER tax_test_fail ON tax_rates`)
      await db().execute(sql`DROP FUNCTION tax_test_fail()`)
    }
    await deleteTaxRate(db(), added.id, null)
    expect(await series('OH', 'DOI')).toEqual(
      before.map((row) => expect.objectContaining({ id: row.id, end_date: null })),
    )
  })
})

describe('two administrators saving at once', () => {
  const form = (current: number | '', start: string, rate: string) => ({
    state: 'NE',
    entity: 'Nebraska Department of Insurance',
    rate,
    flat: '',
    taxed_fees: '*',
    round: 'CENT',
    field: 'DOI',
    start_date: start,
    current: String(current),
    intent: current === '' ? 'tax-create' : 'tax-update',
  })

  it("one update wins, the other gets the spec's message; one current rate remains", async () => {
    const [current] = await series('NE', 'DOI')
    const path = '/manage/taxes?open=NE&dialog=update&id=' + current!.id
    const answers = await Promise.all([
      post(page, accounting, path, {}, form(current!.id, '2036-01-01', '3.1')),
      post(page, admin, path, {}, form(current!.id, '2037-01-01', '3.2')),
    ])
    const won = answers.filter((answer) => answer.status === 302)
    const lost = answers.filter((answer) => answer.status !== 302)
    expect(won).toHaveLength(1)
    expect(won[0]!.flash).toMatchObject({ message: TAX_MESSAGES.updated })
    expect(won[0]!.location).toBe('/manage/taxes?open=NE')
    expect(lost).toEqual([
      expect.objectContaining({ status: 409, body: expect.objectContaining({ error: TAX_MESSAGES.saveFailed }) }),
    ])
    const rows = await series('NE', 'DOI')
    expect(rows.filter((row) => row.end_date === null)).toHaveLength(1)
    expect(rows).toHaveLength(2)
  })

  it("two creates of an unused field: one wins, the other gets the spec's message", async () => {
    const create = { ...form('', '2036-01-01', '0.1'), field: 'SLA', entity: 'Nebraska Stamping Office' }
    const answers = await Promise.all([
      post(page, accounting, '/manage/taxes?dialog=create&for=NE', {}, create),
      post(page, admin, '/manage/taxes?dialog=create&for=NE', {}, { ...create, rate: '0.2' }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409])
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ error: TAX_MESSAGES.saveFailed })
    expect(await series('NE', 'SLA')).toHaveLength(1)
  })

  it('the database itself refuses a second current rate of a field (not only the application)', async () => {
    const insert = () =>
      db().insert(taxRates).values({ state: 'NE', entity: 'x', rate: '0.01', field: 'SLA', start_date: '2040-01-01' })
    await expect(insert()).rejects.toMatchObject({ cause: { code: '23505' } })
  })
})

describe('the screen', () => {
  it('serves the Year view (default) and the Date view, refuses without tax-manage, validates on the server', async () => {
    const year = await get<{
      view: string
      count: number
      states: { code: string; rates: { field: string }[]; addable: string[] }[]
    }>(page, accounting, '/manage/taxes')
    expect(year.body.view).toBe('year')
    const texas = year.body.states.find((state) => state.code === 'TX')!
    expect(texas.rates.map((rate) => rate.field)).toEqual(['DOI', 'SLA'])
    expect(texas.addable).toEqual([])
    const vermont = (await get<typeof year.body>(page, accounting, '/manage/taxes?view=date&date=2021-06-01')).body
    expect(vermont.view).toBe('date')
    expect(vermont.states.find((state) => state.code === 'TX')!.rates).toHaveLength(2)
    expect((await get(page, readonly, '/manage/taxes')).location).toBe('/')
    const empty = await get<{ count: number }>(page, accounting, '/manage/taxes?view=date&date=2020-06-01')
    expect(empty.body.count).toBe(0)

    const refused = await post(
      page,
      accounting,
      '/manage/taxes?dialog=create&for=VT',
      {},
      {
        intent: 'tax-create',
        state: 'VT',
        rate: '-1',
        start_date: 'soon',
        taxed_fees: ['*', 'depfee'],
      },
    )
    expect(refused.status).toBe(400)
    expect((refused.body as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      entity: [TAX_MESSAGES.required],
      rate: [TAX_MESSAGES.positive],
      field: [TAX_MESSAGES.required],
      round: [TAX_MESSAGES.required],
      start_date: [TAX_MESSAGES.date],
      taxed_fees: [TAX_MESSAGES.allAlone],
    })
  })
})

describe('accountability', () => {
  it('a rate change never rewrites the taxes of a policy already calculated; the rate shows who changed what', async () => {
    const [firm] = await db().select({ fid: firms.fid }).from(firms).orderBy(firms.fid).limit(1)
    const policy = await makePolicy(db(), firm!.fid, {
      incept: '2038-03-01',
      premium: '10000.00',
      limits: '1M',
      deduc: '5,000',
    })
    const taxed = await applyPolicyTaxes(db(), policy.pid, policy.version, { state: 'WY', admitted: false }, null)
    expect(taxed.doifee).toBe('300.00')
    const [wyoming] = await series('WY', 'DOI')
    const [user] = await db()
      .execute<{ id: number }>(sql`SELECT id FROM users WHERE username = 'accounting'`)
      .then((r) => r.rows)
    await saveTaxRate(db(), newRate('WY', 'DOI', '2038-01-01', { entity: wyoming!.entity, rate: '0.04' }), user!.id)

    // The stored taxes stay; a new calculation reads the new rate.
    const [stored] = await db().select().from(policies).where(eq(policies.pid, policy.pid))
    expect([stored!.doifee, stored!.taxes, stored!.version]).toEqual(['300.00', taxed.taxes, taxed.version])
    const fresh = await policyTaxes(db(), policy.pid, { state: 'WY', admitted: false })
    expect(fresh.outcome).toMatchObject({ ok: true, doifee: 40000 })

    const history = await taxRateHistory(db(), wyoming!.id)
    expect(history[0]).toMatchObject({
      username: 'accounting',
      action: 'update',
      changes: [{ field: 'end_date', before: null, after: '2038-01-01' }],
    })
  })
})
