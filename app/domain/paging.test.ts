import { describe, expect, it } from 'vitest'
import { clampInt, pageCount, pageSpan, pageWindow, slicePage } from './paging'

describe('page arithmetic', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 100)).toBe(1)
    expect(pageCount(100, 100)).toBe(1)
    expect(pageCount(101, 100)).toBe(2)
    expect(pageCount(5, 0)).toBe(5)
  })

  it('brings numbers into range', () => {
    expect(clampInt(Number.NaN, 1, 9)).toBe(1)
    expect(clampInt(2.7, 1, 9)).toBe(2)
    expect(clampInt(-4, 1, 9)).toBe(1)
    expect(clampInt(40, 1, 9)).toBe(9)
  })

  it('windows a page; a reach keeps the pages and the last window within it', () => {
    expect(pageWindow({ page: 3, size: 100 })).toEqual({ page: 3, limit: 100, offset: 200 })
    expect(pageWindow({ page: 0, size: 100 })).toEqual({ page: 1, limit: 100, offset: 0 })
    expect(pageWindow({ page: 4, size: 300 }, 1000)).toEqual({ page: 4, limit: 100, offset: 900 })
    expect(pageWindow({ page: 99, size: 300 }, 1000)).toEqual({ page: 4, limit: 100, offset: 900 })
  })

  it('cuts a page from the first rows of a list', () => {
    const first = Array.from({ length: 100 }, (_, index) => index)
    expect(slicePage(first, { page: 2, size: 30 })).toEqual({ rows: first.slice(30, 60), page: 2, pages: 4 })
    expect(slicePage(first, { page: 9, size: 30 })).toEqual({ rows: first.slice(90), page: 4, pages: 4 })
    expect(slicePage([], { page: 3, size: 30 })).toEqual({ rows: [], page: 1, pages: 1 })
  })

  it('describes the rows shown', () => {
    expect(pageSpan(1, 100, 0)).toBe('0 rows')
    expect(pageSpan(1, 200, 1204)).toBe('1–200 of 1204')
    expect(pageSpan(7, 200, 1204)).toBe('1201–1204 of 1204')
  })
})
