import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { resetConfig } from '#app/config.server'
import { readBody, readMultipart, readQuery, TOO_DEEP_MESSAGE } from './api.server'
import { DRAIN_MAX_BYTES } from './body.server'
import { readFormData } from './form.server'

const URL_ = 'http://app.test/api/x'

/** A chunked body: no Content-Length, `count` chunks of `size` bytes. */
function chunked(size: number, count: number, type: string): Request {
  let sent = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= count) return controller.close()
      controller.enqueue(new Uint8Array(size).fill(0x61))
    },
  })
  return new Request(URL_, {
    method: 'POST',
    body: stream,
    headers: { 'Content-Type': type },
    duplex: 'half',
  } as RequestInit)
}

async function refusal(
  promise: Promise<unknown>,
): Promise<{ status: number; body: { status?: string; message?: string } }> {
  try {
    await promise
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.json() }
    const data = thrown as { init?: { status?: number }; data?: { message?: string } }
    if (data?.init?.status) return { status: data.init.status, body: data.data ?? {} }
    throw thrown
  }
  throw new Error('expected a refusal')
}

/** A chunked body that counts what was read of it and whether it was cancelled (which cuts the connection). */
function counted(size: number, count: number, type: string, headers: Record<string, string> = {}) {
  const stats = { pulled: 0, cancelled: false }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stats.pulled >= count) return controller.close()
      stats.pulled++
      controller.enqueue(new Uint8Array(size).fill(0x61))
    },
    cancel() {
      stats.cancelled = true
    },
  })
  const request = new Request(URL_, {
    method: 'POST',
    body: stream,
    headers: { 'Content-Type': type, ...headers },
    duplex: 'half',
  } as RequestInit)
  return { request, stats }
}

const anything = z.unknown()

/** A POST of `body` with its Content-Type (and any other headers). */
const post = (type: string, body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(URL_, { method: 'POST', headers: { 'Content-Type': type, ...headers }, body })
const json = (body: string) => post('application/json', body)

beforeEach(() => {
  process.env.BODY_MAX_BYTES = '2048'
  process.env.UPLOAD_MAX_BYTES = '4096'
  resetConfig()
})
afterEach(() => {
  delete process.env.BODY_MAX_BYTES
  delete process.env.UPLOAD_MAX_BYTES
  resetConfig()
})

describe('readBody (JSON)', () => {
  it('parses a JSON body with the schema', async () => {
    const request = post('application/json; charset=utf-8', '{"a":1}')
    expect(await readBody(request, z.object({ a: z.number() }))).toEqual({ a: 1 })
  })
  it('reads no body and no type as {}', async () => {
    expect(await readBody(new Request(URL_, { method: 'POST' }), anything)).toEqual({})
  })
  it.each(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x'])(
    'refuses %s with 415',
    async (type) => {
      const { status, body } = await refusal(readBody(post(type, 'a=1'), anything))
      expect(status).toBe(415)
      expect(body.status).toBe('UNSUPPORTED_MEDIA_TYPE')
    },
  )
  it('refuses a body without a type with 415', async () => {
    const request = new Request(URL_, { method: 'POST', body: new Blob(['{"a":1}']) })
    expect((await refusal(readBody(request, anything))).status).toBe(415)
  })
  it('refuses a declared length over the cap with 413 before reading', async () => {
    const request = post('application/json', '{}', { 'Content-Length': '999999' })
    expect((await refusal(readBody(request, anything))).status).toBe(413)
  })
  it('refuses a chunked body over the cap with 413, however long the stream', async () => {
    const { status, body } = await refusal(readBody(chunked(1024, 10_000, 'application/json'), anything))
    expect(status).toBe(413)
    expect(body).toEqual({ status: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' })
  })
  it('answers malformed JSON and schema misfits with 400 and a message', async () => {
    expect((await refusal(readBody(json('{"a":'), anything))).body).toEqual({
      status: 'INVALID_PARAMS',
      message: 'The request body is not valid JSON.',
    })
    expect((await refusal(readBody(json('{"a":"x"}'), z.object({ a: z.number() })))).body.message).toMatch(/^a: /)
  })

  it('answers 400, not a stack overflow, for a body nested hundreds deep', async () => {
    const deep = '['.repeat(400) + ']'.repeat(400)
    expect((await refusal(readBody(json(deep), anything))).body).toEqual({
      status: 'INVALID_PARAMS',
      message: TOO_DEEP_MESSAGE,
    })
    const deepObject = '{"a":'.repeat(100) + '1' + '}'.repeat(100)
    expect((await refusal(readBody(json(deepObject), anything))).status).toBe(400)
    expect(await readBody(json('{"a":[{"b":[1]}]}'), anything)).toEqual({ a: [{ b: [1] }] })
  })
})

describe('readFormData (pages)', () => {
  it('reads a urlencoded form and strips NUL', async () => {
    const form = await readFormData(post('application/x-www-form-urlencoded', 'intent=save&re=a%00b'))
    expect(form.get('re')).toBe('ab')
  })
  it('cuts a chunked form at BODY_MAX_BYTES (413)', async () => {
    expect((await refusal(readFormData(chunked(1024, 100, 'application/x-www-form-urlencoded')))).status).toBe(413)
  })
  it('gives multipart forms the upload cap (UPLOAD_MAX_BYTES)', async () => {
    const small = new FormData()
    small.append('file', new Blob([new Uint8Array(3000)]), 'a.pdf')
    expect((await readFormData(new Request(URL_, { method: 'POST', body: small }))).get('file')).toBeInstanceOf(File)
    const big = new FormData()
    big.append('file', new Blob([new Uint8Array(5000)]), 'a.pdf')
    const { status, body } = await refusal(
      readFormData(new Request(URL_, { method: 'POST', body: big }), { tooLarge: 'Too big.' }),
    )
    expect(status).toBe(413)
    expect(body.message).toBe('Too big.')
  })
  it('refuses JSON to a page with 415', async () => {
    const request = json('{}')
    expect((await refusal(readFormData(request))).status).toBe(415)
  })
})

describe('readMultipart (API uploads)', () => {
  it('cuts a chunked upload at UPLOAD_MAX_BYTES', async () => {
    const { status, body } = await refusal(
      readMultipart(chunked(1024, 100, 'multipart/form-data; boundary=x'), 'Files must be small.'),
    )
    expect(status).toBe(413)
    expect(body.message).toBe('Files must be small.')
  })
  it('refuses a body that is not multipart with 415', async () => {
    const request = json('{}')
    expect((await refusal(readMultipart(request, 'x'))).status).toBe(415)
  })
})

describe('a body over the cap is read to its end, up to a bound, before the 413 (issue 23)', () => {
  // Cancelling the body destroys the socket: the client saw a reset connection instead of the 413.
  it.each([
    ['JSON', 'application/json', (request: Request) => readBody(request, anything)],
    ['a form', 'application/x-www-form-urlencoded', (request: Request) => readFormData(request)],
    ['an upload', 'multipart/form-data; boundary=x', (request: Request) => readMultipart(request, 'Too big.')],
  ])('%s: the rest is read and dropped, not cancelled', async (_kind, type, read) => {
    const { request, stats } = counted(1024, 200, type)
    expect((await refusal(read(request))).status).toBe(413)
    expect(stats).toEqual({ pulled: 200, cancelled: false })
  })

  it('a declared length over the cap is read and dropped too', async () => {
    const { request, stats } = counted(1024, 20, 'application/json', { 'Content-Length': String(20 * 1024) })
    expect((await refusal(readBody(request, anything))).status).toBe(413)
    expect(stats).toEqual({ pulled: 20, cancelled: false })
  })

  it('past the bound (DRAIN_MAX_BYTES beyond the cap) the body is cut', async () => {
    const declared = counted(1024, 20, 'application/json', {
      'Content-Length': String(2048 + DRAIN_MAX_BYTES + 1),
    })
    expect((await refusal(readBody(declared.request, anything))).status).toBe(413)
    expect(declared.stats).toEqual({ pulled: 0, cancelled: true })
    const endless = counted(64 * 1024, Number.MAX_SAFE_INTEGER, 'application/json')
    expect((await refusal(readBody(endless.request, anything))).status).toBe(413)
    expect(endless.stats.cancelled).toBe(true)
    expect(endless.stats.pulled * 64 * 1024).toBeLessThanOrEqual(2048 + DRAIN_MAX_BYTES + 2 * 64 * 1024)
  })

  it('a page may give a smaller cap of its own (the note editor’s upload limit), read the same way', async () => {
    const { request, stats } = counted(1024, 10, 'multipart/form-data; boundary=x')
    const { status, body } = await refusal(readFormData(request, { tooLarge: 'Files too big.', maxBytes: 3000 }))
    expect([status, body.message]).toEqual([413, 'Files too big.'])
    expect(stats).toEqual({ pulled: 10, cancelled: false })
  })
})

describe('readQuery', () => {
  it('turns repeated keys into arrays and refuses misfits with 400', async () => {
    const request = new Request(`${URL_}?a=1&a=2&b=x`)
    expect(readQuery(request, z.object({ a: z.array(z.string()), b: z.string() }))).toEqual({ a: ['1', '2'], b: 'x' })
    expect((await refusal(Promise.resolve().then(() => readQuery(request, z.object({ b: z.number() }))))).status).toBe(
      400,
    )
  })
})
