import { getZodConstraint } from '@conform-to/zod/v4'
import { loginSchema, mfaCodeSchema, passwordChangeSchema } from './auth'
import { bordereauFormSchema } from './bordereau'
import {
  claimFormSchema,
  claimOpenFormSchema,
  claimsSearchFormSchema,
  ledgerEditFormSchema,
  ledgerEntrySchema,
} from './claims'
import { contactFormSchema, contactsSearchParamsSchema } from './contact'
import { fileEditSchema } from './files'
import { firmFormSchema } from './firm'
import {
  fidSearchFormSchema,
  firmColumnSearchFormSchema,
  membersSearchFormSchema,
  unisearchFormSchema,
} from './firm-search'
import { hoursSearchSchema, leaveEntrySchema } from './hours'
import { jobsSearchFormSchema } from './jobs.server'
import { inlineEditSchema, notesSearchFormSchema } from './notes-tab'
import { editorFormSchema } from './note-editor'
import { mfaConfirmSchema, mfaDisableSchema } from './mfa'
import { peopleSearchFormSchema } from './people'
import { personFormSchema } from './person'
import {
  commissionChoiceSchema,
  commissionPolicySchema,
  commissionRatesSchema,
  groupCopySchema,
  policyCreateSchema,
  policyEditSchema,
  policyFiltersFormSchema,
  policyTextSchema,
  taxChoiceSchema,
} from './policy'
import { mgaCreateFormSchema, mgaUpdateFormSchema } from './billing'
import { rateCreateFormSchema, rateUpdateFormSchema } from './producer-rates'
import { preferencesSchema } from './preferences'
import {
  commissionChangeFormSchema,
  commissionCreateFormSchema,
  commissionEndFormSchema,
  editAllDateSchema,
} from './commission-rules'
import { lossRunFormSchema } from './loss-run'
import { renewalFormSchema } from './renewal'
import { reloginSchema } from './session'
import { taxEndFormSchema, taxRateFormSchema } from './tax-rates'

/** The forms whose browser constraints are generated into app/domain/form-constraints/<form-name>.ts. */
export const FORM_SCHEMAS = {
  bordereau: bordereauFormSchema,
  claim: claimFormSchema,
  claimOpen: claimOpenFormSchema,
  claimsSearch: claimsSearchFormSchema,
  commissionChoice: commissionChoiceSchema,
  commissionPolicy: commissionPolicySchema,
  commissionRates: commissionRatesSchema,
  commissionRuleCreate: commissionCreateFormSchema,
  commissionRuleChange: commissionChangeFormSchema,
  commissionRuleEnd: commissionEndFormSchema,
  commissionEditAllDate: editAllDateSchema,
  contact: contactFormSchema,
  contactsSearch: contactsSearchParamsSchema,
  fileEdit: fileEditSchema,
  firm: firmFormSchema,
  firmColumnSearch: firmColumnSearchFormSchema,
  firmFidSearch: fidSearchFormSchema,
  firmUnisearch: unisearchFormSchema,
  // The constraints do not depend on the date (only the after-today rule does, on the server).
  hoursSearch: hoursSearchSchema('9999-12-31'),
  jobsSearch: jobsSearchFormSchema,
  ledgerAdd: ledgerEntrySchema,
  ledgerEdit: ledgerEditFormSchema,
  leaveEntry: leaveEntrySchema,
  login: loginSchema,
  lossRun: lossRunFormSchema,
  loginCode: mfaCodeSchema,
  membersSearch: membersSearchFormSchema,
  mgaCreate: mgaCreateFormSchema,
  mgaUpdate: mgaUpdateFormSchema,
  mfaConfirm: mfaConfirmSchema,
  mfaDisable: mfaDisableSchema,
  noteEditor: editorFormSchema,
  noteInline: inlineEditSchema,
  notesSearch: notesSearchFormSchema,
  passwordChange: passwordChangeSchema,
  peopleSearch: peopleSearchFormSchema,
  person: personFormSchema,
  policyCreate: policyCreateSchema,
  policyEdit: policyEditSchema,
  policyFilters: policyFiltersFormSchema,
  policyGroupCopy: groupCopySchema,
  policyTaxChoice: taxChoiceSchema,
  policyText: policyTextSchema,
  preferences: preferencesSchema,
  rateCreate: rateCreateFormSchema,
  rateUpdate: rateUpdateFormSchema,
  relogin: reloginSchema,
  // The constraints do not depend on the date (only the year range does, on the server).
  renewal: renewalFormSchema('9999-12-31'),
  taxEnd: taxEndFormSchema,
  taxRate: taxRateFormSchema,
} as const

export function formConstraints() {
  return Object.fromEntries(Object.entries(FORM_SCHEMAS).map(([name, schema]) => [name, getZodConstraint(schema)]))
}
