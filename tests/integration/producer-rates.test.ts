import { eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { listItems, producerCommissions } from '#app/db/schema'
import { PRODUCER_MESSAGES } from '#app/domain/billing'
import { ConflictError } from '#app/domain/errors'
import {
  createProducerRate,
  PRODUCER_RATE_ENTITY,
  producerRateRows,
  updateProducerRate,
} from '#app/models/producer-rate.server'
import { producerRates } from '#app/models/rates.server'
import * as page from '#app/routes/_app.manage.producerCommissions'
import * as rates from '#app/routes/api.producer_commissions'
import * as rate from '#app/routes/api.producer_commissions.$id'
import { changeLogOf, testDb } from './db'
import { api, get, idAndVersion, postTo, signedIn } from './route-calls'

/**
 * Producer Rates through its route modules (the page's loader and intents, /api/producer_commissions):
 * the guard, the spec's messages at the refused fields, placement All / Renewal / New Business, the
 * producer fixed on edit, the default rate changed by its commission only and never deleted, one rate
 * per producer and placement (also when two save at once), and every change in the change log.
 */

const PAGE = '/manage/producerCommissions'
const as = signedIn('accounting', 'readonly', 'underwriter')
const toPage = postTo(page, PAGE)
/** The page's rate-update and rate-delete of a row as read, as accounting, from the row's dialog (its query by default). */
const updateRow = (row: { id: number; version: number }, fields: Record<string, string>, query = `?edit=${row.id}`) =>
  toPage(as.accounting, { intent: 'rate-update', ...idAndVersion(row), ...fields }, query)
/** The page's rate-create of a producer's rate for a placement, as accounting. */
const createRate = (producer: { lst_id: number }, placement: string, commission: string) =>
  toPage(as.accounting, { intent: 'rate-create', list_id: String(producer.lst_id), placement, commission })
/** POST /api/producer_commissions with a JSON body. */
const postRate = (cookie: string, body: Record<string, unknown>) =>
  api(rates, cookie, 'POST', '/api/producer_commissions', {}, body)
/** A call of /api/producer_commissions/{id} as accounting. */
const callRate = (method: 'PUT' | 'DELETE', id: string, body?: Record<string, unknown>) =>
  api(rate, as.accounting, method, `/api/producer_commissions/${id}`, { id }, body)
const deleteRow = (row: { id: number; version: number }, query = `?delete=${row.id}`) =>
  toPage(as.accounting, { intent: 'rate-delete', ...idAndVersion(row) }, query)
let serial = 0

/** A producer (an entry of the `name` list) of the test's own. */
async function makeProducer(): Promise<{ lst_id: number; short: string }> {
  const short = `prod${process.pid % 1000}x${++serial}`
  const [row] = await testDb()
    .insert(listItems)
    .values({ type: 'name', short, long: `Producer ${serial}` })
    .returning({ lst_id: listItems.lst_id, short: listItems.short })
  return row!
}

async function defaultRate() {
  const [row] = await testDb().select().from(producerCommissions).where(isNull(producerCommissions.list_id))
  return row!
}

/** A rate of a producer, made by the model: a placement (renewal true, false or null for All) and a commission. */
const makeRate = (producer: { lst_id: number }, renewal: boolean | null, commission = '0.100000') =>
  createProducerRate(testDb(), { list_id: producer.lst_id, commission, renewal }, null)

const logOf = (id: number) => changeLogOf(PRODUCER_RATE_ENTITY, id)

describe('the Producer Rates page', () => {
  it('is refused without producercommission-manage and lists the default rate first', async () => {
    expect((await get(page, as.readonly, PAGE)).location).toBe('/')
    const shown = await get(page, as.accounting, PAGE)
    expect(shown.status).toBe(200)
    const rows = (shown.body as { rows: { short: string | null; renewal: boolean | null }[] }).rows
    expect(rows[0]).toMatchObject({ short: null, renewal: null })
    expect(rows.filter((row) => row.short === 'mkent').map((row) => row.renewal)).toEqual([true, false])
  })

  it('creates a rate with the spec messages for what is missing or not a percent, and logs it', async () => {
    const blank = await toPage(as.accounting, { intent: 'rate-create', list_id: '', commission: '' })
    expect(blank.status).toBe(400)
    expect(blank.body).toMatchObject({
      result: {
        error: {
          list_id: ['This field is required.'],
          placement: ['This field is required.'],
          commission: ['This field is required.'],
        },
      },
    })
    const producer = await makeProducer()
    const over = await createRate(producer, 'renewal', '100.5')
    expect(over.status).toBe(400)
    expect(over.body).toMatchObject({
      error: 'Must be a valid percentage.',
      result: { error: { commission: ['Must be a valid percentage.'] } },
    })

    const created = await createRate(producer, 'renewal', '12.5')
    expect(created.status).toBe(302)
    expect(created.flash?.message).toBe(PRODUCER_MESSAGES.created)
    const [row] = await testDb()
      .select()
      .from(producerCommissions)
      .where(eq(producerCommissions.list_id, producer.lst_id))
    expect(row).toMatchObject({ commission: '0.125000', renewal: true })
    // The commission dialog reads the same row.
    expect(await producerRates(testDb())).toContainEqual({
      id: row!.id,
      short: producer.short,
      commission: '0.125000',
      renewal: true,
    })
    expect((await logOf(row!.id)).map((entry) => entry.action)).toEqual(['create'])

    const again = await createRate(producer, 'renewal', '10')
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ error: PRODUCER_MESSAGES.duplicate })
    // New Business and All are other placements of the same producer.
    for (const placement of ['new', 'all']) expect((await createRate(producer, placement, '10')).status).toBe(302)
    const mine = (await producerRateRows(testDb())).filter((entry) => entry.list_id === producer.lst_id)
    expect(mine.map((entry) => entry.renewal)).toEqual([null, true, false])
  })

  it('edits with the producer fixed, the default by its commission only, and shows the history', async () => {
    const producer = await makeProducer()
    const made = await makeRate(producer, null)
    expect((await get(page, as.accounting, `${PAGE}?edit=${made.id}`)).body).toMatchObject({ editing: made.id })
    const other = await makeProducer()
    const saved = await updateRow(made, {
      // A producer sent with the form is not a field of the edit: it stays.
      list_id: String(other.lst_id),
      placement: 'new',
      commission: '15',
    })
    expect(saved.status).toBe(302)
    expect(saved.location).toBe(PAGE)
    expect(saved.flash?.message).toBe(PRODUCER_MESSAGES.updated)
    const [after] = await testDb().select().from(producerCommissions).where(eq(producerCommissions.id, made.id))
    expect(after).toMatchObject({ list_id: producer.lst_id, renewal: false, commission: '0.150000', version: 2 })

    const stale = await updateRow(made, { placement: 'all', commission: '20' })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ error: PRODUCER_MESSAGES.conflict, current: { id: made.id, version: 2 } })

    const fallback = await defaultRate()
    const defaultSaved = await updateRow(fallback, { placement: 'renewal', commission: '11' })
    expect(defaultSaved.status).toBe(302)
    expect(defaultSaved.flash?.message).toBe('Default commission successfully updated.')
    expect(await defaultRate()).toMatchObject({ list_id: null, renewal: null, commission: '0.110000' })

    const history = await get(page, as.accounting, `${PAGE}?history=${made.id}`)
    const entries = (history.body as { history: { entries: { action: string; username: string | null }[] } }).history
      .entries
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'create'])
    expect(entries[0]!.username).toBe('accounting')
  })

  it('deletes a producer rate after the confirmation, never the default', async () => {
    const producer = await makeProducer()
    const made = await makeRate(producer, true)
    expect((await get(page, as.accounting, `${PAGE}?delete=${made.id}`)).body).toMatchObject({
      confirm: { id: made.id },
    })
    const deleted = await deleteRow(made)
    expect(deleted.status).toBe(302)
    expect(deleted.flash?.message).toBe(PRODUCER_MESSAGES.deleted)
    expect((await logOf(made.id)).map((entry) => entry.action).sort()).toEqual(['create', 'delete'])

    const fallback = await defaultRate()
    const kept = await deleteRow(fallback, '')
    expect(kept.status).toBe(409)
    expect(kept.body).toMatchObject({ error: PRODUCER_MESSAGES.defaultKept })
  })

  it('keeps one rate per producer and placement when two save at once, and one edit wins a race', async () => {
    const producer = await makeProducer()
    const both = await Promise.allSettled([
      makeRate(producer, false, '0.100000'),
      makeRate(producer, false, '0.200000'),
    ])
    expect(both.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const refused = both.find((result) => result.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toMatchObject({ message: PRODUCER_MESSAGES.duplicate, status: 409 })

    const made = (both.find((result) => result.status === 'fulfilled') as PromiseFulfilledResult<{ id: number }>).value
    const saves = await Promise.allSettled([
      updateProducerRate(testDb(), made.id, { commission: '0.300000', version: 1 }, null),
      updateProducerRate(testDb(), made.id, { commission: '0.400000', version: 1 }, null),
    ])
    expect(saves.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect((saves.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(
      ConflictError,
    )
  })
})

describe('/api/producer_commissions', () => {
  it('lists for the commission calculators too, and creates, changes and deletes as the spec sends them', async () => {
    // GET is open to calculate-commissions (the commission dialog's readers); writes are not.
    expect((await api(rates, as.readonly, 'GET', '/api/producer_commissions')).status).toBe(403)
    expect((await api(rates, as.underwriter, 'GET', '/api/producer_commissions')).status).toBe(200)
    const producer = await makeProducer()
    expect(
      (
        await postRate(as.underwriter, {
          list_id: producer.lst_id,
          commission: 0.1,
          renewal: null,
        })
      ).status,
    ).toBe(403)

    const missing = await postRate(as.accounting, { commission: 0.1 })
    expect(missing.status).toBe(400)
    expect(JSON.stringify(missing.body)).toContain('This field is required.')
    const over = await postRate(as.accounting, {
      list_id: producer.lst_id,
      commission: 1.5,
      renewal: null,
    })
    expect(over.status).toBe(400)
    expect(JSON.stringify(over.body)).toContain('Must be a valid percentage.')
    const notProducer = await postRate(as.accounting, {
      list_id: 2147480000,
      commission: 0.1,
      renewal: null,
    })
    expect(notProducer.status).toBe(400)
    expect(notProducer.body).toMatchObject({ message: PRODUCER_MESSAGES.noProducer })

    const created = await postRate(as.accounting, {
      list_id: producer.lst_id,
      commission: 0.125,
      renewal: true,
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ list_id: producer.lst_id, short: producer.short, commission: '0.125000' })
    const id = String((created.body as { id: number }).id)

    const put = await callRate('PUT', id, { commission: '0.2', renewal: false })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ commission: '0.200000', renewal: false, version: 2 })
    const stale = await callRate('PUT', id, { commission: 0.3, version: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ status: 'CONFLICT', current: { commission: '0.200000' } })

    const fallback = await defaultRate()
    const fid = String(fallback.id)
    const defaultPut = await callRate('PUT', fid, { commission: 0.09, renewal: true })
    expect(defaultPut.status).toBe(200)
    expect(defaultPut.body).toMatchObject({ list_id: null, renewal: null, commission: '0.090000' })
    expect((await callRate('DELETE', fid)).status).toBe(409)

    expect((await callRate('DELETE', id)).status).toBe(200)
    const gone = await callRate('DELETE', id)
    expect(gone.status).toBe(404)
    expect(gone.body).toMatchObject({ message: PRODUCER_MESSAGES.missing })
    expect((await logOf(Number(id))).map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update'])
  })
})
