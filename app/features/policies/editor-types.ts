import type { SubmissionResult } from '@conform-to/react'
import type { IntentReply } from '#app/http/intent.server'
import type { LedgerEntry } from '#app/models/ledger.server'
import type { PicklistOption } from '#app/models/list.server'
import type { RelatedPolicy } from '#app/models/policy.server'

/** What the policy editor's loader and action give the page (plain data, shared with the browser). */

export const POLICY_EDITOR_MESSAGES = {
  booked: 'Policy was booked.',
  addedToGroup: 'Policy was added to the group.',
  deleted: 'Policy has been deleted.',
  saved: 'Policy changes have been saved',
  textToGroup: 'Text fields have been saved to group',
  fix: 'Please correct the fields marked below.',
} as const

/** The model's row as the page gets it (type-only imports: nothing of the model reaches the browser). */
export type RelatedPolicyData = RelatedPolicy

export interface PolicyEditorData {
  policy: Record<string, string | number | null> & {
    pid: number
    fid: number
    version: number
    grpnum: number
    status: string
  }
  firm: { fid: number; state: string | null; sort: string | null; insured: string | null } | null
  options: RelatedPolicyData[]
  optionCount: number
  priors: RelatedPolicyData[]
  ledger: LedgerEntry[]
  programs: { value: string; label: string }[]
  picklists: Record<'carrier' | 'ptype' | 'is_new' | 'cancat' | 'ltype' | 'dtype', PicklistOption[]>
  files: { loidfid: number; filename: string; file_description: string; file_type_description: string; size: number }[]
  fileTypes: string[]
  showFees: boolean
  addOption: boolean
  can: { edit: boolean; deleteOption: boolean; upload: boolean }
}

/**
 * The editor's action answer when it does not redirect: the multi-intent shape (app/http/intent),
 * with Conform's reply for the form whose fields were refused, the lost race (with the current
 * policy, which the page reloads), or the Book question.
 */
export type EditorReply = {
  result: SubmissionResult<string[]>
  current: unknown
  bookConfirm: boolean
  values: Record<string, string>
}
export type EditorActionResult = IntentReply<EditorReply>
