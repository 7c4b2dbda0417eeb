import { asc } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { contracts } from '#app/db/schema'
import * as contractsRoute from '#app/routes/api.contracts'
import { testDb } from './db'
import { api, cookieFor, userWithoutScopes } from './route-calls'

/** POST /api/contracts (spec 3 §7): the empty entry the pickers skip, then every contract by name. */

let claims: string
let readonly: string

beforeAll(async () => {
  claims = await cookieFor('claims')
  readonly = await cookieFor('readonly')
})

describe('POST /api/contracts', () => {
  it('answers { id: 0, contract: "" } first, then each contract (id, name) by name', async () => {
    const stored = await testDb()
      .select({ id: contracts.id, contract: contracts.contract })
      .from(contracts)
      .orderBy(asc(contracts.contract))
    expect(stored.length).toBeGreaterThan(0)
    const answer = await api(contractsRoute, claims, 'POST', '/api/contracts')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([{ id: 0, contract: '' }, ...stored])
  })

  it('needs bordereau-view or report-view; GET is not a method of it', async () => {
    expect((await api(contractsRoute, readonly, 'POST', '/api/contracts')).status).toBe(200)
    expect((await api(contractsRoute, await userWithoutScopes(), 'POST', '/api/contracts')).status).toBe(403)
    expect((await api(contractsRoute, '', 'POST', '/api/contracts')).status).toBe(401)
    expect((await api(contractsRoute, claims, 'GET', '/api/contracts')).status).toBe(405)
  })
})
