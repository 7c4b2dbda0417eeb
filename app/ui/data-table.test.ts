import { describe, expect, it } from 'vitest'
import { pagerTarget, sortChanges, tableParamNames } from './data-table'

describe('DataTable URL parameters', () => {
  it('uses page, size, sort and desc unless a table names its own', () => {
    expect(tableParamNames()).toEqual({ page: 'page', size: 'size', sort: 'sort', desc: 'desc' })
    expect(tableParamNames({ page: 'jpage', sort: 'jsort' })).toEqual({ page: 'jpage', size: 'size', sort: 'jsort', desc: 'desc' })
  })

  it('sorts a new column ascending, the sorted one descending, and goes back to the first page', () => {
    const names = tableParamNames({ page: 'jpage', size: 'jsize', sort: 'jsort', desc: 'jdesc' })
    expect(sortChanges(names, 're', undefined)).toEqual({ jsort: 're', jdesc: null, jpage: null })
    expect(sortChanges(names, 're', { by: 'status', desc: true })).toEqual({ jsort: 're', jdesc: null, jpage: null })
    expect(sortChanges(names, 're', { by: 're', desc: false })).toEqual({ jsort: 're', jdesc: '1', jpage: null })
    expect(sortChanges(names, 're', { by: 're', desc: true })).toEqual({ jsort: 're', jdesc: null, jpage: null })
  })

  it('leads the pager controls to pages within the list', () => {
    expect(pagerTarget('first', 3, 5)).toBe(1)
    expect(pagerTarget('last', 3, 5)).toBe(5)
    expect(pagerTarget('next', 5, 5)).toBe(5)
    expect(pagerTarget('previous', 1, 5)).toBe(1)
    expect(pagerTarget('next', 2, 5)).toBe(3)
  })
})
