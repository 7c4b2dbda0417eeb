import type { SubmissionResult } from '@conform-to/react'
import type { CommissionRuleRow } from '#app/models/commission-rule.server'
import type { HistoryRow } from '#app/ui/record-history'

/** What the MGA Rates page receives from its loader (plain data, shared by server and browser). */

export const COMMISSIONS_PATH = '/manage/commissions'

export const DIALOGS = ['new', 'change', 'end', 'unend', 'delete', 'history', 'editAll'] as const

export interface CommissionRuleView extends CommissionRuleRow {
  /** The last rule of its set: only it may have its end date removed. */
  mostRecent: boolean
}

interface EditAllBase {
  name: 'editAll'
  mga_id: number
  mga_name: string
  /** The MGA's open rules (no end date). */
  open: CommissionRuleView[]
  /** The first date every open rule can end on (the day after the latest start). */
  earliest: string | null
  values: { effective: string; effective_type: string }
}

export type CommissionDialog =
  | { name: 'new' }
  | { name: 'missing' }
  | { name: 'change' | 'end' | 'unend' | 'delete'; rule: CommissionRuleView }
  | { name: 'history'; rule: CommissionRuleView; history: HistoryRow[] }
  | (EditAllBase & { step: 1; result: SubmissionResult<string[]> | null })
  | (EditAllBase & { step: 2; keep: number[] })
  | (EditAllBase & { step: 3; keep: number[]; added: number })

export interface CommissionsData {
  view: 'year' | 'date'
  year: number
  date: string
  today: string
  groups: { mga_id: number; mga_name: string; rules: CommissionRuleView[] }[]
  failed: string | null
  choices: {
    mgas: { value: string; label: string }[]
    carriers: { value: string; label: string }[]
    types: string[]
  }
  dialog: CommissionDialog | null
}
