import type { DbOrTx } from '#app/db/client.server'
import { isoToMmDdYyyy } from '#app/domain/dates'
import {
  COMMISSION_MESSAGES,
  matchCommissions,
  producerRate,
  proposalSources,
  proposeRates,
  type RateSource,
  resolveChoice,
  type CommissionMatch,
  type CommissionRule,
  type ProducerCommission,
  type ProposedRates,
} from '#app/domain/commission'
import { commissionRulesFor, producerRates } from '#app/models/rates.server'
import { commissionPayees, type Payee } from '#app/models/commission-rule.server'
import { updatePolicy, type PolicyRow } from '#app/models/policy.server'
import { commissionPolicySchema } from '#app/schemas/policy'
import { parseForm } from '#app/http/conform.server'
import { changedFields } from '#app/models/change-log.server'

/** The commission dialog (spec 3 §2.6): the policy data, the applicable rules, the rates to save. */

/** Step 1's form values from the stored policy (dates MM-DD-YYYY). */
export function commissionFormValues(policy: PolicyRow): Record<string, string> {
  return {
    version: String(policy.version),
    type: policy.type ?? '',
    carrier: policy.carrier ?? '',
    status: policy.status,
    incept: isoToMmDdYyyy(policy.incept),
    expiry: isoToMmDdYyyy(policy.expiry),
    quoted: isoToMmDdYyyy(policy.quoted),
    booked: isoToMmDdYyyy(policy.booked),
    bound: isoToMmDdYyyy(policy.bound),
    mgaid: policy.mgaid === null ? '' : String(policy.mgaid),
    spnid: policy.spnid === null ? '' : String(policy.spnid),
    prodname: policy.prodname ?? '',
    is_new: policy.is_new ?? '',
  }
}

/** Step 1's form as the saved policy fills it, read through the form's schema. */
function savedCommissionForm(policy: PolicyRow) {
  const form = new FormData()
  for (const [name, value] of Object.entries(commissionFormValues(policy))) form.set(name, value)
  return parseForm(form, { schema: commissionPolicySchema })
}

/** Whether the saved policy has what step 2 needs (Next is disabled otherwise): each field's problem. */
export function commissionDataProblems(policy: PolicyRow): Record<string, string> {
  const saved = savedCommissionForm(policy)
  if (saved.status === 'success') return {}
  return Object.fromEntries(
    Object.entries(saved.error ?? {}).flatMap(([field, messages]) => (messages?.length ? [[field, messages[0]]] : [])),
  )
}

/** Step 3's rates, where each comes from, and whom each pays (spec 3 §2.6: "with their matching entity fields"). */
export interface RatesStep {
  step: 3
  rule: CommissionRule | null
  message: string | null
  rates: ProposedRates
  sources: Record<keyof ProposedRates, RateSource>
  payees: {
    mgacom: { mga: Payee | null; billing: Payee | null }
    procom: { producer: string | null }
    subcom: { subProducer: Payee | null }
    spncom: { sponsor: Payee | null }
  }
}

export type CommissionStep = { step: 2; match: CommissionMatch } | RatesStep

/** Step 2 (or straight to 3 when one rule applies or a choice was made). */
export async function commissionStep(
  db: DbOrTx,
  policy: PolicyRow,
  today: string,
  choice: string | null,
): Promise<CommissionStep> {
  let match: CommissionMatch
  const rates = async (rule: CommissionRule | null, producer: ProducerCommission | null, message: string | null) => {
    const payees = await commissionPayees(db, policy)
    return {
      step: 3 as const,
      rule,
      message,
      rates: proposeRates(rule, producer, policy),
      sources: proposalSources(rule, producer),
      payees: {
        mgacom: { mga: payees.mga, billing: payees.billing },
        procom: { producer: policy.prodname },
        subcom: { subProducer: payees.subProducer },
        spncom: { sponsor: payees.sponsor },
      },
    }
  }
  try {
    // The rules through the same model call GET /api/commissions?mga_id&carrier answers.
    const rules =
      policy.mgaid !== null && policy.carrier ? await commissionRulesFor(db, policy.mgaid, policy.carrier) : []
    match = matchCommissions(rules, policy, today)
  } catch (error) {
    console.error('commission retrieval failed', error)
    return rates(null, null, COMMISSION_MESSAGES.retrieval)
  }
  if (match.kind === 'choose') {
    const resolved = choice === null ? null : resolveChoice(match, choice)
    if (!resolved) return { step: 2, match }
    match = resolved
  }
  const producer = producerRate(await producerRates(db), policy.prodname, policy.is_new)
  if (match.kind === 'one') return rates(match.rule, producer, null)
  if (match.kind === 'none' || match.kind === 'multiple') return rates(null, producer, match.message)
  return { step: 2, match }
}

/** Step 1's Save: the policy data of the dialog, on the version read. */
export async function saveCommissionPolicy(
  db: DbOrTx,
  pid: number,
  values: Omit<ReturnType<typeof commissionPolicySchema.parse>, 'version'> & { version: number },
  userId: number | null,
) {
  const { version, ...changes } = values
  return updatePolicy(db, pid, version, changes, userId)
}

/**
 * Whether step 1's typed data differs from what the policy holds (spec 3 §2.6: Next waits for changes
 * to be saved). Both are read through the form's schema, so 3-5-2025 and 03-05-2025 are the same date;
 * the comparison is the change log's (changedFields).
 */
export function commissionPolicyEdited(policy: PolicyRow, typed: Record<string, unknown>): boolean {
  const saved = savedCommissionForm(policy)
  return saved.status !== 'success' || changedFields(saved.value as Record<string, unknown>, typed).length > 0
}

/** Step 3's Save: the four rates as fractions. */
export async function saveCommissionRates(
  db: DbOrTx,
  pid: number,
  version: number,
  rates: { mgacom: string | null; procom: string | null; subcom: string | null; spncom: string | null },
  userId: number | null,
) {
  return updatePolicy(db, pid, version, rates, userId)
}
