import type { FieldMetadata } from '@conform-to/react'
import type { PicklistOption } from '#app/models/list.server'
import type { ClaimFormValues } from '#app/schemas/claims'

// Conform's metadata is invariant in its form shape; sections accept the claim form's fields loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Field = FieldMetadata<unknown, any, string[]>
export type ClaimFieldSet = Record<Exclude<keyof ClaimFormValues, 'intent'>, Field>
export type ClaimLists = Record<
  'carrier' | 'ptype' | 'plt_code' | 'def_code' | 'err_code' | 'aop_code' | 'clmstatus' | 'states',
  PicklistOption[]
>
export type CounselChoice = { cid: number; name1: string; people: { plid: number; name: string }[] }
/** The form's live values (with JavaScript), else the values the page was rendered with. */
export type Values = Record<string, unknown>
