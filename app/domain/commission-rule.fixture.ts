import type { CommissionRule } from './commission'

let nextId = 1

/** A commission rule for the domain's tests: a new id each, the MGA 10 Lloyds FPL/LPL rule at 25 % by default. */
export const commissionRule = (overrides: Partial<CommissionRule> = {}): CommissionRule => ({
  id: nextId++,
  mga_id: 10,
  carrier: 'Lloyds',
  types: ['FPL', 'LPL'],
  renewal: null,
  condition: null,
  commission: '0.250000',
  start_date: '2021-01-01',
  start_date_type: 'incept',
  end_date: null,
  end_date_type: null,
  ...overrides,
})
