/**
 * The effective dating of MGA commission rules (spec 1 §2.9, §4 "MGA commission rule"): which rules
 * are in force on a date or in a year, what a change ends, what a delete restores, which end date may
 * be removed, and what Edit All ends, changes and creates. Pure functions; the model applies them in
 * one transaction (app/models/commission-rule.server.ts).
 *
 * A rule set is (MGA, carrier, types, placement, condition): a series of effective dating
 * (app/domain/effective-dating.ts, whose in-force and ordering rules these use): its rules follow one
 * another, the next one's start date the previous one's end date. A rule without an end date is current. Dates are
 * YYYY-MM-DD strings (compared as text); start inclusive, end exclusive.
 */

import type { CommissionRule } from './commission'
import { byStart, inForceDuring, inForceOn, mostRecent } from './effective-dating'

export const COMMISSION_RULE_MESSAGES = {
  /** Spec 1 §8: remove end date on a rule that is not the latest (INVALID_PARAMS). */
  notMostRecent:
    'This is not the most recent commission rate for this rule. Please try again with the most recent commission rate.',
  /** Spec 1 §8: any other failure of a commission dialog (a lost race among them). */
  failure: 'An error occurred. Please try again, or contact development if the error persists.',
  loadFailed: 'Failed to retrieve commissions.',
  empty: 'There are no commission rates for the selected date.',
  percent: 'Must be a valid percentage.',
  required: 'This field is required.',
  date: 'Must be a valid date.',
} as const

/** Spec 1 §2.9: 'Commission successfully {action}.' */
export const commissionSuccess = (action: string) => `Commission successfully ${action}.`

/** What dating reads of a rule: its set (MGA, carrier, types, placement, condition) and its dates. */
export type DatedRule = Pick<
  CommissionRule,
  'id' | 'mga_id' | 'carrier' | 'types' | 'renewal' | 'condition' | 'start_date' | 'end_date'
>

/** The rule set a rule belongs to: the same MGA, carrier, types (in any order), placement and condition. */
export function ruleSetKey(rule: Omit<DatedRule, 'id' | 'start_date' | 'end_date'>): string {
  return JSON.stringify([
    rule.mga_id,
    rule.carrier,
    [...rule.types].sort(),
    rule.renewal,
    (rule.condition ?? '').trim() || null,
  ])
}

/** In force on a date, or on some day of a period: the one rule of effective dating (app/domain/effective-dating.ts). */
export { inForceDuring, inForceOn }

/** A rule set's rules, oldest first (by start date, then id). */
function ruleSetOf<Rule extends DatedRule>(rule: DatedRule, rules: readonly Rule[]): Rule[] {
  const key = ruleSetKey(rule)
  return rules.filter((other) => ruleSetKey(other) === key).sort(byStart)
}

/** The last rule of its set (no rule of the set starts after it). */
export function isMostRecent(rule: DatedRule, rules: readonly DatedRule[]): boolean {
  return mostRecent(ruleSetOf(rule, rules))?.id === rule.id
}

/** The rule of the same set just before this one (the one a delete makes current again), or null. */
export function previousRule<Rule extends DatedRule>(rule: DatedRule, rules: readonly Rule[]): Rule | null {
  return mostRecent(ruleSetOf(rule, rules).filter((other) => byStart(other, rule) < 0))
}

/** What an action may be done on a rule (spec 1 §4): null when it may, else why not. */
export type RuleAction = 'change' | 'end' | 'unend' | 'delete'

export function refusalOf(action: RuleAction, rule: DatedRule, rules: readonly DatedRule[]): string | null {
  const open = rule.end_date === null
  switch (action) {
    // A rule without an end date can be changed, given an end date, or deleted.
    case 'change':
    case 'end':
    case 'delete':
      return open ? null : COMMISSION_RULE_MESSAGES.failure
    // A rule with an end date can only have it removed, and only on the most recent rule of its set.
    case 'unend':
      if (open) return COMMISSION_RULE_MESSAGES.failure
      return isMostRecent(rule, rules) ? null : COMMISSION_RULE_MESSAGES.notMostRecent
  }
}

/** An end date for a rule: on or after its start (a rule that ends the day it starts never applies, but is allowed). */
export function validEnd(rule: Pick<DatedRule, 'start_date'>, end: string): boolean {
  return end >= rule.start_date
}

/**
 * Change: the new rule starts on `start`; the current rule ends on that date. The new start must be
 * after the current rule's start (else the two would overlap or the ended one would end before it starts).
 */
export function changeEnds(current: DatedRule, start: string): { end_date: string } | null {
  if (current.end_date !== null || start <= current.start_date) return null
  return { end_date: start }
}

/**
 * Delete (a current rule only): the rule goes, and the previous rule of its set becomes current
 * again (its end date removed). Returns the rule whose end date is removed, or null when none.
 */
export function deleteRestores<Rule extends DatedRule>(rule: DatedRule, rules: readonly Rule[]): Rule | null {
  const previous = previousRule(rule, rules)
  return previous && previous.end_date !== null ? previous : null
}

export interface EditAllKept {
  id: number
  /** The fraction the kept rule has from the effective date on. */
  commission: string
}

export interface EditAllPlan {
  /** Open rules not kept: they end on the effective date. */
  end: number[]
  /** Kept rules whose rate differs: each ends on the date and a new rule with the new rate starts. */
  change: EditAllKept[]
  /** Kept rules with the same rate: left as they are. */
  unchanged: number[]
}

/**
 * Edit All (spec 1 §4): step 1 the effective date, step 2 the rules kept (the others end on the
 * date), step 3 the kept rules' rates. `open` are the MGA's rules without an end date; null when the
 * date is not after every open rule's start (the ended rules would end before they start) or a kept
 * id is not one of them.
 */
export function editAllPlan(
  open: readonly (DatedRule & { commission: string })[],
  date: string,
  kept: readonly EditAllKept[],
): EditAllPlan | null {
  const byId = new Map(open.map((rule) => [rule.id, rule]))
  if (kept.some((rule) => !byId.has(rule.id))) return null
  if (open.some((rule) => rule.end_date !== null)) return null
  const keptIds = new Set(kept.map((rule) => rule.id))
  const end = open.filter((rule) => !keptIds.has(rule.id)).map((rule) => rule.id)
  const change = kept.filter((rule) => Number(rule.commission) !== Number(byId.get(rule.id)!.commission))
  const unchanged = kept.filter((rule) => !change.includes(rule)).map((rule) => rule.id)
  const touched = [...end, ...change.map((rule) => rule.id)]
  if (touched.some((id) => date <= byId.get(id)!.start_date)) return null
  return { end, change, unchanged }
}

/** The earliest effective date Edit All accepts for these open rules: the day after the latest start. */
export function earliestEffectiveDate(open: readonly DatedRule[]): string | null {
  const latest = open.reduce<string | null>(
    (max, rule) => (max === null || rule.start_date > max ? rule.start_date : max),
    null,
  )
  if (latest === null) return null
  const next = new Date(`${latest}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString().slice(0, 10)
}

/** MGA Rates keep three decimals of a percent (the fraction's five). */
export const RULE_PERCENT_DECIMALS = 3
