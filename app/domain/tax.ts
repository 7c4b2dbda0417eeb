/**
 * State taxes and stamping fees of a policy (spec 3 §2.5, §5, §9; the tax rate entity of spec 1 §3).
 *
 * For each taxing entity of the chosen state in force at the policy's inception (start date
 * inclusive, end date exclusive, so a rate that changes on the inception date gives the new rate):
 *   base   = premium + the taxed fees ('*' is all six fees, otherwise the listed ones, none if empty)
 *   amount = round(base × rate + flat), by the rate's rounding option.
 * An admitted placement pays only the rates marked admitted; a surplus-lines placement pays all.
 * The DOI entity's amount goes to the policy's doifee, the SLA entity's to slafee.
 *
 * Exact: cents are integers, a rate is a fraction with six decimals, so base × rate is an integer
 * count of micro-cents (BigInt) and each rounding option is integer division.
 */
import { namesOf } from './labels'
import { formatMoney, formatScaled, parseScaled, toCents } from './money'

/** Taxes apply only to policies incepting after this date (spec 3 §5, §9). */
export const TAX_START = '2021-01-01'
export const NO_TAXES_MESSAGE = "There are no applicable taxes for this policy's inception date."

/** The policy's fees in their order, with the labels of spec 1 §3. */
export const FEE_LABELS = {
  depfee: 'MGA 1st',
  mgafee: 'MGA 2nd',
  profee: 'Producer',
  subfee: 'Sub Producer',
  srcfee: 'Source',
  spnfee: 'Sponsor',
} as const
export const FEE_FIELDS = namesOf(FEE_LABELS)
export type FeeField = (typeof FEE_FIELDS)[number]

export const TAX_FIELDS = ['DOI', 'SLA'] as const
export type TaxField = (typeof TAX_FIELDS)[number]

/** The rounding options (the `roundings` table); CENT is the default. */
export const ROUNDINGS = {
  CENT: 'Nearest cent',
  UP_CENT: 'Up to the next cent',
  DOLLAR: 'Nearest dollar',
  UP_DOLLAR: 'Up to the next dollar',
  DOWN_DOLLAR: 'Down to the dollar',
  NONE: 'No rounding',
} as const
export type Rounding = keyof typeof ROUNDINGS

/** A tax rate row as the database gives it (numeric columns as decimal strings). */
export interface TaxRate {
  id?: number
  state: string
  entity: string
  /** A fraction of the base (0.0485 is 4.85 %), or null for a flat fee only. */
  rate: string | null
  /** Dollars added once. */
  flat: string | null
  taxed_fees: readonly string[]
  round: string
  admitted: boolean
  field: TaxField
  start_date: string
  end_date: string | null
}

/** What the calculation reads from a policy. Money as decimal strings. */
export interface TaxablePolicy {
  incept: string | null
  premium: string | null
  fees: Partial<Record<FeeField, string | null>>
}

export interface TaxEntry {
  entity: string
  field: TaxField
  /** The rate as a percent ('4.85%'), or 'Flat fee'. */
  rate: string
  /** The computed amount in dollars; exact (several decimals) only under NONE. */
  amount: string
  /** What the policy's fee column receives, in cents (a numeric(…, 2) column rounds half up). */
  cents: number
  steps: string[]
}

export type TaxOutcome =
  { ok: true; entries: TaxEntry[]; doifee: number; slafee: number } | { ok: false; message: string }

/** Micro-cents per cent: a fraction has six decimals. */
const MICRO = 1_000_000n
const CENT = MICRO
const DOLLAR = 100n * MICRO

/** True when a policy incepting on this date is taxed at all. */
export function isTaxable(incept: string | null | undefined): incept is string {
  return !!incept && incept > TAX_START
}

/** The rates of a state in force on the inception date for the placement. */
export function ratesInForce(rates: readonly TaxRate[], state: string, incept: string, admitted: boolean): TaxRate[] {
  return rates
    .filter(
      (rate) =>
        rate.state === state &&
        rate.start_date <= incept &&
        (rate.end_date === null || incept < rate.end_date) &&
        (!admitted || rate.admitted),
    )
    .sort((a, b) => TAX_FIELDS.indexOf(a.field) - TAX_FIELDS.indexOf(b.field))
}

/** The fees a rate taxes. */
export function taxedFeeFields(taxedFees: readonly string[]): FeeField[] {
  if (taxedFees.includes('*')) return [...FEE_FIELDS]
  return FEE_FIELDS.filter((fee) => taxedFees.includes(fee))
}

/** Rounds micro-cents to cents by a rounding option (amounts are never negative). */
export function roundMicroCents(micro: bigint, rounding: string): bigint {
  const floorTo = (unit: bigint) => (micro / unit) * unit
  const ceilTo = (unit: bigint) => ((micro + unit - 1n) / unit) * unit
  const halfUpTo = (unit: bigint) => ((micro + unit / 2n) / unit) * unit
  switch (rounding) {
    case 'CENT':
    case 'NONE':
      return halfUpTo(CENT) / MICRO
    case 'UP_CENT':
      return ceilTo(CENT) / MICRO
    case 'DOLLAR':
      return halfUpTo(DOLLAR) / MICRO
    case 'UP_DOLLAR':
      return ceilTo(DOLLAR) / MICRO
    case 'DOWN_DOLLAR':
      return floorTo(DOLLAR) / MICRO
    default:
      throw new Error(`Unknown tax rounding option ${rounding}`)
  }
}

/** A fraction in millionths as a percent: 48500 (0.0485) is 4.85%. */
const percentOf = (micro: bigint) => `${formatScaled(micro, 4)}%`
/** An exact amount of up to eight decimals as money: thousands separators, at least two decimals. */
const microMoney = (micro: bigint) => {
  const text = formatScaled(micro < 0n ? -micro : micro, 8, 2)
  const [whole, fraction] = text.split('.')
  return `${micro < 0n ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`
}

/** One entity's tax on a policy, with the calculation steps shown in step 2 of the calculator. */
export function computeTax(rate: TaxRate, policy: TaxablePolicy): TaxEntry {
  const premium = toCents(policy.premium) ?? 0
  const fees = taxedFeeFields(rate.taxed_fees)
  const feeCents = fees.map((fee) => toCents(policy.fees[fee]) ?? 0)
  const taxedFeeTotal = feeCents.reduce((sum, cents) => sum + cents, 0)
  const base = BigInt(premium + taxedFeeTotal)
  const rateMicro = parseScaled(rate.rate, 6)
  const flatCents = parseScaled(rate.flat, 2) ?? 0n
  const steps: string[] = []

  if (fees.length === 0) steps.push(`Taxed fees: none`)
  else
    steps.push(
      `Taxed fees: ${fees.map((fee, index) => `${FEE_LABELS[fee]} ${formatMoney(feeCents[index])}`).join(' + ')} = ${formatMoney(taxedFeeTotal)}`,
    )
  steps.push(
    `Base: premium ${formatMoney(premium)} + taxed fees ${formatMoney(taxedFeeTotal)} = ${formatMoney(Number(base))}`,
  )

  // Micro-cents: cents × (fraction × 10^6).
  let raw = 0n
  if (rateMicro !== null) {
    raw = base * rateMicro
    steps.push(`Rate: ${formatMoney(Number(base))} × ${percentOf(rateMicro)} = ${microMoney(raw)}`)
  }
  if (flatCents !== 0n || rateMicro === null) {
    raw += flatCents * MICRO
    steps.push(`Flat fee: + ${formatMoney(Number(flatCents))} = ${microMoney(raw)}`)
  }
  const rounding = rate.round
  const cents = roundMicroCents(raw, rounding)
  const amount = rounding === 'NONE' ? formatScaled(raw, 8, 2) : formatScaled(cents, 2, 2)
  steps.push(
    rounding === 'NONE'
      ? `Rounding (${ROUNDINGS.NONE}): $${amount}`
      : `Rounding (${ROUNDINGS[rounding as Rounding]}): ${formatMoney(Number(cents))}`,
  )

  return {
    entity: rate.entity,
    field: rate.field,
    rate: rateMicro === null ? 'Flat fee' : percentOf(rateMicro),
    amount,
    cents: Number(cents),
    steps,
  }
}

/**
 * The calculator's step 2: every entity's tax for the state and placement, or the spec's message
 * when the policy incepts on or before 01 Jan 2021 (or has no inception date).
 */
export function calculateTaxes(
  rates: readonly TaxRate[],
  choice: { state: string; admitted: boolean },
  policy: TaxablePolicy,
): TaxOutcome {
  if (!isTaxable(policy.incept)) return { ok: false, message: NO_TAXES_MESSAGE }
  const entries = ratesInForce(rates, choice.state, policy.incept, choice.admitted).map((rate) =>
    computeTax(rate, policy),
  )
  const sum = (field: TaxField) =>
    entries.filter((entry) => entry.field === field).reduce((total, entry) => total + entry.cents, 0)
  return { ok: true, entries, doifee: sum('DOI'), slafee: sum('SLA') }
}
