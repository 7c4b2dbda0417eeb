import { describe, expect, it } from 'vitest'
import { firmSearchBodySchema } from './firm-search'

describe('firmSearchBodySchema (POST /api/firms/search)', () => {
  it('takes a body that filters on one column only', () => {
    const parsed = firmSearchBodySchema.safeParse({ whereColumns: { city: 'a' } })
    expect(parsed.success).toBe(true)
    expect(parsed.data?.whereColumns).toEqual({ city: 'a' })
  })
  it('takes the empty body and an empty whereColumns (the route answers the empty-search message)', () => {
    expect(firmSearchBodySchema.safeParse({}).success).toBe(true)
    expect(firmSearchBodySchema.safeParse({ whereColumns: {} }).success).toBe(true)
  })
  it('takes fid alone, as a number or a string', () => {
    expect(firmSearchBodySchema.safeParse({ whereColumns: { fid: 1042 } }).success).toBe(true)
    expect(firmSearchBodySchema.safeParse({ whereColumns: { fid: '1042' } }).success).toBe(true)
  })
  it('refuses an unknown column', () => {
    expect(firmSearchBodySchema.safeParse({ whereColumns: { password: 'x' } }).success).toBe(false)
  })
})
