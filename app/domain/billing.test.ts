import { describe, expect, it } from 'vitest'
import { BILLING_ALL_ROWS, billingPageSize, fractionText, producerSavedMessage, producerUpdate } from './billing'

describe('MGA billing page sizes (spec 1 §9: 50, 100, 150, all)', () => {
  it('reads the size parameter, all as a bounded page, anything else as 50', () => {
    expect(billingPageSize('50')).toBe(50)
    expect(billingPageSize('100')).toBe(100)
    expect(billingPageSize('150')).toBe(150)
    expect(billingPageSize('all')).toBe(BILLING_ALL_ROWS)
    expect(BILLING_ALL_ROWS).toBe(1000)
    for (const other of [null, undefined, '', '75', '1000', '-50', 'ALL', '1e2'])
      expect(billingPageSize(other)).toBe(50)
  })
})

describe('producer placement (spec 1 §2.11: All null, Renewal true, New Business false)', () => {
  it('updates the default rate with only its commission, whatever else is sent', () => {
    expect(producerUpdate(true, { commission: '0.1', renewal: true })).toEqual({ commission: '0.1' })
    expect(producerUpdate(false, { commission: '0.1', renewal: false })).toEqual({ commission: '0.1', renewal: false })
    expect(producerUpdate(false, { commission: '0.1', renewal: null })).toEqual({ commission: '0.1', renewal: null })
    expect(producerUpdate(false, { commission: '0.1' })).toEqual({ commission: '0.1' })
    expect(producerSavedMessage(true)).toBe('Default commission successfully updated.')
    expect(producerSavedMessage(false)).toBe('Producer commission successfully updated.')
  })
})

describe('an API fraction', () => {
  it('is a number or its text from 0 to 1, written with six decimals', () => {
    expect(fractionText(0.125)).toBe('0.125000')
    expect(fractionText('0.1')).toBe('0.100000')
    expect(fractionText(1)).toBe('1.000000')
    expect(fractionText(0)).toBe('0.000000')
    expect(fractionText('0.1234567')).toBe('0.123457')
    for (const bad of [1.5, -0.1, '12%', '', 'abc', '1e-3']) expect(fractionText(bad)).toBeNull()
  })
})
