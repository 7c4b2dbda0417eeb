import { describe, expect, it } from 'vitest'
import { JOB_COLUMNS, JOB_MESSAGES, dropJobColumn, jobColumnOrder, moveJobColumn } from './notes'

describe('jobs table column order', () => {
  it('moves a column one place left or right, and not past either end', () => {
    expect(moveJobColumn(JOB_COLUMNS, 're', 'left').slice(4, 8)).toEqual(['lag', 're', 'type', 'dated'])
    expect(moveJobColumn(JOB_COLUMNS, 'actions', 'right').slice(0, 2)).toEqual(['sort', 'actions'])
    expect(moveJobColumn(JOB_COLUMNS, 'actions', 'left')).toEqual([...JOB_COLUMNS])
    expect(moveJobColumn(JOB_COLUMNS, 'opener', 'right')).toEqual([...JOB_COLUMNS])
  })

  it('makes a partial or stale saved order whole before moving', () => {
    const moved = moveJobColumn(jobColumnOrder(['re', 'bogus', 're']), 'sort', 'left')
    expect(moved).toHaveLength(JOB_COLUMNS.length)
    expect(moved.slice(0, 3)).toEqual(['re', 'sort', 'actions'])
  })

  it('drops a dragged column on the place of its target, either direction', () => {
    expect(dropJobColumn(JOB_COLUMNS, 're', 'sort')).toEqual([
      'actions',
      're',
      'sort',
      'exdate',
      'status',
      'lag',
      'type',
      'dated',
      'staff',
      'cstamp',
      'opener',
    ])
    expect(dropJobColumn(JOB_COLUMNS, 'sort', 're')).toEqual([
      'actions',
      'exdate',
      'status',
      'lag',
      'type',
      're',
      'sort',
      'dated',
      'staff',
      'cstamp',
      'opener',
    ])
    expect(dropJobColumn(JOB_COLUMNS, 'opener', 'actions')[0]).toBe('opener')
    expect(dropJobColumn(JOB_COLUMNS, 'type', 'type')).toEqual([...JOB_COLUMNS])
  })

  it('words the cap notice and the next-job snackbar', () => {
    expect(JOB_MESSAGES.capped(1000, 1204)).toBe(
      'Showing the first 1000 of 1204 jobs. Narrow the list with the search box or a job kind.',
    )
    expect(JOB_MESSAGES.taken(null, 'ACME')).toBe('Next job: (no re) · ACME')
  })
})
