/**
 * Which MGA commission applies to a policy, and the rates the commission dialog proposes (spec 3
 * §2.6, §4, §5, §8, §9; the commission rule and producer commission entities of spec 1 §3).
 *
 * A rule applies when its MGA, carrier, one of its types and its placement (null: all) match the
 * policy, and the policy's date named by start_date_type is on or after start_date and, for an
 * ended rule, the date named by end_date_type is before end_date. Missing booked and bound dates
 * count as today. Exactly one applicable rule is taken as is; several are settled by choosing among
 * the conditional ones (or 'None of the above', which leaves the unconditional ones); several
 * unconditional rules cannot be settled here.
 *
 * Rates are fractions with six decimals (a percent with four), kept as integers of millionths.
 */
import { formatScaled, parseScaled } from './money'
import { fractionToPercent } from './percent'

export const COMMISSION_DATE_TYPES = ['incept', 'expiry', 'quoted', 'booked', 'Bound'] as const
export type CommissionDateType = (typeof COMMISSION_DATE_TYPES)[number]

export const COMMISSION_MESSAGES = {
  multiple: 'Multiple applicable commissions. Please contact accounting for correct commissions.',
  retrieval:
    'An error occurred while trying to retrieve commissions. Please contact accounting for correct commissions.',
  none: 'No matching commissions were found. Please contact accounting or provide commissions by hand.',
  failure: 'An error occurred. Please try again, or contact development if the error persists.',
} as const

/** 'None of the above' in step 2. */
export const NONE_OF_THE_ABOVE = 'none'

export interface CommissionRule {
  id: number
  mga_id: number
  carrier: string
  types: readonly string[]
  /** true renewal, false new business, null all placements. */
  renewal: boolean | null
  condition: string | null
  /** A fraction as a decimal string ('0.275000'). */
  commission: string
  start_date: string
  start_date_type: CommissionDateType
  end_date: string | null
  end_date_type: CommissionDateType | null
}

export interface CommissionPolicy {
  mgaid: number | null
  carrier: string | null
  type: string | null
  /** Placement: the is_new list's short (New, Renewal, Rewrite). */
  is_new: string | null
  incept: string | null
  expiry: string | null
  quoted: string | null
  booked: string | null
  bound: string | null
}

/**
 * A renewal or a rewrite continues a prior policy of the insured (decision 0030: a rewrite replaces a
 * policy the agency already wrote, so it is paid as retained business); anything else is new business.
 */
export function isRenewal(placement: string | null | undefined): boolean {
  return placement === 'Renewal' || placement === 'Rewrite'
}

/** A policy without a placement: only the rules (and producer rates) for all placements apply to it (decision 0030). */
export function hasPlacement(placement: string | null | undefined): boolean {
  return typeof placement === 'string' && placement.trim() !== ''
}

/** The policy date a rule's date type names; missing booked and bound dates are today. */
export function policyDate(policy: CommissionPolicy, type: CommissionDateType, today: string): string | null {
  switch (type) {
    case 'incept':
      return policy.incept
    case 'expiry':
      return policy.expiry
    case 'quoted':
      return policy.quoted
    case 'booked':
      return policy.booked || today
    case 'Bound':
      return policy.bound || today
  }
}

export function ruleApplies(rule: CommissionRule, policy: CommissionPolicy, today: string): boolean {
  if (policy.mgaid === null || rule.mga_id !== policy.mgaid) return false
  if (rule.carrier !== policy.carrier) return false
  if (!policy.type || !rule.types.includes(policy.type)) return false
  if (rule.renewal !== null && (!hasPlacement(policy.is_new) || rule.renewal !== isRenewal(policy.is_new))) return false
  const start = policyDate(policy, rule.start_date_type, today)
  if (!start || start < rule.start_date) return false
  if (rule.end_date !== null) {
    const end = policyDate(policy, rule.end_date_type ?? rule.start_date_type, today)
    if (!end || end >= rule.end_date) return false
  }
  return true
}

export type CommissionMatch =
  /** Nothing applies: the 'none' message; rates are given by hand. */
  | { kind: 'none'; message: string }
  /** Exactly one rule: step 2 is skipped. */
  | { kind: 'one'; rule: CommissionRule }
  /** Several rules, some conditional: step 2 chooses. */
  | { kind: 'choose'; options: CommissionRule[]; fallback: CommissionMatch }
  /** Several unconditional rules: the 'multiple' message. */
  | { kind: 'multiple'; message: string }

function settle(rules: CommissionRule[]): CommissionMatch {
  if (rules.length === 0) return { kind: 'none', message: COMMISSION_MESSAGES.none }
  if (rules.length === 1) return { kind: 'one', rule: rules[0] }
  return { kind: 'multiple', message: COMMISSION_MESSAGES.multiple }
}

/** Step 1 → 2: the applicable rules and what the dialog does with them. */
export function matchCommissions(
  rules: readonly CommissionRule[],
  policy: CommissionPolicy,
  today: string,
): CommissionMatch {
  const applicable = rules.filter((rule) => ruleApplies(rule, policy, today)).sort((a, b) => a.id - b.id)
  if (applicable.length <= 1) return settle(applicable)
  const conditional = applicable.filter((rule) => rule.condition)
  const unconditional = applicable.filter((rule) => !rule.condition)
  if (conditional.length === 0) return settle(unconditional)
  return { kind: 'choose', options: conditional, fallback: settle(unconditional) }
}

/**
 * Step 2's answer: the chosen conditional rule, or for 'None of the above' what the unconditional
 * rules give. A choice that is not among the options is refused (null).
 */
export function resolveChoice(match: CommissionMatch, choice: string): CommissionMatch | null {
  if (match.kind !== 'choose') return match
  if (choice === NONE_OF_THE_ABOVE) return match.fallback
  const rule = match.options.find((option) => String(option.id) === choice)
  return rule ? { kind: 'one', rule } : null
}

export interface ProducerCommission {
  /** The producer's `name` list short; null for the default rate. */
  short: string | null
  commission: string
  renewal: boolean | null
}

/**
 * The producer's rate for the placement: the producer's own rate for exactly this placement, else
 * the producer's rate for all placements, else the default rate.
 */
export function producerRate(
  rates: readonly ProducerCommission[],
  producer: string | null,
  placement: string | null,
): ProducerCommission | null {
  const renewal = hasPlacement(placement) ? isRenewal(placement) : null
  const own = producer ? rates.filter((rate) => rate.short === producer) : []
  return (
    (renewal === null ? undefined : own.find((rate) => rate.renewal === renewal)) ??
    own.find((rate) => rate.renewal === null) ??
    rates.find((rate) => rate.short === null) ??
    null
  )
}

/**
 * A policy's commissions (and Producer Rates, which it proposes) keep two decimals of a percent: the
 * fraction rounded to four (spec 3 §5: "rates are stored as fractions (percent divided by 100) rounded to 4 decimals").
 */
export const COMMISSION_PERCENT_DECIMALS = 2

/**
 * A fraction as the dialog will save it: rounded to four decimals (spec 3 §5), so a rule's 3-decimal
 * percent from MGA Rates (0.27125) is proposed as the 27.13 % that Save stores, not as 27.125.
 */
export function asSaved(fraction: string | null | undefined): string | null {
  const tenThousandths = parseScaled(fraction ?? null, 4)
  return tenThousandths === null ? null : formatScaled(tenThousandths * 100n, 6, 6)
}

/** Where a proposed rate comes from: a rule found, the producer's rate, or what the policy holds already. */
export type RateSource = 'rule' | 'producer' | 'policy'

export function proposalSources(
  rule: CommissionRule | null,
  producer: ProducerCommission | null,
): Record<keyof ProposedRates, RateSource> {
  return {
    mgacom: rule ? 'rule' : 'policy',
    procom: producer ? 'producer' : 'policy',
    subcom: 'policy',
    spncom: 'policy',
  }
}

export interface ProposedRates {
  mgacom: string
  procom: string
  subcom: string
  spncom: string
}

/**
 * Step 3's starting values, as percents: the chosen rule's MGA rate and the producer's rate as Save
 * will store them, and otherwise what the policy holds (sub-producer and sponsor rates are set by hand;
 * an MGA rate with no rule found is the policy's own, marked so by proposalSources, never a rule's).
 */
export function proposeRates(
  rule: CommissionRule | null,
  producer: ProducerCommission | null,
  current: { mgacom: string | null; procom: string | null; subcom: string | null; spncom: string | null },
): ProposedRates {
  return {
    mgacom: fractionToPercent(rule ? asSaved(rule.commission) : current.mgacom),
    procom: fractionToPercent(producer ? asSaved(producer.commission) : current.procom),
    subcom: fractionToPercent(current.subcom),
    spncom: fractionToPercent(current.spncom),
  }
}
