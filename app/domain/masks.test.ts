import { describe, expect, it } from 'vitest'
import * as masks from './masks'

// [the mask, [what it is given, what it answers]…]
const CASES: [Exclude<keyof typeof masks, 'EMAIL_PATTERN'>, [string | null, string][]][] = [
  // Stored phones formatted; typed ones stripped to digits.
  [
    'formatPhone',
    [
      ['2125550147', '(212) 555-0147'],
      [null, ''],
      ['12345', '12345'],
    ],
  ],
  ['digitsOnly', [['(212) 555-0147', '2125550147']]],
  // Phones masked as typed, stopping at ten digits.
  [
    'maskPhone',
    [
      ['', ''],
      ['21', '(21'],
      ['21255', '(212) 55'],
      ['212555014799', '(212) 555-0147'],
      ['abc', ''],
    ],
  ],
  // SSNs as ###-##-####, hidden but for the last four.
  [
    'maskSsn',
    [
      ['123456789', '123-45-6789'],
      ['1234', '123-4'],
      ['123-45-67890', '123-45-6789'],
    ],
  ],
  [
    'hideSsn',
    [
      ['123-45-6789', '***-**-6789'],
      [null, ''],
    ],
  ],
  // Ext kept to ten digits; names cleaned of the replacement character and spaces.
  ['maskExt', [['12a345678901', '1234567890']]],
  ['cleanName', [['  O\uFFFDBrien ', "O'Brien"]]],
]

describe('masks', () => {
  it.each(CASES)('%s', (name, cases) => {
    const mask = masks[name] as (value: string | null) => string
    for (const [given, answer] of cases) expect(mask(given), String(given)).toBe(answer)
  })
})
