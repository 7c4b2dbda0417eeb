import { stringify } from 'csv-stringify/sync'
import { describe, expect, it } from 'vitest'
import { csvField, csvRecords } from './csv'

// What the bordereau download wrote with csv-stringify before (decision 0034), the reference.
const reference = (records: (string | null)[][]) =>
  stringify(records, { record_delimiter: '\r\n', quoted_match: /^\s|\s$/ })

const FIELDS = [
  '',
  null,
  'plain',
  '12345.67',
  '-12.00',
  "'=SUM(A1)",
  'a,b',
  'say "hi"',
  '"',
  '""',
  'line\r\nbreak',
  'lf\nonly',
  'cr\ronly',
  ' leading',
  'trailing ',
  '\ttab',
  'tab\t',
  ' ',
  'inner space',
  'ünïcødé — dash',
  '1,000,000/2,000,000',
  "O'Brien & Sons, LLC",
  'x'.repeat(300),
]

// csv-stringify quoted a field holding the whole CRLF but not a lone CR or LF, which split the record
// for every reader (RFC 4180 §2.6); those are quoted now, everything else is written as before.
const LONE_BREAK = /\r(?!\n)|(?<!\r)\n/
const SAME_AS_BEFORE = FIELDS.filter((field) => field === null || !LONE_BREAK.test(field))

describe('csvRecords', () => {
  it('writes what csv-stringify wrote, field by field', () => {
    for (const field of SAME_AS_BEFORE) expect(csvRecords([[field]]), JSON.stringify(field)).toBe(reference([[field]]))
  })

  it('quotes a lone CR or LF, which csv-stringify left bare', () => {
    expect(csvRecords([['lf\nonly', 'cr\ronly']])).toBe('"lf\nonly","cr\ronly"\r\n')
  })

  it('writes whole records and several records as csv-stringify did', () => {
    const records = [
      SAME_AS_BEFORE,
      [...SAME_AS_BEFORE].reverse(),
      SAME_AS_BEFORE.map((field) => (field === null ? null : `${field},`)),
    ]
    expect(csvRecords(records)).toBe(reference(records))
    expect(
      csvRecords([
        ['a', 'b'],
        ['', null],
      ]),
    ).toBe('a,b\r\n,\r\n')
  })

  it('quotes what a reader would otherwise split or trim', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField(' pad')).toBe('" pad"')
    expect(csvField(null)).toBe('')
  })
})
