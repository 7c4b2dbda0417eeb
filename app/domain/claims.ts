/**
 * Claims (spec 3 §2.1–2.3, §3–5, §8–9): the search fields and their groups, the result columns, the
 * money rules and the messages. Pure: the search page, the editor, the API and the model read it.
 */
import { namesOf } from './labels'

export const CLAIM_MESSAGES = {
  emptySearch: 'At least one search field must be filled to run a search.',
  noResults: 'There is no claims data available for that search.',
  getFailed: 'Failed to get Claim.',
  /** The claim editor could not read the user's rights (spec 3 §8, the rights fetch). */
  rightsFailed: 'Failed to get rights.',
  saved: 'Claim was saved.',
  changeSaved: 'Claim change was saved',
  mustBeNonNegative: 'Must be greater than or equal to 0',
  dollars: 'Digits and decimals only (no commas or dollar signs)',
  numbersOnly: 'Numbers only',
  counselNeedsHandler: 'Choose a Claims Handler first.',
  defenseNeedsFirm: 'Choose a Defense Firm first.',
  adjustersFailed: 'Failed to get adjusters.',
  deleted: 'Claim was deleted.',
  ledgerSaved: 'Ledger entry was saved.',
  ledgerDeleted: 'Ledger entry was deleted.',
  created: 'Claim was created.',
} as const

/** The status word of the claim editor's answer when the user's rights could not be read (503). */
export const RIGHTS_FAILED_CODE = 'RIGHTS_FAILED'

/** How a search field filters: part of the text, an exact list value, an id, a date range, at least an amount. */
export type FilterKind = 'text' | 'exact' | 'id' | 'date' | 'money' | 'yesno'

export interface ClaimField {
  name: string
  label: string
  kind: FilterKind
  /** The list type (or 'states') its select offers. */
  list?: string
}

export interface ClaimFieldGroup {
  label: string
  fields: readonly ClaimField[]
}

const f = (name: string, label: string, kind: FilterKind, list?: string): ClaimField => ({ name, label, kind, list })

export const MAIN_FIELDS: readonly ClaimField[] = [
  f('fid', 'FID', 'id'),
  f('clm_num', 'Claim Number', 'text'),
  f('carrier', 'Carrier', 'exact', 'carrier'),
  f('type', 'Type', 'exact', 'ptype'),
]

/** A group whose fields are all of one kind, from their labels by name (in the spec's order). */
const ofKind = (label: string, kind: FilterKind, labels: Record<string, string>): ClaimFieldGroup => ({
  label,
  fields: Object.entries(labels).map(([name, fieldLabel]) => f(name, fieldLabel, kind)),
})

const CLAIM_DATES = { engaged: 'Engaged', error: 'Error', claim: 'Claim', report: 'Report' } as const
const HANDLING_DATES = {
  clm_ack: 'Claims Acknowledged',
  first_rep: 'First Report',
  last_rep: 'Last Report',
  close: 'Close',
} as const
/** The amounts, in the editor's and the results' order (each bucket's reserve, incurred and current). */
const AMOUNTS = {
  res_mon: 'Monitor Reserve',
  monitor: 'Monitor Incurred',
  cur_mon: 'Current Monitor',
  res_def: 'Defense Reserve',
  defense: 'Defense Incurred',
  cur_def: 'Defense Current',
  reserve: 'Damages Reserve',
  damages: 'Damages Incurred',
  cur_dam: 'Damages Current',
  deductible: 'Deductible',
  paid_ded: 'Paid Deductible',
} as const

/** The 'More Search Options' groups, in the spec's order. */
export const MORE_GROUPS: readonly ClaimFieldGroup[] = [
  {
    label: 'Counsel',
    fields: [
      f('adj_cid', 'Claims Handlers', 'id'),
      f('adj_plid', 'Claims Counsel', 'id'),
      f('def_cid', 'Defense Firm', 'id'),
      f('def_plid', 'Defense Counsel', 'id'),
    ],
  },
  {
    label: 'Parties',
    fields: [
      f('claimant', 'Claimant', 'text'),
      f('plt_code', 'Plaintiff Code', 'exact', 'plt_code'),
      f('insdef', 'Insured Defendants', 'text'),
      f('def_code', 'Defendant Code', 'exact', 'def_code'),
      f('othdef', 'Other Defendants', 'text'),
    ],
  },
  {
    label: 'Claim Details',
    fields: [
      f('state', 'Claim State', 'exact', 'states'),
      f('firm_state', 'Firm State', 'exact', 'states'),
      f('err_code', 'Error Type', 'exact', 'err_code'),
      f('insuit', 'In Suit', 'yesno'),
    ],
  },
  {
    label: 'More Claim Details',
    fields: [
      f('est_size', 'Estate Size', 'money'),
      f('aop_code', 'AOP', 'exact', 'aop_code'),
      f('resolved', 'Resolution', 'exact', 'resolved'),
      f('status', 'Status', 'exact', 'clmstatus'),
    ],
  },
  ofKind('Claim Dates', 'date', CLAIM_DATES),
  ofKind('Handling Dates', 'date', HANDLING_DATES),
  ofKind('Amounts', 'money', AMOUNTS),
  { label: 'Facts and Notes', fields: [f('facts', 'Facts', 'text'), f('note', 'Notes', 'text')] },
]

/** Columns a result can carry that are not search fields (spec 3 §2.1: firm sort and zip, insured, stamp). */
export const EXTRA_COLUMNS: readonly ClaimField[] = [
  f('firm_sort', 'Firm', 'text'),
  f('firm_zip', 'Firm Zip', 'text'),
  f('insured', 'Insured', 'text'),
  f('stamp', 'Entered', 'date'),
]

export const SEARCH_FIELDS: readonly ClaimField[] = [...MAIN_FIELDS, ...MORE_GROUPS.flatMap((group) => group.fields)]
export const SEARCH_FIELD_NAMES: readonly string[] = SEARCH_FIELDS.map((field) => field.name)
const FIELD_BY_NAME = new Map([...SEARCH_FIELDS, ...EXTRA_COLUMNS].map((field) => [field.name, field]))

export type ClaimColumn = string

/** Every column a search may show: the claim id, each search field, and the extra columns. */
export const CLAIM_COLUMNS: readonly string[] = [
  'clid',
  ...SEARCH_FIELD_NAMES,
  ...EXTRA_COLUMNS.map((field) => field.name),
]
const COLUMN_SET = new Set(CLAIM_COLUMNS)
export const isClaimColumn = (name: string) => COLUMN_SET.has(name)

export type MoneyField = keyof typeof AMOUNTS
export const MONEY_FIELDS: readonly MoneyField[] = namesOf(AMOUNTS)
/** The kinds of a claim ledger entry (spec 3 §3.5), as the database's check lists them. */
export const LEDGER_TYPES = ['monitor', 'defense', 'damages', 'deductible'] as const

export const CLAIM_DATE_FIELDS = [...namesOf(CLAIM_DATES), ...namesOf(HANDLING_DATES)]

export const DEFAULT_COLUMNS: readonly string[] = [
  'clid',
  'fid',
  'clm_num',
  'type',
  'status',
  'error',
  'claim',
  'report',
  'close',
  'carrier',
  'claimant',
  'insdef',
  ...MONEY_FIELDS,
]

export function columnLabel(name: string): string {
  if (name === 'clid') return 'Claim ID'
  return FIELD_BY_NAME.get(name)?.label ?? name
}

export function fieldOf(name: string): ClaimField | undefined {
  return FIELD_BY_NAME.get(name)
}

export const PAGE_SIZES = [15, 25, 50, 75, 100] as const
export const DEFAULT_PAGE_SIZE = 15
/** The firm viewer's Claims tab pages. */
export const FIRM_CLAIMS_PAGE_SIZES = [15, 25, 50, 100] as const
/** POST /api/claims/search answers 100 rows a page unless asked (spec 3 §9). */
export const API_DEFAULT_PAGE_SIZE = 100
export const API_MAX_PAGE_SIZE = 1000

/** Dollar amounts typed in the search: digits and decimals only, no commas or dollar signs (spec 3 §5). */
export const DOLLAR_PATTERN = /^\d{1,12}(\.\d{0,2})?$/

/**
 * The result columns: the claim id first, then the checked columns in the order they were checked.
 * `order` is the click order recorded with JavaScript; without it, checkboxes come in form order.
 */
export function resultColumns(checked: readonly string[], order: readonly string[] = []): string[] {
  const chosen = new Set(checked.filter((name) => COLUMN_SET.has(name) && name !== 'clid'))
  const inOrder = order.filter((name) => chosen.has(name))
  return ['clid', ...new Set([...inOrder, ...chosen])]
}

/** Spec 3 §5: at least one search field filled, or at least one column included (besides the claim id). */
export function canSearch(filters: Readonly<Record<string, string | undefined>>, columns: readonly string[]): boolean {
  return (
    Object.values(filters).some((value) => (value ?? '').trim() !== '') || columns.some((column) => column !== 'clid')
  )
}

// ── Money ──────────────────────────────────────────────────────────────────────────────────────────

/** A numeric string ('1234.5', '-20.00') as integer cents; null for blank or unreadable. */
export function toCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const text = String(value).trim()
  const match = /^(-)?(\d+)(?:\.(\d{0,2})\d*)?$/.exec(text)
  if (!match) return null
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'))
  return match[1] ? -cents : cents
}

export function centsToString(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** $1,234.56 (spec 3 §9); '' for nothing. */
export function formatMoney(value: string | number | null | undefined): string {
  const cents = toCents(value)
  if (cents === null) return ''
  const abs = Math.abs(cents)
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`
}

/** A remaining reserve: negative shows '--' (spec 3 §9). */
export function formatRemaining(cents: number): string {
  return cents < 0 ? '--' : formatMoney(centsToString(cents))
}

export const BUCKETS = [
  { key: 'monitor', label: 'Monitor', reserve: 'res_mon', incurred: 'monitor', current: 'cur_mon' },
  { key: 'defense', label: 'Defense', reserve: 'res_def', incurred: 'defense', current: 'cur_def' },
  { key: 'damages', label: 'Damages', reserve: 'reserve', incurred: 'damages', current: 'cur_dam' },
] as const satisfies readonly {
  key: string
  label: string
  reserve: MoneyField
  incurred: MoneyField
  current: MoneyField
}[]

export type ClaimAmounts = Record<MoneyField, string | number | null | undefined>

/** remaining = reserve − incurred − current, in cents (spec 3 §3). */
export function remainingCents(amounts: ClaimAmounts, bucket: (typeof BUCKETS)[number]): number {
  return (
    (toCents(amounts[bucket.reserve]) ?? 0) -
    (toCents(amounts[bucket.incurred]) ?? 0) -
    (toCents(amounts[bucket.current]) ?? 0)
  )
}

/**
 * Zero (spec 3 §4): sets every remaining reserve to zero, that is reserve = incurred + current.
 * Answers the new reserve amounts as numeric strings.
 */
export function zeroReserves(
  amounts: ClaimAmounts,
): Pick<Record<MoneyField, string>, 'res_mon' | 'res_def' | 'reserve'> {
  const reserve = (bucket: (typeof BUCKETS)[number]) =>
    centsToString((toCents(amounts[bucket.incurred]) ?? 0) + (toCents(amounts[bucket.current]) ?? 0))
  return { res_mon: reserve(BUCKETS[0]), res_def: reserve(BUCKETS[1]), reserve: reserve(BUCKETS[2]) }
}

const negative = (value: string | number | null | undefined) => (toCents(value) ?? 0) < 0

/** Save is disabled if a monitor, defense, damages or deductible amount is below zero (spec 3 §5). */
export function saveBlocked(amounts: ClaimAmounts): boolean {
  return MONEY_FIELDS.some((field) => negative(amounts[field]))
}

/** Zero is disabled if any monitor, defense or damages amount is below zero (spec 3 §5). */
export function zeroBlocked(amounts: ClaimAmounts): boolean {
  return BUCKETS.some(
    (bucket) =>
      negative(amounts[bucket.reserve]) || negative(amounts[bucket.incurred]) || negative(amounts[bucket.current]),
  )
}

/**
 * In Suit loads yes/true as checked, anything else unchecked; it is saved back as yes/no (spec 3 §4).
 * The editor's form holds it as its checkbox posts it ('on'), in its defaults and in a refused save.
 */
export function insuitChecked(value: string | boolean | null | undefined): boolean {
  return value === true || value === 'yes' || value === 'true' || value === 'on'
}

export function insuitLabel(value: string | null | undefined): string {
  return value === 'yes' ? 'Yes' : value === 'no' ? 'No' : ''
}

/** The picklists a claim's fields choose from: the search form, the editor and the printable claim read the same lists. */
export const CLAIM_LISTS = [
  'carrier',
  'ptype',
  'plt_code',
  'def_code',
  'err_code',
  'aop_code',
  'clmstatus',
  'states',
] as const
