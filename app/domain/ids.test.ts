import { describe, expect, it } from 'vitest'
import { isRecordId, MAX_ID, parseId } from './ids'

describe('parseId', () => {
  it.each(['1', '42', String(MAX_ID)])('accepts %s', (value) => expect(parseId(value)).toBe(Number(value)))
  it.each([
    '',
    '0',
    '-1',
    '1e3',
    '0x10',
    ' 5',
    '5 ',
    '5.0',
    '05',
    '+5',
    String(MAX_ID + 1),
    '99999999999',
    'abc',
    '١٢',
  ])('refuses %j', (value) => expect(parseId(value)).toBeNull())
  it('takes integers as numbers and refuses other types', () => {
    expect(parseId(7)).toBe(7)
    expect(parseId(1.5)).toBeNull()
    expect(parseId(null)).toBeNull()
    expect(parseId(undefined)).toBeNull()
  })
})

describe('isRecordId', () => {
  it('is what a model checks before it queries', () => {
    for (const id of [1, 42, MAX_ID]) expect(isRecordId(id)).toBe(true)
    for (const id of [0, -1, 1.5, MAX_ID + 1, Number.NaN, Number.POSITIVE_INFINITY]) expect(isRecordId(id)).toBe(false)
  })
})
