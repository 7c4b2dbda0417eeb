import { describe, expect, it } from 'vitest'
import { noteDatabaseBack } from '#app/db/availability.server'
import { apiErrorFrom, pageErrorFrom } from './errors.server'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('the API answer to a lost database', () => {
  it('is a 503 with its code and Retry-After; anything else is rethrown', async () => {
    const answer = apiErrorFrom(withCode('57P01', 'terminating connection due to administrator command'))
    noteDatabaseBack(() => undefined)
    expect(answer.status).toBe(503)
    expect(answer.headers.get('Retry-After')).toBe('5')
    expect(await answer.json()).toEqual({
      status: 'SERVICE_UNAVAILABLE',
      message: 'The database is not available at the moment. Try again in a few seconds.',
    })
    expect(() => apiErrorFrom(new Error('boom'))).toThrow('boom')
  })

  it("is a page's 503 (the error dialog) with Retry-After", () => {
    let thrown: unknown
    try {
      pageErrorFrom(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))
    } catch (error) {
      thrown = error
    }
    noteDatabaseBack(() => undefined)
    const answer = thrown as { init: ResponseInit; data: unknown }
    expect(answer.init.status).toBe(503)
    expect(new Headers(answer.init.headers).get('Retry-After')).toBe('5')
    expect(answer.data).toEqual({
      status: 'SERVICE_UNAVAILABLE',
      message: 'The database is not available at the moment. Try again in a few seconds.',
    })
  })
})
