import type { DbOrTx } from '#app/db/client.server'
import { InvalidError } from '#app/domain/errors'
import { centsToDecimal } from '#app/domain/money'
import { calculateTaxes, FEE_FIELDS, isTaxable, type TaxablePolicy, type TaxOutcome } from '#app/domain/tax'
import { requirePolicy, updatePolicy, type PolicyRow } from '#app/models/policy.server'
import { taxRatesOn } from '#app/models/rates.server'

/** The tax calculator (spec 3 §2.5): step 2 computes, per entity, from the rates in force at inception. */

export interface TaxChoice {
  state: string
  admitted: boolean
}

export function taxablePolicy(
  policy: Pick<PolicyRow, 'incept' | 'premium' | (typeof FEE_FIELDS)[number]>,
): TaxablePolicy {
  return {
    incept: policy.incept,
    premium: policy.premium,
    fees: Object.fromEntries(FEE_FIELDS.map((fee) => [fee, policy[fee]])),
  }
}

export async function policyTaxes(
  db: DbOrTx,
  pid: number,
  choice: TaxChoice,
): Promise<{ policy: PolicyRow; outcome: TaxOutcome }> {
  const policy = await requirePolicy(db, pid)
  return { policy, outcome: await taxesOf(db, policy, choice) }
}

/** The taxes of a policy already read (the calculator's step 2 has it from checking the firm). */
export async function taxesOf(db: DbOrTx, policy: PolicyRow, choice: TaxChoice): Promise<TaxOutcome> {
  const rates = isTaxable(policy.incept) ? await taxRatesOn(db, choice.state, policy.incept) : []
  return calculateTaxes(rates, choice, taxablePolicy(policy))
}

/** Writes the computed DOI and SLA amounts into the policy's doifee and slafee (on the version read). */
export async function applyPolicyTaxes(
  db: DbOrTx,
  pid: number,
  version: number,
  choice: TaxChoice,
  userId: number | null,
): Promise<PolicyRow> {
  const { outcome } = await policyTaxes(db, pid, choice)
  if (!outcome.ok) throw new InvalidError(outcome.message)
  return updatePolicy(
    db,
    pid,
    version,
    { doifee: centsToDecimal(outcome.doifee), slafee: centsToDecimal(outcome.slafee) },
    userId,
  )
}
