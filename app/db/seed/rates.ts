import type { CommissionDateType, commissionRules, mgaBilling, producerCommissions, taxRates } from '../schema'
import { taxRateSeeds } from './data/tax-rates'
import type { ContactDirectory } from './directory'
import type { ListRows } from './lists'

export interface TaxRule {
  state: string
  field: 'DOI' | 'SLA'
  rate: number
  flat: number
  taxedFees: string[]
  round: string
  start: string
  end: string | null
}

export interface CommissionRule {
  mgaSort: string
  carrier: string
  types: string[]
  renewal: boolean | null
  condition: string | null
  commission: number
  start: string
  startType: CommissionDateType
  end?: string
  endType?: CommissionDateType
}

export interface RateRows {
  taxRates: (typeof taxRates.$inferInsert)[]
  commissionRules: (typeof commissionRules.$inferInsert)[]
  mgaBilling: (typeof mgaBilling.$inferInsert)[]
  producerCommissions: (typeof producerCommissions.$inferInsert)[]
  taxRules: TaxRule[]
  commissionRuleList: readonly CommissionRule[]
}

const COMMISSION_RULES: readonly CommissionRule[] = [
  {
    mgaSort: 'SUMMIT',
    carrier: 'Lloyds',
    types: ['FPL', 'LPL'],
    renewal: null,
    condition: null,
    commission: 0.25,
    start: '2021-01-01',
    startType: 'incept',
    end: '2024-01-01',
    endType: 'incept',
  },
  {
    mgaSort: 'SUMMIT',
    carrier: 'Lloyds',
    types: ['FPL', 'LPL'],
    renewal: null,
    condition: null,
    commission: 0.275,
    start: '2024-01-01',
    startType: 'incept',
  },
  {
    mgaSort: 'SUMMIT',
    carrier: 'Lloyds',
    types: ['FPL'],
    renewal: true,
    condition: 'Premium of $25,000 or more',
    commission: 0.3,
    start: '2022-01-01',
    startType: 'incept',
  },
  {
    mgaSort: 'SUMMIT',
    carrier: 'Lloyds',
    types: ['APL'],
    renewal: null,
    condition: null,
    commission: 0.25,
    start: '2021-01-01',
    startType: 'booked',
  },
  {
    mgaSort: 'SUMMIT',
    carrier: 'Lloyds',
    types: ['IAEO'],
    renewal: false,
    condition: null,
    commission: 0.225,
    start: '2021-01-01',
    startType: 'Bound',
  },
  {
    mgaSort: 'SUMMIT',
    carrier: 'Lloyds',
    types: ['IAEO'],
    renewal: true,
    condition: null,
    commission: 0.2,
    start: '2021-01-01',
    startType: 'Bound',
  },
  {
    mgaSort: 'SUMMIT',
    carrier: 'Lexington',
    types: ['TEO', 'REPL'],
    renewal: null,
    condition: null,
    commission: 0.2,
    start: '2021-01-01',
    startType: 'booked',
  },
  {
    mgaSort: 'KEYSTONE',
    carrier: 'Lloyds',
    types: ['LPL'],
    renewal: null,
    condition: null,
    commission: 0.2,
    start: '2021-01-01',
    startType: 'incept',
    end: '2023-07-01',
    endType: 'incept',
  },
  {
    mgaSort: 'KEYSTONE',
    carrier: 'Lloyds',
    types: ['LPL'],
    renewal: null,
    condition: null,
    commission: 0.215,
    start: '2023-07-01',
    startType: 'incept',
  },
  {
    mgaSort: 'KEYSTONE',
    carrier: 'Scottsdale',
    types: ['IAEO'],
    renewal: false,
    condition: null,
    commission: 0.175,
    start: '2021-01-01',
    startType: 'quoted',
  },
  {
    mgaSort: 'KEYSTONE',
    carrier: 'Scottsdale',
    types: ['IAEO'],
    renewal: true,
    condition: null,
    commission: 0.15,
    start: '2021-01-01',
    startType: 'quoted',
  },
  {
    mgaSort: 'KEYSTONE',
    carrier: 'Markel',
    types: ['FPL'],
    renewal: null,
    condition: null,
    commission: 0.15,
    start: '2021-01-01',
    startType: 'booked',
  },
  {
    mgaSort: 'PACCREST',
    carrier: 'Markel',
    types: ['APL', 'CYB'],
    renewal: null,
    condition: null,
    commission: 0.2,
    start: '2021-01-01',
    startType: 'incept',
    end: '2023-01-01',
    endType: 'expiry',
  },
  {
    mgaSort: 'PACCREST',
    carrier: 'Markel',
    types: ['APL'],
    renewal: null,
    condition: null,
    commission: 0.1875,
    start: '2023-01-01',
    startType: 'incept',
  },
  {
    mgaSort: 'PACCREST',
    carrier: 'Markel',
    types: ['CYB'],
    renewal: null,
    condition: null,
    commission: 0.225,
    start: '2023-01-01',
    startType: 'incept',
  },
  {
    mgaSort: 'GLRM',
    carrier: 'Evanston',
    types: ['LPL'],
    renewal: null,
    condition: 'Firms with 1-5 attorneys',
    commission: 0.2,
    start: '2021-01-01',
    startType: 'incept',
  },
  {
    mgaSort: 'GLRM',
    carrier: 'Evanston',
    types: ['LPL'],
    renewal: null,
    condition: 'Firms with 6 or more attorneys',
    commission: 0.175,
    start: '2021-01-01',
    startType: 'incept',
  },
  {
    mgaSort: 'GLRM',
    carrier: 'Evanston',
    types: ['APL'],
    renewal: null,
    condition: null,
    commission: 0.18,
    start: '2021-01-01',
    startType: 'incept',
  },
]

/** Which contact is paid when an MGA is on a policy. */
const MGA_BILLING: readonly (readonly [string, string])[] = [
  ['SUMMIT', 'SUMMIT'],
  ['KEYSTONE', 'SUMMIT'],
  ['PACCREST', 'PACCREST'],
  ['GLRM', 'KEYSTONE'],
]

/** Producer rates by `name` list short; null producer is the default rate. */
const PRODUCER_RATES: readonly (readonly [string | null, number, boolean | null])[] = [
  [null, 0.1, null],
  ['underwriter', 0.125, null],
  ['mkent', 0.1, true],
  ['mkent', 0.15, false],
  ['rhollis', 0.15, null],
  ['kbanner', 0.125, false],
  ['gthorne', 0.1, null],
]

/** Fractions are written with six decimals, the column's scale. */
const fraction = (value: number) => value.toFixed(6)

export function generateRates(directory: Pick<ContactDirectory, 'contactBySort'>, lists: ListRows): RateRows {
  const seeds = taxRateSeeds()
  const taxRules: TaxRule[] = seeds.map((seed) => ({
    state: seed.state,
    field: seed.field,
    rate: seed.percent === null ? 0 : seed.percent / 100,
    flat: seed.flat ? Number(seed.flat) : 0,
    taxedFees: seed.taxedFees,
    round: seed.round ?? 'CENT',
    start: seed.start,
    end: seed.end ?? null,
  }))
  const cid = (sort: string) => directory.contactBySort(sort).cid
  return {
    taxRates: seeds.map((seed, index) => ({
      id: index + 1,
      state: seed.state,
      entity: seed.entity,
      rate: seed.percent === null ? null : fraction(seed.percent / 100),
      flat: seed.flat ?? null,
      taxed_fees: seed.taxedFees,
      round: seed.round ?? 'CENT',
      admitted: seed.admitted ?? false,
      field: seed.field,
      start_date: seed.start,
      end_date: seed.end ?? null,
    })),
    commissionRules: COMMISSION_RULES.map((rule, index) => ({
      id: index + 1,
      mga_id: cid(rule.mgaSort),
      carrier: rule.carrier,
      types: rule.types,
      renewal: rule.renewal,
      condition: rule.condition,
      commission: fraction(rule.commission),
      start_date: rule.start,
      start_date_type: rule.startType,
      end_date: rule.end ?? null,
      end_date_type: rule.endType ?? null,
    })),
    mgaBilling: MGA_BILLING.map(([mga, billing], index) => ({
      id: index + 1,
      contact_id: cid(mga),
      billing_mga: cid(billing),
    })),
    producerCommissions: PRODUCER_RATES.map(([producer, commission, renewal], index) => ({
      id: index + 1,
      list_id: producer === null ? null : lists.idOf('name', producer),
      commission: fraction(commission),
      renewal,
    })),
    taxRules,
    commissionRuleList: COMMISSION_RULES,
  }
}

/** The rate of a state and field in force on a date (start inclusive, end exclusive). */
export function taxRuleOn(
  rules: readonly TaxRule[],
  state: string,
  field: 'DOI' | 'SLA',
  date: string,
): TaxRule | undefined {
  return rules.find(
    (rule) =>
      rule.state === state && rule.field === field && rule.start <= date && (rule.end === null || date < rule.end),
  )
}

/** Rounds a tax amount the way the rule says. */
export function roundTax(amount: number, round: string): number {
  // A tiny offset keeps values like 12.345000000001 from rounding up under ceil.
  const epsilon = 1e-9
  switch (round) {
    case 'DOLLAR':
      return Math.round(amount)
    case 'UP_DOLLAR':
      return Math.ceil(amount - epsilon)
    case 'DOWN_DOLLAR':
      return Math.floor(amount + epsilon)
    case 'UP_CENT':
      return Math.ceil(amount * 100 - epsilon) / 100
    default:
      return Math.round(amount * 100) / 100
  }
}
