import { describe, expect, it } from 'vitest'
import {
  changeEnds,
  COMMISSION_RULE_MESSAGES as M,
  deleteRestores,
  earliestEffectiveDate,
  editAllPlan,
  inForceDuring,
  inForceOn,
  isMostRecent,
  previousRule,
  refusalOf,
  ruleSetKey,
} from './commission-dating'
import { commissionRule } from './commission-rule.fixture'

const rule = commissionRule

describe('rule sets', () => {
  it('are the same MGA, carrier, types in any order, placement and condition', () => {
    expect(ruleSetKey(rule())).toBe(ruleSetKey(rule({ types: ['LPL', 'FPL'] })))
    expect(ruleSetKey(rule())).not.toBe(ruleSetKey(rule({ renewal: true })))
    expect(ruleSetKey(rule())).not.toBe(ruleSetKey(rule({ condition: 'Big' })))
    expect(ruleSetKey(rule({ condition: ' ' }))).toBe(ruleSetKey(rule()))
    expect(ruleSetKey(rule())).not.toBe(ruleSetKey(rule({ carrier: 'Markel' })))
  })
})

describe('in force', () => {
  const ended = rule({ start_date: '2021-01-01', end_date: '2024-01-01' })
  it('on a date: start inclusive, end exclusive', () => {
    expect(inForceOn(ended, '2021-01-01')).toBe(true)
    expect(inForceOn(ended, '2023-12-31')).toBe(true)
    expect(inForceOn(ended, '2024-01-01')).toBe(false)
    expect(inForceOn(ended, '2020-12-31')).toBe(false)
    expect(inForceOn(rule({ start_date: '2024-01-01' }), '2099-01-01')).toBe(true)
  })
  it('during a year: any day of it', () => {
    expect(inForceDuring(ended, '2023-01-01', '2023-12-31')).toBe(true)
    expect(inForceDuring(ended, '2024-01-01', '2024-12-31')).toBe(false)
    expect(inForceDuring(rule({ start_date: '2024-12-31' }), '2024-01-01', '2024-12-31')).toBe(true)
    expect(inForceDuring(rule({ start_date: '2025-01-01' }), '2024-01-01', '2024-12-31')).toBe(false)
  })
})

describe('what may be done (spec 1 §4)', () => {
  const old = rule({ start_date: '2021-01-01', end_date: '2024-01-01' })
  const current = rule({ start_date: '2024-01-01' })
  const other = rule({ carrier: 'Markel', start_date: '2025-01-01' })
  const all = [current, old, other]
  it('an open rule can be changed, ended or deleted, not have an end removed', () => {
    for (const action of ['change', 'end', 'delete'] as const) expect(refusalOf(action, current, all)).toBeNull()
    expect(refusalOf('unend', current, all)).toBe(M.failure)
  })
  it('an ended rule can only have its end removed, and only when it is the most recent of its set', () => {
    expect(isMostRecent(old, all)).toBe(false)
    expect(refusalOf('unend', old, all)).toBe(M.notMostRecent)
    expect(M.notMostRecent).toBe(
      'This is not the most recent commission rate for this rule. Please try again with the most recent commission rate.',
    )
    const lastEnded = rule({ start_date: '2021-01-01', end_date: '2022-01-01', carrier: 'Evanston' })
    expect(refusalOf('unend', lastEnded, [...all, lastEnded])).toBeNull()
    for (const action of ['change', 'end', 'delete'] as const) expect(refusalOf(action, old, all)).toBe(M.failure)
  })
  it('a rule of another set does not count as a later one', () => {
    expect(isMostRecent(current, all)).toBe(true)
    expect(isMostRecent(other, all)).toBe(true)
  })
})

describe('change and delete', () => {
  it('a change ends the current rule on the new start date, which must be after its start', () => {
    const current = rule({ start_date: '2024-01-01' })
    expect(changeEnds(current, '2025-01-01')).toEqual({ end_date: '2025-01-01' })
    expect(changeEnds(current, '2024-01-01')).toBeNull()
    expect(changeEnds(current, '2023-06-01')).toBeNull()
    expect(changeEnds({ ...current, end_date: '2026-01-01' }, '2025-01-01')).toBeNull()
  })
  it('a delete makes the previous rule of the set current again', () => {
    const first = rule({ start_date: '2021-01-01', end_date: '2022-01-01' })
    const second = rule({ start_date: '2022-01-01', end_date: '2024-01-01' })
    const current = rule({ start_date: '2024-01-01' })
    const elsewhere = rule({ renewal: true, start_date: '2023-01-01', end_date: '2024-01-01' })
    const all = [current, elsewhere, first, second]
    expect(previousRule(current, all)).toBe(second)
    expect(deleteRestores(current, all)).toBe(second)
    expect(deleteRestores(first, all)).toBeNull()
    const alone = rule({ carrier: 'Markel' })
    expect(deleteRestores(alone, [...all, alone])).toBeNull()
  })
})

describe('Edit All', () => {
  const a = rule({ start_date: '2021-01-01', commission: '0.250000' })
  const b = rule({ carrier: 'Markel', start_date: '2023-01-01', commission: '0.200000' })
  const c = rule({ carrier: 'Evanston', start_date: '2022-01-01', commission: '0.150000' })
  const open = [a, b, c]
  it('ends the rules not kept, changes the kept ones with a new rate, leaves the others', () => {
    expect(
      editAllPlan(open, '2025-01-01', [
        { id: a.id, commission: '0.275000' },
        { id: c.id, commission: '0.15' },
      ]),
    ).toEqual({ end: [b.id], change: [{ id: a.id, commission: '0.275000' }], unchanged: [c.id] })
  })
  it('refuses a date not after a touched rule start, or a kept rule that is not open', () => {
    expect(editAllPlan(open, '2023-01-01', [{ id: a.id, commission: '0.3' }])).toBeNull()
    expect(
      editAllPlan(open, '2023-01-01', [
        { id: b.id, commission: '0.2' },
        { id: a.id, commission: '0.25' },
        { id: c.id, commission: '0.15' },
      ]),
    ).toEqual({
      end: [],
      change: [],
      unchanged: [b.id, a.id, c.id],
    })
    expect(editAllPlan(open, '2025-01-01', [{ id: 9999, commission: '0.1' }])).toBeNull()
  })
  it('the earliest effective date is the day after the latest start', () => {
    expect(earliestEffectiveDate(open)).toBe('2023-01-02')
    expect(earliestEffectiveDate([rule({ start_date: '2024-02-28' })])).toBe('2024-02-29')
    expect(earliestEffectiveDate([])).toBeNull()
  })
})
