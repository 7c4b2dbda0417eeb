import { describe, expect, it } from 'vitest'
import {
  NOTE_SORT_KEYS,
  batchCount,
  batchLabel,
  batchSize,
  clampBatchPage,
  isNoteMode,
  pageRange,
  pagesInBatch,
} from './notes-tab'

describe('Notes tab batches of 1000 and pages of 100', () => {
  it('counts batches, at least one', () => {
    expect(batchCount(0)).toBe(1)
    expect(batchCount(999)).toBe(1)
    expect(batchCount(1000)).toBe(1)
    expect(batchCount(1001)).toBe(2)
    expect(batchCount(2500)).toBe(3)
  })

  it('labels batches 1–1000, 1001–2000, and ends the last at the count', () => {
    expect(batchLabel(1, 2500)).toBe('1–1000')
    expect(batchLabel(2, 2500)).toBe('1001–2000')
    expect(batchLabel(3, 2500)).toBe('2001–2500')
    expect(batchLabel(1, 0)).toBe('1–1')
  })

  it('sizes batches and their pages', () => {
    expect(batchSize(1, 2500)).toBe(1000)
    expect(batchSize(3, 2500)).toBe(500)
    expect(batchSize(4, 2500)).toBe(0)
    expect(pagesInBatch(1, 2500)).toBe(10)
    expect(pagesInBatch(3, 2450)).toBe(5)
    expect(pagesInBatch(1, 0)).toBe(1)
    expect(pageRange(2, 3, 2500)).toEqual({ first: 201, last: 300, inBatch: 1000 })
    expect(pageRange(1, 1, 15)).toEqual({ first: 1, last: 15, inBatch: 15 })
  })

  it('clamps a stale batch or page to the last that exists', () => {
    expect(clampBatchPage(9, 9, 1500)).toEqual({ batch: 2, page: 5 })
    expect(clampBatchPage(0, 0, 1500)).toEqual({ batch: 1, page: 1 })
    expect(clampBatchPage(1, 4, 150)).toEqual({ batch: 1, page: 2 })
  })

  it('knows the modes and the sortable columns', () => {
    expect(isNoteMode('Active')).toBe(true)
    expect(isNoteMode('active')).toBe(false)
    expect(isNoteMode(null)).toBe(false)
    expect(NOTE_SORT_KEYS).toEqual(['dated', 'type', 'status', 're', 'staff', 'cstamp', 'opener', 'nid'])
  })
})
