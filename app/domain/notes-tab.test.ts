import { describe, expect, it } from 'vitest'
import * as tab from './notes-tab'

describe('Notes tab batches of 1000 and pages of 100', () => {
  it('counts batches, at least one', () => {
    expect(tab.batchCount(0)).toBe(1)
    expect(tab.batchCount(999)).toBe(1)
    expect(tab.batchCount(1000)).toBe(1)
    expect(tab.batchCount(1001)).toBe(2)
    expect(tab.batchCount(2500)).toBe(3)
  })

  it('labels batches 1–1000, 1001–2000, and ends the last at the count', () => {
    expect(tab.batchLabel(1, 2500)).toBe('1–1000')
    expect(tab.batchLabel(2, 2500)).toBe('1001–2000')
    expect(tab.batchLabel(3, 2500)).toBe('2001–2500')
    expect(tab.batchLabel(1, 0)).toBe('1–1')
  })

  it('sizes batches and their pages', () => {
    expect(tab.batchSize(1, 2500)).toBe(1000)
    expect(tab.batchSize(3, 2500)).toBe(500)
    expect(tab.batchSize(4, 2500)).toBe(0)
    expect(tab.pagesInBatch(1, 2500)).toBe(10)
    expect(tab.pagesInBatch(3, 2450)).toBe(5)
    expect(tab.pagesInBatch(1, 0)).toBe(1)
    expect(tab.pageRange(2, 3, 2500)).toEqual({ first: 201, last: 300, inBatch: 1000 })
    expect(tab.pageRange(1, 1, 15)).toEqual({ first: 1, last: 15, inBatch: 15 })
  })

  it('clamps a stale batch or page to the last that exists', () => {
    expect(tab.clampBatchPage(9, 9, 1500)).toEqual({ batch: 2, page: 5 })
    expect(tab.clampBatchPage(0, 0, 1500)).toEqual({ batch: 1, page: 1 })
    expect(tab.clampBatchPage(1, 4, 150)).toEqual({ batch: 1, page: 2 })
  })

  it('knows the modes and the sortable columns', () => {
    expect(tab.isNoteMode('Active')).toBe(true)
    expect(tab.isNoteMode('active')).toBe(false)
    expect(tab.isNoteMode(null)).toBe(false)
    expect(tab.NOTE_SORT_KEYS).toEqual(['dated', 'type', 'status', 're', 'staff', 'cstamp', 'opener', 'nid'])
  })
})
