import { describe, expect, it } from 'vitest'
import { listItems, loadPicklists, nuStates, searchListTypes, states } from '#app/models/list.server'
import { testDb } from './db'

describe('lists', () => {
  it('groups the entries of the asked lists in list order, with every asked type present', async () => {
    const lists = await listItems(testDb(), ['carrier', 'ptype', 'no-such-list'])
    expect(Object.keys(lists).sort()).toEqual(['carrier', 'no-such-list', 'ptype'])
    expect(lists.carrier[0].short).toBe('Lloyds')
    expect(lists.ptype.map((item) => item.short)).toContain('FPL')
    expect(lists['no-such-list']).toEqual([])
    const sorts = lists.carrier.map((item) => item.sort)
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts)
  })

  it('has every picklist the specification names', async () => {
    const names = [
      'name',
      'carrier',
      'ctype',
      'ptype',
      'dtype',
      'ftype',
      'frmtype',
      'ltype',
      'cancat',
      'deduc',
      'is_new',
      'ledgeracct',
      'ledgertype',
      'limits',
      'plt_code',
      'def_code',
      'err_code',
      'aop_code',
      'clmstatus',
      'role',
      'pstatus',
    ]
    const lists = await listItems(testDb(), names)
    for (const name of names) expect(lists[name].length, name).toBeGreaterThan(0)
  })

  it('finds lists by part of their type name', async () => {
    const found = await searchListTypes(testDb(), 'carr')
    expect(new Set(found.map((item) => item.type))).toEqual(new Set(['carrier']))
    expect(await searchListTypes(testDb(), '   ')).toEqual([])
    expect(await searchListTypes(testDb(), '%')).toEqual([])
  })

  it('answers all jurisdictions for states and the 50 states plus DC for nu-states', async () => {
    const all = await states(testDb())
    const nu = await nuStates(testDb())
    expect(nu).toHaveLength(51)
    expect(all.length).toBeGreaterThan(51)
    expect(nu.map((s) => s.code)).toContain('TX')
    expect(nu.map((s) => s.code)).not.toContain('PR')
    expect(nu[0].name <= nu[1].name).toBe(true)
  })

  it('loads several picklists for a form in one call', async () => {
    const picklists = await loadPicklists(testDb(), ['carrier', 'nu-states', 'missing'])
    expect(picklists.carrier[0]).toEqual({ value: 'Lloyds', label: expect.any(String) })
    expect(picklists['nu-states']).toHaveLength(51)
    expect(picklists.missing).toEqual([])
  })
})
