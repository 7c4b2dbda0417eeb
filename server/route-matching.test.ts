import { matchRoutes as original } from '@remix-run/router'
import { describe, expect, it, vi } from 'vitest'
import { memoisedMatchRoutes, type MatchRoutes, type RouteLike } from './route-matching'

/** A table like Remix's: a root, a pathless layout, pages with parameters, an index, a splat. */
function table(): RouteLike[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        {
          id: 'routes/_app',
          children: [
            { id: 'routes/_app._index', index: true },
            { id: 'routes/_app.search.firms.firmsSearch', path: 'search/firms/firmsSearch' },
          ],
        },
        { id: 'routes/editClaim.$id', path: 'editClaim/:id' },
        { id: 'routes/api.claims.$id.ledger', path: 'api/claims/:id/ledger' },
        { id: 'routes/$', path: '*' },
      ],
    },
  ]
}
const PATHS = [
  '/',
  '/search/firms/firmsSearch',
  '/editClaim/7001',
  '/editClaim/abc',
  '/api/claims/5/ledger',
  '/no/such/page',
  '/editClaim/7001/extra',
]
const ids = (matches: ReturnType<MatchRoutes>) => matches?.map((match) => match.route.id) ?? null
const plain = original as unknown as MatchRoutes

describe('memoisedMatchRoutes', () => {
  it('answers what matchRoutes answers, for string and object locations', () => {
    const memoised = memoisedMatchRoutes(plain)
    for (const path of PATHS) {
      for (const location of [path, { pathname: path }]) {
        const routes = table()
        const expected = plain(routes, location)
        for (let i = 0; i < 2; i++) {
          const got = memoised(routes, location)
          expect(ids(got)).toEqual(ids(expected))
          expect(got?.map(({ params, pathname, pathnameBase }) => ({ params, pathname, pathnameBase }))).toEqual(
            expected?.map(({ params, pathname, pathnameBase }) => ({ params, pathname, pathnameBase })),
          )
        }
      }
    }
  })

  it("matches once per path for tables of the same routes, and hands out each table's own route objects", () => {
    const spy = vi.fn(plain)
    const memoised = memoisedMatchRoutes(spy)
    const first = table()
    const second = table()
    const a = memoised(first, '/editClaim/7001')
    const b = memoised(second, '/editClaim/7001')
    expect(spy).toHaveBeenCalledTimes(1)
    expect(a?.[1].route).toBe(first[0].children?.[1])
    expect(b?.[1].route).toBe(second[0].children?.[1])
    expect(b?.[1].params).toEqual({ id: '7001' })
    // A caller changing its params does not change the next answer.
    b![1].params.id = 'changed'
    expect(memoised(second, '/editClaim/7001')?.[1].params).toEqual({ id: '7001' })
  })

  it('matches again for a table with other routes, and for routes without ids', () => {
    const spy = vi.fn(plain)
    const memoised = memoisedMatchRoutes(spy)
    memoised(table(), '/editClaim/1')
    const other = table()
    other[0].children?.push({ id: 'routes/extra', path: 'extra' })
    expect(ids(memoised(other, '/extra'))).toEqual(['root', 'routes/extra'])
    const anonymous: RouteLike[] = [{ path: 'x' }]
    expect(ids(memoised(anonymous, '/x'))).toEqual([undefined])
    memoised(anonymous, '/x')
    expect(spy).toHaveBeenCalledTimes(4)
  })
})
