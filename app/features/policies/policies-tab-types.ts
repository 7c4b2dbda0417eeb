import type { SubmissionResult } from '@conform-to/react'
import type { IntentReply } from '#app/http/intent.server'
import type { ProposedRates, RateSource } from '#app/domain/commission'
import type { PolicyListQuery } from '#app/domain/policies'
import type { TaxOutcome } from '#app/domain/tax'

/** What the firm Policies tab receives from its loader (plain data; shared by server and browser). */

/** URL parameters of the two calculator dialogs. */
export const CALC_PARAMS = { calc: 'pcalc', pid: 'cpid', step: 'cstep' } as const

export const POLICY_TAB_MESSAGES = {
  fix: 'Please correct the fields marked below.',
  created: 'Policy was created.',
  taxesApplied: 'Taxes were applied to the policy.',
  commissionsSaved: 'Commissions have been saved.',
  chooseCondition: 'Choose one of the conditions listed.',
  /** Step 1's Next with changes typed and not saved (spec 3 §2.6: Next waits for them to be saved). */
  saveFirst: 'Save the changes first: Next goes on with the saved policy data.',
} as const

export interface PolicyListRowData {
  pid: number
  carrier: string | null
  type: string | null
  status: string | null
  incept: string | null
  expiry: string | null
  retro: string | null
  limits: string | null
  deduc: string | null
  premium: string | null
  taxes: string | null
  fees: string | null
  total: string | null
  down: string | null
}

export interface TaxDialogData {
  pid: number
  version: number
  incept: string | null
  step: 1 | 2
  /** The state choices of step 1. */
  states: { code: string; name: string }[] | null
  state: string
  admitted: boolean
  error: string | null
  outcome: TaxOutcome | null
}

interface CommissionBase {
  pid: number
  version: number
  values: Record<string, string>
  problems: Record<string, string>
}

export type CommissionDialogData =
  | (CommissionBase & { step: 1 })
  | (CommissionBase & {
      step: 2
      options: { id: number; condition: string; commission: string }[]
      /** The choice in the URL, and Conform's reply when Next was pressed without one that applies. */
      choice: string
      result: SubmissionResult<string[]> | null
    })
  | (CommissionBase & {
      step: 3
      rule: { id: number; condition: string | null; commission: string } | null
      message: string | null
      rates: ProposedRates
      /** Where each proposed rate comes from: a rule found, the producer's rate, or the policy's own. */
      sources: Record<keyof ProposedRates, RateSource>
      /** Whom each rate pays (spec 3 §2.6 step 3): sorts and names, the producer's short. */
      payees: Record<keyof ProposedRates, string[]>
      choice: string | null
    })
  /** The completion step: the commissions the policy holds now (percents; '' where none is saved). */
  | (CommissionBase & { step: 4; saved: Record<'mgacom' | 'procom' | 'subcom' | 'spncom', string> })

export interface PoliciesTabData {
  fid: number
  query: PolicyListQuery
  more: boolean
  list: { rows: PolicyListRowData[]; count: number }
  facets: { carriers: string[]; types: string[] } | null
  create: { programs: { value: string; label: string }[] } | null
  taxes: TaxDialogData | null
  commissions: CommissionDialogData | null
  can: { edit: boolean; commissions: boolean }
}

/** The tab's action answer when it does not redirect: the multi-intent shape, with Conform's reply for refused fields. */
export type PolicyReply = { result: SubmissionResult<string[]> }
export type PolicyActionResult = IntentReply<PolicyReply>
