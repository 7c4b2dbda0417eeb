import { describe, expect, it } from 'vitest'
import {
  asSaved,
  COMMISSION_PERCENT_DECIMALS,
  COMMISSION_MESSAGES,
  hasPlacement,
  proposalSources,
  isRenewal,
  matchCommissions,
  NONE_OF_THE_ABOVE,
  policyDate,
  producerRate,
  proposeRates,
  resolveChoice,
  ruleApplies,
  type CommissionPolicy,
  type ProducerCommission,
} from './commission'
import { commissionRule } from './commission-rule.fixture'
import { percentToFraction } from './percent'

const TODAY = '2025-06-15'

const rule = commissionRule

const policy = (overrides: Partial<CommissionPolicy> = {}): CommissionPolicy => ({
  mgaid: 10,
  carrier: 'Lloyds',
  type: 'FPL',
  is_new: 'New',
  incept: '2024-03-01',
  expiry: '2025-03-01',
  quoted: '2024-02-01',
  booked: '2024-02-20',
  bound: '2024-02-18',
  ...overrides,
})

describe('ruleApplies', () => {
  it('matches MGA, carrier and one of the types', () => {
    expect(ruleApplies(rule(), policy(), TODAY)).toBe(true)
    expect(ruleApplies(rule({ mga_id: 11 }), policy(), TODAY)).toBe(false)
    expect(ruleApplies(rule(), policy({ mgaid: null }), TODAY)).toBe(false)
    expect(ruleApplies(rule({ carrier: 'Markel' }), policy(), TODAY)).toBe(false)
    expect(ruleApplies(rule({ types: ['APL'] }), policy(), TODAY)).toBe(false)
    expect(ruleApplies(rule(), policy({ type: null }), TODAY)).toBe(false)
  })

  it('matches the placement: null all, true renewal (and rewrite), false new business', () => {
    expect(isRenewal('Renewal')).toBe(true)
    expect(isRenewal('Rewrite')).toBe(true)
    expect(isRenewal('New')).toBe(false)
    expect(isRenewal(null)).toBe(false)
    expect(ruleApplies(rule({ renewal: true }), policy({ is_new: 'Renewal' }), TODAY)).toBe(true)
    expect(ruleApplies(rule({ renewal: true }), policy({ is_new: 'New' }), TODAY)).toBe(false)
    expect(ruleApplies(rule({ renewal: false }), policy({ is_new: 'New' }), TODAY)).toBe(true)
    expect(ruleApplies(rule({ renewal: false }), policy({ is_new: 'Rewrite' }), TODAY)).toBe(false)
    expect(ruleApplies(rule({ renewal: null }), policy({ is_new: 'Renewal' }), TODAY)).toBe(true)
  })

  it('a policy with no placement matches only the all-placement rules (decision 0030)', () => {
    for (const is_new of [null, '', '  ']) {
      expect(hasPlacement(is_new)).toBe(false)
      expect(ruleApplies(rule({ renewal: null }), policy({ is_new }), TODAY)).toBe(true)
      expect(ruleApplies(rule({ renewal: false }), policy({ is_new }), TODAY)).toBe(false)
      expect(ruleApplies(rule({ renewal: true }), policy({ is_new }), TODAY)).toBe(false)
    }
    // A rewrite is paid as a renewal (decision 0030).
    expect(ruleApplies(rule({ renewal: true }), policy({ is_new: 'Rewrite' }), TODAY)).toBe(true)
  })

  it('compares the start date with the policy date its type names (start inclusive)', () => {
    for (const [type, field] of [
      ['incept', 'incept'],
      ['expiry', 'expiry'],
      ['quoted', 'quoted'],
      ['booked', 'booked'],
      ['Bound', 'bound'],
    ] as const) {
      const on = policy()[field]!
      expect(ruleApplies(rule({ start_date: on, start_date_type: type }), policy(), TODAY)).toBe(true)
      const dayAfter = `${on.slice(0, 8)}${String(Number(on.slice(8)) + 1).padStart(2, '0')}`
      expect(ruleApplies(rule({ start_date: dayAfter, start_date_type: type }), policy(), TODAY)).toBe(false)
    }
  })

  it('compares the end date with the date its own type names (end exclusive)', () => {
    // Ends on expiry 2025-03-01: the policy's expiry is that day, so the rule no longer applies.
    expect(ruleApplies(rule({ end_date: '2025-03-01', end_date_type: 'expiry' }), policy(), TODAY)).toBe(false)
    expect(ruleApplies(rule({ end_date: '2025-03-02', end_date_type: 'expiry' }), policy(), TODAY)).toBe(true)
    // Start by incept, end by quoted.
    expect(ruleApplies(rule({ end_date: '2024-02-01', end_date_type: 'quoted' }), policy(), TODAY)).toBe(false)
    expect(ruleApplies(rule({ end_date: '2024-02-02', end_date_type: 'quoted' }), policy(), TODAY)).toBe(true)
  })

  it('uses today for missing booked and bound dates', () => {
    expect(policyDate(policy({ booked: null }), 'booked', TODAY)).toBe(TODAY)
    expect(policyDate(policy({ bound: null }), 'Bound', TODAY)).toBe(TODAY)
    expect(
      ruleApplies(rule({ start_date: '2025-01-01', start_date_type: 'booked' }), policy({ booked: null }), TODAY),
    ).toBe(true)
    expect(
      ruleApplies(rule({ start_date: '2025-07-01', start_date_type: 'Bound' }), policy({ bound: null }), TODAY),
    ).toBe(false)
    expect(
      ruleApplies(rule({ end_date: '2025-06-15', end_date_type: 'booked' }), policy({ booked: null }), TODAY),
    ).toBe(false)
  })

  it('does not apply when the named date is missing and has no fallback', () => {
    expect(ruleApplies(rule({ start_date_type: 'quoted' }), policy({ quoted: null }), TODAY)).toBe(false)
    expect(ruleApplies(rule(), policy({ incept: null }), TODAY)).toBe(false)
  })
})

describe('matchCommissions', () => {
  it("no rule: the 'none' message", () => {
    expect(matchCommissions([rule({ carrier: 'Markel' })], policy(), TODAY)).toEqual({
      kind: 'none',
      message: COMMISSION_MESSAGES.none,
    })
    expect(COMMISSION_MESSAGES.none).toBe(
      'No matching commissions were found. Please contact accounting or provide commissions by hand.',
    )
  })

  it('one rule: taken as is (step 2 skipped), conditional or not', () => {
    const only = rule()
    expect(matchCommissions([only, rule({ types: ['APL'] })], policy(), TODAY)).toEqual({ kind: 'one', rule: only })
    const conditional = rule({ condition: 'Premium of $25,000 or more' })
    expect(matchCommissions([conditional], policy(), TODAY)).toEqual({ kind: 'one', rule: conditional })
  })

  it("several unconditional rules: the 'multiple' message", () => {
    expect(matchCommissions([rule(), rule({ commission: '0.200000' })], policy(), TODAY)).toEqual({
      kind: 'multiple',
      message: 'Multiple applicable commissions. Please contact accounting for correct commissions.',
    })
  })

  it('several conditional rules: choose among them; None of the above falls back to the unconditional rule', () => {
    const general = rule()
    const big = rule({ condition: 'Premium of $25,000 or more', commission: '0.300000' })
    const small = rule({ condition: 'Firms with 1-5 attorneys', commission: '0.200000' })
    const match = matchCommissions([big, general, small], policy(), TODAY)
    expect(match.kind).toBe('choose')
    if (match.kind !== 'choose') return
    expect(match.options).toEqual([big, small])
    expect(resolveChoice(match, String(big.id))).toEqual({ kind: 'one', rule: big })
    expect(resolveChoice(match, NONE_OF_THE_ABOVE)).toEqual({ kind: 'one', rule: general })
    expect(resolveChoice(match, '999999')).toBeNull()
  })

  it('None of the above with no unconditional rule is no match, with several is the multiple message', () => {
    const a = rule({ condition: 'A' })
    const b = rule({ condition: 'B' })
    const noFallback = matchCommissions([a, b], policy(), TODAY)
    expect(resolveChoice(noFallback, NONE_OF_THE_ABOVE)).toEqual({ kind: 'none', message: COMMISSION_MESSAGES.none })
    const twoFallbacks = matchCommissions([a, rule(), rule()], policy(), TODAY)
    expect(resolveChoice(twoFallbacks, NONE_OF_THE_ABOVE)).toEqual({
      kind: 'multiple',
      message: COMMISSION_MESSAGES.multiple,
    })
  })

  it('a rate change on the inception date gives the new rule only', () => {
    const old = rule({ commission: '0.250000', end_date: '2024-01-01', end_date_type: 'incept' })
    const current = rule({ commission: '0.275000', start_date: '2024-01-01' })
    expect(matchCommissions([old, current], policy({ incept: '2024-01-01' }), TODAY)).toEqual({
      kind: 'one',
      rule: current,
    })
    expect(matchCommissions([old, current], policy({ incept: '2023-12-31' }), TODAY)).toEqual({
      kind: 'one',
      rule: old,
    })
  })

  it('resolveChoice passes a settled match through', () => {
    const only = rule()
    expect(resolveChoice({ kind: 'one', rule: only }, NONE_OF_THE_ABOVE)).toEqual({ kind: 'one', rule: only })
  })
})

describe('producer rates', () => {
  const rates: ProducerCommission[] = [
    { short: null, commission: '0.100000', renewal: null },
    { short: 'mkent', commission: '0.100000', renewal: true },
    { short: 'mkent', commission: '0.150000', renewal: false },
    { short: 'rhollis', commission: '0.150000', renewal: null },
  ]

  it("takes the producer's rate for the placement, else for all placements, else the default", () => {
    expect(producerRate(rates, 'mkent', 'Renewal')?.commission).toBe('0.100000')
    expect(producerRate(rates, 'mkent', 'New')?.commission).toBe('0.150000')
    expect(producerRate(rates, 'rhollis', 'New')?.commission).toBe('0.150000')
    expect(producerRate(rates, 'nobody', 'New')?.commission).toBe('0.100000')
    expect(producerRate(rates, null, 'New')?.short).toBeNull()
    expect(producerRate([], 'mkent', 'New')).toBeNull()
  })

  it("no placement: the producer's rate for all placements, else the default (never a placement's own)", () => {
    expect(producerRate(rates, 'mkent', null)?.short).toBeNull()
    expect(producerRate(rates, 'mkent', '')?.commission).toBe('0.100000')
    expect(producerRate(rates, 'rhollis', null)?.commission).toBe('0.150000')
  })
})

describe('rates as the dialog saves them', () => {
  it("proposes a rule's rate as Save will store it: a fraction to four decimals", () => {
    expect(asSaved('0.271250')).toBe('0.271300')
    expect(asSaved('0.271240')).toBe('0.271200')
    expect(asSaved('0.275000')).toBe('0.275000')
    expect(asSaved(null)).toBeNull()
    const proposed = proposeRates(rule({ commission: '0.271250' }), null, {
      mgacom: null,
      procom: null,
      subcom: null,
      spncom: null,
    })
    // 27.125 % from MGA Rates is proposed as the 27.13 % that Save stores (percentToFraction agrees).
    expect(proposed.mgacom).toBe('27.13')
    expect(percentToFraction(proposed.mgacom, COMMISSION_PERCENT_DECIMALS)).toBe(asSaved('0.271250'))
  })

  it("marks where each rate comes from: with no rule found the MGA rate is the policy's own", () => {
    expect(proposalSources(rule(), null)).toEqual({
      mgacom: 'rule',
      procom: 'policy',
      subcom: 'policy',
      spncom: 'policy',
    })
    expect(proposalSources(null, { short: 'x', commission: '0.1', renewal: null }).mgacom).toBe('policy')
    expect(proposalSources(null, { short: 'x', commission: '0.1', renewal: null }).procom).toBe('producer')
  })

  it("proposes the rule's MGA rate, the producer's rate and the policy's sub-producer and sponsor rates", () => {
    expect(
      proposeRates(
        rule({ commission: '0.275000' }),
        { short: 'x', commission: '0.125000', renewal: null },
        { mgacom: null, procom: null, subcom: '0.025000', spncom: null },
      ),
    ).toEqual({ mgacom: '27.5', procom: '12.5', subcom: '2.5', spncom: '' })
    expect(
      proposeRates(null, null, { mgacom: '0.200000', procom: '0.100000', subcom: null, spncom: '0.010000' }),
    ).toEqual({
      mgacom: '20',
      procom: '10',
      subcom: '',
      spncom: '1',
    })
  })
})
