import { describe, expect, it } from 'vitest'
import { cappedCountedPageOf, cappedPageOf, type PageWindow } from './paging.server'

// A list of `n` rows as a database would answer the two forms: the page and a count stopped at a limit.
const list = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }))

describe('cappedCountedPageOf (the page and its capped count in one statement)', () => {
  it('answers as cappedPageOf does: the page, the count stopped past the cap, and the last page when asked past the end', async () => {
    for (const n of [0, 1, 7, 25, 26, 60, 100, 101, 250]) {
      const rows = list(n)
      const page = ({ limit, offset }: PageWindow) => Promise.resolve(rows.slice(offset, offset + limit))
      const count = (limit: number) => Promise.resolve(Math.min(rows.length, limit))
      const counted = ({ limit, offset }: PageWindow, countLimit: number) =>
        Promise.resolve(
          rows.slice(offset, offset + limit).map((row) => ({ ...row, __total: Math.min(rows.length, countLimit) })),
        )
      for (const request of [
        { page: 1, size: 25, countCap: 50 },
        { page: 2, size: 25, countCap: 50 },
        { page: 4, size: 25, countCap: 50 },
        { page: 99, size: 25, countCap: 50 },
        { page: 3, size: 10, countCap: 1000 },
        { page: 2, size: 25, countCap: 50, reach: 60 },
        { page: 9, size: 25, countCap: 50, reach: 60 },
      ]) {
        const one = await cappedCountedPageOf(counted, request)
        const two = await cappedPageOf(page, count, request)
        expect(one, `${n} rows, ${JSON.stringify(request)}`).toEqual(two)
      }
    }
  })
})
