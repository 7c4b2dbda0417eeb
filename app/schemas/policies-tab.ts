import { idField } from './fields'
import {
  commissionPolicySchema,
  commissionRatesSchema,
  policyCreateSchema,
  taxChoiceSchema,
  versionOnlySchema,
} from './policy'

/**
 * The firm Policies tab's forms (each posts its firm as `fid`) and the calculator dialogs its URL opens.
 * A calculator's policy (`pid`) is read leniently: a missing or bad one is the tab's 'Failed to get
 * Policy' (404), as is a policy of another firm.
 */
export const calculatorPolicyId = idField().optional().catch(undefined)
const policyId = { pid: calculatorPolicyId }

export { policyCreateSchema }

/** Apply Taxes: the policy, the version read, the state and the admitted flag chosen at step 1. */
export const taxApplyFormSchema = versionOnlySchema.extend(taxChoiceSchema.shape).extend(policyId)

/** The commission dialog's step 1 (save, or Next with the data as saved). */
export const commissionPolicyFormSchema = commissionPolicySchema.extend(policyId)

/** The commission dialog's step 3: the rates. */
export const commissionRatesFormSchema = commissionRatesSchema.extend(policyId)
