import { beforeAll, describe, expect, it } from 'vitest'
import * as lists from '#app/routes/api.lists'
import * as listSearch from '#app/routes/api.lists.search'
import * as nuStates from '#app/routes/api.nu-states'
import * as states from '#app/routes/api.states'
import { callApi, cookieFor } from './page-calls'

/** The lists and states API through their route modules: the query's lists, fields and order, and its refusals. */

let readonly: string

beforeAll(async () => {
  readonly = await cookieFor('readonly')
})

describe('lists API', () => {
  it('GET /api/lists: the named lists (comma or repeated), chosen fields, the order asked for', async () => {
    const answer = await callApi(
      lists,
      'GET',
      '/api/lists?type=carrier&type=ptype,&fields=type,short&orderBy=short&directions=desc',
      readonly,
    )
    expect(answer.status).toBe(200)
    const rows = answer.body as unknown as { type: string; short: string }[]
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['carrier', 'ptype']))
    expect(Object.keys(rows[0]).sort()).toEqual(['short', 'type'])
    const shorts = rows.map((row) => row.short)
    expect(shorts).toEqual([...shorts].sort().reverse())
    expect(await callApi(lists, 'GET', '/api/lists?fields=password', readonly)).toMatchObject({
      status: 400,
      body: { message: 'fields.0: fields must be among lst_id, type, short, long, sort, active' },
    })
    expect((await callApi(lists, 'GET', '/api/lists', '')).status).toBe(401)
  })

  it('GET /api/lists/search, /api/states and /api/nu-states', async () => {
    const found = await callApi(listSearch, 'GET', '/api/lists/search?search=carr', readonly)
    expect((found.body as unknown as { type: string }[]).every((row) => row.type.includes('carr'))).toBe(true)
    expect(await callApi(listSearch, 'GET', '/api/lists/search', readonly)).toMatchObject({
      status: 400,
      body: { message: 'search: search is required' },
    })
    const all = (await callApi(states, 'GET', '/api/states', readonly)).body as unknown as { code: string }[]
    const fifty = (await callApi(nuStates, 'GET', '/api/nu-states', readonly)).body as unknown as { code: string }[]
    expect(all.map((state) => state.code)).toEqual(expect.arrayContaining(['TX', 'DC', 'PR']))
    expect(fifty).toHaveLength(51)
  })
})
