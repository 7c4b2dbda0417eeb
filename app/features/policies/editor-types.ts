import type { PicklistOption } from '#app/models/list.server'

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

export interface RelatedPolicyData {
  pid: number
  status: string
  carrier: string | null
  type: string | null
  incept: string | null
  expiry: string | null
  limits: string | null
  deduc: string | null
  premium: string | null
  total: string | null
  grpnum: number
  version: number
}

export interface LedgerEntryData {
  lid: number
  contact: string | null
  type: string
  acct: string
  num: string | null
  amt: string
  due: string | null
  paid: string | null
  dep: string | null
  note: string | null
}

export interface PolicyEditorData {
  policy: Record<string, string | number | null> & { pid: number; fid: number; version: number; grpnum: number; status: string }
  firm: { fid: number; state: string | null; sort: string | null; insured: string | null } | null
  options: RelatedPolicyData[]
  optionCount: number
  priors: RelatedPolicyData[]
  ledger: LedgerEntryData[]
  programs: { value: string; label: string }[]
  picklists: Record<'carrier' | 'ptype' | 'is_new' | 'cancat' | 'ltype' | 'dtype', PicklistOption[]>
  showFees: boolean
  addOption: boolean
  can: { edit: boolean; deleteOption: boolean }
}

export interface EditorActionResult {
  intent: string
  error?: string
  fields?: Record<string, string>
  conflict?: boolean
  bookConfirm?: boolean
  values?: Record<string, string>
}
