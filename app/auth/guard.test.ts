import { beforeAll, describe, expect, it } from 'vitest'
import { REQUEST_ID_HEADER } from './client-ip'
import { getOptionalUser } from './guard.server'

// Remix hands each loader of a request its own copy of the Request; the server's request id ties them.
const copy = (method: string, id?: string) =>
  new Request('http://local/manage', { method, headers: id ? { [REQUEST_ID_HEADER]: id } : {} })

describe('one session lookup per request', () => {
  // Requests without a session cookie: the lookup answers null without the database.
  beforeAll(() => {
    process.env.SESSION_SECRET ??= 'unit-test-secret'
  })

  it("shares the lookup among a GET request's loaders", async () => {
    const first = getOptionalUser(copy('GET', 'req-1'))
    expect(getOptionalUser(copy('GET', 'req-1'))).toBe(first)
    expect(getOptionalUser(copy('GET', 'req-2'))).not.toBe(first)
    expect(await first).toBeNull()
  })

  it('looks up again for an action, without a request id, and for the session check', async () => {
    const lookups = [
      [getOptionalUser(copy('POST', 'req-3')), getOptionalUser(copy('POST', 'req-3'))],
      [getOptionalUser(copy('GET')), getOptionalUser(copy('GET'))],
      [getOptionalUser(copy('GET', 'req-4')), getOptionalUser(copy('GET', 'req-4'), { countActivity: false })],
    ]
    for (const [a, b] of lookups) expect(a).not.toBe(b)
    expect(await Promise.all(lookups.flat())).toEqual([null, null, null, null, null, null])
  })
})
