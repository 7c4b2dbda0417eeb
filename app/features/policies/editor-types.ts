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
  forbidden: 'You do not have permission to view this page',
  fix: 'Please correct the fields marked below.',
} as const

/** The model's row as the page gets it (type-only imports: nothing of the model reaches the browser). */
export type RelatedPolicyData = RelatedPolicy

export interface PolicyEditorData {
  policy: Record<string, string | number | null> & { pid: number; fid: number; version: number; grpnum: number; status: string }
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

export interface EditorActionResult {
  intent: string
  error?: string
  fields?: Record<string, string>
  conflict?: boolean
  bookConfirm?: boolean
  values?: Record<string, string>
}
