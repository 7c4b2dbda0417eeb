import { describe, expect, it } from 'vitest'
import { cleanName, digitsOnly, formatPhone, hideSsn, maskExt, maskPhone, maskSsn } from './masks'

describe('masks', () => {
  it('formats stored phones and strips typed ones to digits', () => {
    expect(formatPhone('2125550147')).toBe('(212) 555-0147')
    expect(formatPhone(null)).toBe('')
    expect(formatPhone('12345')).toBe('12345')
    expect(digitsOnly('(212) 555-0147')).toBe('2125550147')
  })
  it('masks phones progressively and stops at ten digits', () => {
    expect(maskPhone('')).toBe('')
    expect(maskPhone('21')).toBe('(21')
    expect(maskPhone('21255')).toBe('(212) 55')
    expect(maskPhone('212555014799')).toBe('(212) 555-0147')
    expect(maskPhone('abc')).toBe('')
  })
  it('masks SSNs as ###-##-#### and hides all but the last four', () => {
    expect(maskSsn('123456789')).toBe('123-45-6789')
    expect(maskSsn('1234')).toBe('123-4')
    expect(maskSsn('123-45-67890')).toBe('123-45-6789')
    expect(hideSsn('123-45-6789')).toBe('***-**-6789')
    expect(hideSsn(null)).toBe('')
  })
  it('keeps ext to ten digits and cleans names', () => {
    expect(maskExt('12a345678901')).toBe('1234567890')
    expect(cleanName('  O\uFFFDBrien ')).toBe("O'Brien")
  })
})
