import { describe, expect, it } from 'vitest'
import { aggregatePageQuerySchema, aggregateRequestOf, aggregateRequestSchema } from './aggregate-report'

describe('the aggregate report request (spec 3 §3, §5)', () => {
  it('defaults to a claims SUM over every state, 100 a page', () => {
    expect(aggregateRequestSchema.parse({})).toEqual({
      queryType: 'claims',
      aggType: 'sum',
      state: 'all',
      carriers: undefined,
      types: undefined,
      contract: undefined,
      extra: [],
      sortBy: undefined,
      sortDesc: false,
      page: 1,
      perPage: 100,
      simple: false,
    })
  })

  it('drops empty carrier, type and contract filters', () => {
    const parsed = aggregateRequestSchema.parse({
      whereColumns: { state: 'zone', carrier: [''], type: [], contract: 0 },
    })
    expect(parsed).toMatchObject({ state: 'zone', carriers: undefined, types: undefined, contract: undefined })
    const kept = aggregateRequestSchema.parse({
      whereColumns: { carrier: ['Lloyds', 'Lloyds', ''], type: 'FPL', contract: '3' },
    })
    expect(kept).toMatchObject({ carriers: ['Lloyds'], types: ['FPL'], contract: 3 })
  })

  it('takes the aggregation in any case and refuses what is not on the lists', () => {
    expect(aggregateRequestSchema.parse({ aggType: 'GLR' }).aggType).toBe('glr')
    expect(aggregateRequestSchema.safeParse({ aggType: 'median' }).success).toBe(false)
    expect(aggregateRequestSchema.safeParse({ sortBy: 'pid; DROP TABLE firms' }).success).toBe(false)
    expect(aggregateRequestSchema.safeParse({ includeColumns: ['password'] }).success).toBe(false)
    expect(aggregateRequestSchema.safeParse({ perPage: 1001 }).success).toBe(false)
  })

  it('keeps the extra columns only with includeCheckColumns', () => {
    expect(aggregateRequestSchema.parse({ includeColumns: ['fein'] }).extra).toEqual(['fein'])
    expect(aggregateRequestSchema.parse({ includeColumns: ['fein'], includeCheckColumns: false }).extra).toEqual([])
  })
})

describe("the page's URL", () => {
  it('falls back to the defaults for stale values and keeps the lists', () => {
    const query = aggregatePageQuerySchema.parse({
      q: 'firms',
      agg: 'avg',
      carrier: ['Lloyds', ''],
      col: ['fein', 'x'],
      sort: 'nope',
    })
    expect(aggregateRequestOf(query)).toMatchObject({
      queryType: 'claims',
      aggType: 'avg',
      carriers: ['Lloyds'],
      extra: ['fein'],
      sortBy: undefined,
      perPage: 100,
    })
  })
})
