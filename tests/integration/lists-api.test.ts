import { beforeAll, describe, expect, it } from 'vitest'
import * as lists from '#app/routes/api.lists'
import * as listSearch from '#app/routes/api.lists.search'
import * as nuStates from '#app/routes/api.nu-states'
import * as states from '#app/routes/api.states'
import { api, cookieFor } from './route-calls'

/** The lists and states API through their route modules: the query's lists, fields and order, and its refusals. */

let readonly: string

beforeAll(async () => {
  readonly = await cookieFor('readonly')
})

describe('lists API', () => {
  it('GET /api/lists: the named lists (comma or repeated), chosen fields, the order asked for', async () => {
    const answer = await api(
      lists,
      readonly,
      'GET',
      '/api/lists?type=carrier&type=ptype,&fields=type,short&orderBy=short&directions=desc',
    )
    expect(answer.status).toBe(200)
    const rows = answer.body as unknown as { type: string; short: string }[]
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['carrier', 'ptype']))
    expect(Object.keys(rows[0]).sort()).toEqual(['short', 'type'])
    const shorts = rows.map((row) => row.short)
    expect(shorts).toEqual([...shorts].sort().reverse())
    expect(await api(lists, readonly, 'GET', '/api/lists?fields=password')).toMatchObject({
      status: 400,
      body: { message: 'fields.0: fields must be among lst_id, type, short, long, sort, active' },
    })
    expect((await api(lists, '', 'GET', '/api/lists')).status).toBe(401)
  })

  it('GET /api/lists/search, /api/states and /api/nu-states', async () => {
    const found = await api(listSearch, readonly, 'GET', '/api/lists/search?search=carr')
    expect(found.status).toBe(200)
    const types = (found.body as unknown as { type: string }[]).map((row) => row.type)
    // The carriers are found (not an empty list, which every() would pass), and nothing but what matches.
    expect(types).toContain('carrier')
    expect(types.every((type) => type.includes('carr'))).toBe(true)
    expect(await api(listSearch, readonly, 'GET', '/api/lists/search')).toMatchObject({
      status: 400,
      body: { message: 'search: search is required' },
    })
    const all = (await api(states, readonly, 'GET', '/api/states')).body as unknown as { code: string }[]
    const fifty = (await api(nuStates, readonly, 'GET', '/api/nu-states')).body as unknown as { code: string }[]
    expect(all.map((state) => state.code)).toEqual(expect.arrayContaining(['TX', 'DC', 'PR']))
    expect(fifty).toHaveLength(51)
  })
})
