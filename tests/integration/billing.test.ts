import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contacts, mgaBilling } from '#app/db/schema'
import { BILLING_ALL_ROWS, BILLING_MESSAGES } from '#app/domain/billing'
import { ConflictError } from '#app/domain/errors'
import { createMgaBilling, getMgaBilling, MGA_BILLING_ENTITY, updateMgaBilling } from '#app/models/mga-billing.server'
import * as page from '#app/routes/_app.manage.mgaBilling'
import * as mgas from '#app/routes/api.mgas'
import * as mga from '#app/routes/api.mgas.$id'
import { changeLogOf, testDb } from './db'
import { api, get, idAndVersion, postTo, signedIn } from './route-calls'

/**
 * MGA Billing Entities through its route modules (the page's loader and intents, /api/mgas): the
 * guard, the spec's messages at the refused fields, one row per MGA (also when two save at once), a
 * stale version refused with the current row, and every change in the change log with its user.
 */

const PAGE = '/manage/mgaBilling'
const as = signedIn('accounting', 'readonly')
const toPage = postTo(page, PAGE)
/** The page's mga-update and mga-delete of a row as read, as accounting, from the row's dialog (its query by default). */
const updateRow = (row: { id: number; version: number }, fields: Record<string, string>, query = `?edit=${row.id}`) =>
  toPage(as.accounting, { intent: 'mga-update', ...idAndVersion(row), ...fields }, query)
const deleteRow = (row: { id: number; version: number }, query = `?delete=${row.id}`) =>
  toPage(as.accounting, { intent: 'mga-delete', ...idAndVersion(row) }, query)
let serial = 0

/** An MGA contact of the test's own. */
async function makeMga(): Promise<{ cid: number; sort: string }> {
  const sort = `BIL${process.pid % 1000}${++serial}`.slice(0, 10)
  const [row] = await testDb()
    .insert(contacts)
    .values({ name1: `${sort} Underwriting`, sort, type: '~MGA' })
    .returning({ cid: contacts.cid, sort: contacts.sort })
  return row!
}

const logOf = (id: number) => changeLogOf(MGA_BILLING_ENTITY, id)

describe('the MGA Billing Entities page', () => {
  it('is refused without mgabilling-manage and lists the table a page at a time', async () => {
    const refused = await get(page, as.readonly, PAGE)
    expect(refused.status).toBe(302)
    expect(refused.location).toBe('/')

    const shown = await get(page, as.accounting, PAGE)
    expect(shown.status).toBe(200)
    const body = shown.body as { rows: { mga_contact: string }[]; paging: { perPage: number; count: number } }
    expect(body.paging.perPage).toBe(50)
    expect(body.rows.map((row) => row.mga_contact)).toEqual(['GLRM', 'KEYSTONE', 'PACCREST', 'SUMMIT'])
    expect((await get(page, as.accounting, `${PAGE}?size=all`)).body.paging).toMatchObject({
      perPage: BILLING_ALL_ROWS,
    })
    expect((await get(page, as.accounting, `${PAGE}?size=7`)).body.paging).toMatchObject({ perPage: 50 })
    const sorted = (await get(page, as.accounting, `${PAGE}?sort=billing&desc=1`)).body as typeof body & {
      rows: { billing_contact: string }[]
    }
    expect(sorted.rows[0]!.billing_contact).toBe('SUMMIT')
  })

  it('creates with both fields required, one row per MGA, and logs it', async () => {
    const blank = await toPage(as.accounting, { intent: 'mga-create', contact_id: '', billing_mga: '' })
    expect(blank.status).toBe(400)
    expect(blank.body).toMatchObject({
      intent: 'mga-create',
      error: BILLING_MESSAGES.required,
      result: { error: { contact_id: [BILLING_MESSAGES.required], billing_mga: [BILLING_MESSAGES.required] } },
    })

    const [a, b] = await Promise.all([makeMga(), makeMga()])
    const created = await toPage(
      as.accounting,
      {
        intent: 'mga-create',
        contact_id: String(a.cid),
        billing_mga: String(b.cid),
      },
      `?size=100`,
    )
    expect(created.status).toBe(302)
    expect(created.location).toBe(`${PAGE}?size=100`)
    expect(created.flash?.message).toBe('MGA successfully updated.')
    const [row] = await testDb().select().from(mgaBilling).where(eq(mgaBilling.contact_id, a.cid))
    expect(row!.billing_mga).toBe(b.cid)
    const [logged] = await logOf(row!.id)
    expect(logged).toMatchObject({ action: 'create' })
    expect(logged!.userId).not.toBeNull()
    expect(logged!.after).toMatchObject({ mga_contact: a.sort, billing_contact: b.sort })

    const again = await toPage(as.accounting, {
      intent: 'mga-create',
      contact_id: String(a.cid),
      billing_mga: String(a.cid),
    })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ error: BILLING_MESSAGES.duplicate })

    const unknown = await toPage(as.accounting, {
      intent: 'mga-create',
      contact_id: String(b.cid),
      billing_mga: '2147480000',
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({
      error: BILLING_MESSAGES.noContact,
      result: { error: { billing_mga: [BILLING_MESSAGES.noContact] } },
    })
  })

  it('opens a row in edit mode by the URL, saves a new billing MGA, refuses a stale version and shows the history', async () => {
    const [a, b, c] = await Promise.all([makeMga(), makeMga(), makeMga()])
    const row = await createMgaBilling(testDb(), { contact_id: a.cid, billing_mga: a.cid }, null)
    const editing = await get(page, as.accounting, `${PAGE}?edit=${row.id}&size=all`)
    expect(editing.body).toMatchObject({ editing: row.id })

    const blank = await updateRow(row, { billing_mga: '' })
    expect(blank.status).toBe(400)
    expect(blank.body).toMatchObject({ result: { error: { billing_mga: [BILLING_MESSAGES.required] } } })

    const saved = await toPage(
      as.accounting,
      {
        intent: 'mga-update',
        ...idAndVersion(row),
        billing_mga: String(b.cid),
      },
      `?edit=${row.id}&size=all`,
    )
    expect(saved.status).toBe(302)
    expect(saved.location).toBe(`${PAGE}?size=all`)
    expect(saved.flash?.message).toBe('MGA successfully updated.')

    const stale = await updateRow(row, { billing_mga: String(c.cid) })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({
      error: BILLING_MESSAGES.conflict,
      current: { id: row.id, billing_mga: b.cid, version: row.version + 1 },
    })

    const history = await get(page, as.accounting, `${PAGE}?history=${row.id}`)
    const entries = (history.body as { history: { entries: { action: string; username: string | null }[] } }).history
      .entries
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'create'])
    expect(entries[0]!.username).toBe('accounting')
    expect(JSON.stringify(entries[0])).toContain(b.sort)
  })

  it('deletes after the confirmation (addressed by the URL) and logs what was there', async () => {
    const [a] = await Promise.all([makeMga()])
    const row = await createMgaBilling(testDb(), { contact_id: a.cid, billing_mga: a.cid }, null)
    const confirm = await get(page, as.accounting, `${PAGE}?delete=${row.id}`)
    expect(confirm.body).toMatchObject({ confirm: { id: row.id, mga_contact: a.sort } })
    const deleted = await deleteRow(row)
    expect(deleted.status).toBe(302)
    expect(deleted.location).toBe(PAGE)
    expect(await getMgaBilling(testDb(), row.id)).toBeNull()
    expect((await logOf(row.id)).map((entry) => entry.action).sort()).toEqual(['create', 'delete'])

    const gone = await deleteRow(row, '')
    expect(gone.status).toBe(404)
    expect(gone.body).toMatchObject({ error: BILLING_MESSAGES.missing })
  })

  it('keeps one row per MGA when two administrators add it at once, and one save wins a race', async () => {
    const [a, b, c] = await Promise.all([makeMga(), makeMga(), makeMga()])
    const both = await Promise.allSettled([
      createMgaBilling(testDb(), { contact_id: a.cid, billing_mga: a.cid }, null),
      createMgaBilling(testDb(), { contact_id: a.cid, billing_mga: b.cid }, null),
    ])
    expect(both.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const refused = both.find((result) => result.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason.message).toBe(BILLING_MESSAGES.duplicate)
    expect(refused.reason.status).toBe(409)

    const row = (both.find((result) => result.status === 'fulfilled') as PromiseFulfilledResult<{ id: number }>).value
    // Two administrators save the row they both read (version 1), each a billing MGA it does not have.
    const saves = await Promise.allSettled([
      updateMgaBilling(testDb(), row.id, { billing_mga: c.cid, version: 1 }, null),
      updateMgaBilling(testDb(), row.id, { billing_mga: c.cid === b.cid ? a.cid : c.cid, version: 1 }, null),
    ])
    expect(saves.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const lost = saves.find((result) => result.status === 'rejected') as PromiseRejectedResult
    expect(lost.reason).toBeInstanceOf(ConflictError)
  })
})

describe('/api/mgas', () => {
  it('lists through the table call, refuses without the scope, and creates, changes and deletes', async () => {
    expect((await api(mgas, as.readonly, 'GET', '/api/mgas')).status).toBe(403)
    const list = await api(mgas, as.accounting, 'GET', '/api/mgas')
    expect(list.status).toBe(200)
    expect((list.body as unknown as { mga_contact: string }[]).map((row) => row.mga_contact)).toContain('SUMMIT')
    const paged = await api(mgas, as.accounting, 'GET', '/api/mgas?perPage=2&page=2')
    expect((paged.body as unknown as unknown[]).length).toBe(2)
    expect((await api(mgas, as.accounting, 'GET', '/api/mgas?perPage=5000')).status).toBe(400)

    const missing = await api(mgas, as.accounting, 'POST', '/api/mgas', {}, {})
    expect(missing.status).toBe(400)
    expect(JSON.stringify(missing.body)).toContain(BILLING_MESSAGES.required)

    const [a, b] = await Promise.all([makeMga(), makeMga()])
    const created = await api(mgas, as.accounting, 'POST', '/api/mgas', {}, { contact_id: a.cid, billing_mga: a.cid })
    expect(created.status).toBe(201)
    const row = created.body as unknown as { id: number; version: number }
    expect(created.body).toMatchObject({ contact_id: a.cid, mga_contact: a.sort, billing_contact: a.sort })
    const duplicate = await api(mgas, as.accounting, 'POST', '/api/mgas', {}, { contact_id: a.cid, billing_mga: b.cid })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body).toMatchObject({ status: 'CONFLICT', message: BILLING_MESSAGES.duplicate })

    const id = String(row.id)
    const put = await api(mga, as.accounting, 'PUT', `/api/mgas/${id}`, { id }, { billing_mga: b.cid })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ billing_mga: b.cid, billing_contact: b.sort, version: 2 })
    const stale = await api(mga, as.accounting, 'PUT', `/api/mgas/${id}`, { id }, { billing_mga: a.cid, version: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ message: BILLING_MESSAGES.conflict, current: { billing_mga: b.cid } })
    expect((await api(mga, as.accounting, 'PUT', '/api/mgas/abc', { id: 'abc' }, { billing_mga: b.cid })).status).toBe(
      404,
    )
    expect((await api(mga, as.readonly, 'DELETE', `/api/mgas/${id}`, { id })).status).toBe(403)
    expect((await api(mga, as.accounting, 'DELETE', `/api/mgas/${id}`, { id })).status).toBe(200)
    const again = await api(mga, as.accounting, 'DELETE', `/api/mgas/${id}`, { id })
    expect(again.status).toBe(404)
    expect(again.body).toMatchObject({ message: BILLING_MESSAGES.missing })
    expect((await logOf(row.id)).map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update'])
  })
})
