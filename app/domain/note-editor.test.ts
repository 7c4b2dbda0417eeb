import { describe, expect, it } from 'vitest'
import {
  addRecipient,
  expectedFilesPollDelays,
  idOfIntent,
  joinToLine,
  parseAddressList,
  parseDateTimeLocal,
  recipientAddresses,
  recipientToAdd,
  toggleRole,
  typedPartOfToLine,
  type EditorRecipient,
} from './note-editor'

const person = (
  plid: number,
  email: string | null,
  roles: Partial<Record<'to' | 'cc' | 'bcc', boolean>> = {},
): EditorRecipient => ({
  plid,
  name: `Person ${plid}`,
  email,
  to: false,
  cc: false,
  bcc: false,
  ...roles,
})

describe('addresses', () => {
  it('splits a To line on commas, semicolons and blanks, drops repeats, and names what is not an address', () => {
    expect(parseAddressList('ann@a.example, bob@b.example;ANN@a.example  cy@c.example')).toEqual({
      addresses: ['ann@a.example', 'bob@b.example', 'cy@c.example'],
      invalid: [],
    })
    expect(parseAddressList('ann@a.example, nobody, x@y')).toEqual({
      addresses: ['ann@a.example'],
      invalid: ['nobody', 'x@y'],
    })
    expect(parseAddressList('ann@a.example\r\nBcc: evil@x.example').invalid).toEqual(['Bcc:'])
    expect(parseAddressList('Ann <ann@a.example>, "x"@y.example, a@b').invalid).toEqual([
      'Ann',
      '<ann@a.example>',
      '"x"@y.example',
      'a@b',
    ])
    expect(parseAddressList(null)).toEqual({ addresses: [], invalid: [] })
  })
})

describe('recipients and the To line', () => {
  const rows = [
    person(1, 'ann@a.example', { to: true }),
    person(2, 'bob@b.example', { cc: true }),
    person(3, 'ANN@a.example', { to: true, bcc: true }),
    person(4, null, { to: true }),
  ]

  it('lists each role once, case-insensitively, skipping people without an email', () => {
    expect(recipientAddresses(rows, 'to')).toEqual(['ann@a.example'])
    expect(recipientAddresses(rows, 'cc')).toEqual(['bob@b.example'])
    expect(recipientAddresses(rows, 'bcc')).toEqual(['ANN@a.example'])
  })

  it('stores recipients then typed addresses, and reads the typed part back', () => {
    const line = joinToLine(rows, ['typed@t.example', 'Ann@A.example'])
    expect(line).toBe('ann@a.example, typed@t.example')
    expect(typedPartOfToLine(line, rows)).toBe('typed@t.example')
    expect(typedPartOfToLine(null, rows)).toBe('')
  })

  it('toggles and adds roles without duplicating people', () => {
    expect(toggleRole(rows, 2, 'to', true)[1]).toMatchObject({ plid: 2, to: true, cc: true })
    const added = addRecipient(rows, { plid: 9, name: 'Nine', email: 'nine@n.example' }, 'bcc')
    expect(added.at(-1)).toEqual({ plid: 9, name: 'Nine', email: 'nine@n.example', to: false, cc: false, bcc: true })
    expect(addRecipient(rows, { plid: 2, name: 'Person 2', email: 'bob@b.example' }, 'to')).toHaveLength(4)
  })
})

describe('expected-files poll (spec 2 §9)', () => {
  it('starts at 250 ms, grows by 150 ms to 1000 ms, and stops within 12 s', () => {
    const delays = expectedFilesPollDelays()
    expect(delays.slice(0, 7)).toEqual([250, 400, 550, 700, 850, 1000, 1000])
    expect(delays.every((delay) => delay <= 1000)).toBe(true)
    const total = delays.reduce((sum, delay) => sum + delay, 0)
    expect(total).toBeLessThanOrEqual(12_000)
    expect(total + 1000).toBeGreaterThan(12_000)
  })
})

describe('datetime-local', () => {
  it('reads real date-times and refuses others', () => {
    expect(parseDateTimeLocal('2025-03-01T09:05')).toEqual({ year: 2025, month: 3, day: 1, hour: 9, minute: 5 })
    expect(parseDateTimeLocal('2025-03-01T09:05:30')).toMatchObject({ minute: 5 })
    for (const bad of [
      '2025-02-30T10:00',
      '2025-13-01T10:00',
      '2025-03-01T24:00',
      '2025-03-01',
      'yesterday',
      '1800-01-01T00:00',
    ])
      expect(parseDateTimeLocal(bad), bad).toBeNull()
  })
})

describe('the buttons of a family', () => {
  it('reads the person and role of an add button, and the id of a remove or detach button', () => {
    expect(recipientToAdd('add:to:123')).toEqual({ role: 'to', plid: 123 })
    expect(recipientToAdd('add:bcc:9')).toEqual({ role: 'bcc', plid: 9 })
    for (const crafted of ['add:', 'add:to:', 'add:from:1', 'add:to:0', 'add:to:-1', 'add:to:1x', 'add:cc:99999999999'])
      expect(recipientToAdd(crafted), crafted).toBeNull()
    expect(idOfIntent('remove:12', 'remove:')).toBe(12)
    expect(idOfIntent('detach:45', 'detach:')).toBe(45)
    for (const crafted of ['detach:', 'detach:0', 'detach:4.5', 'detach: 4', 'remove:45'])
      expect(idOfIntent(crafted, 'detach:'), crafted).toBeNull()
  })
})
