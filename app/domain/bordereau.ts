// The bordereaux (spec 3 §2.8, §3 bordereau rows, §5, §9; decision 0034): the rows' columns in the
// spec's order with their kinds, the download cells (formula prefixes neutralised), and the Lloyd's
// Coverholder Reporting Standards layout. Pure: the page, the API and the downloads share it.

import { namesOf } from './labels'

export const BORDEREAU_TYPE_LABELS = { claims: 'Claims', policies: 'Policies' } as const
export const BORDEREAU_TYPES = namesOf(BORDEREAU_TYPE_LABELS)
export type BordereauType = (typeof BORDEREAU_TYPES)[number]

/** Spec 3 §9: the table's page sizes, 15 by default. */
export const BORDEREAU_PAGE_SIZES = [15, 25, 50, 75, 100] as const
export const BORDEREAU_DEFAULT_PAGE_SIZE = 15

/** Spec 3 §2.8: the download's file name. */
export const BORDEREAU_FILE = 'bordereaux'

export const DOWNLOAD_FORMATS = ['csv', 'xlsx'] as const
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number]
export const DOWNLOAD_LAYOUTS = ['office', 'lloyds'] as const
export type DownloadLayout = (typeof DOWNLOAD_LAYOUTS)[number]

/** The claims bordereau's referral threshold (its heading: 'Refer to Underwriters (over $50K)'). */
export const REFERRAL_THRESHOLD = 50_000

export type ColumnKind = 'text' | 'money' | 'date' | 'percent'

export interface BordereauColumn<Key extends string = string> {
  key: Key
  label: string
  kind: ColumnKind
  /** A larger text column: only with 'w/forms' (policies) or 'w/text' (claims). */
  large?: boolean
}

const col = <Key extends string>(key: Key, label: string, kind: ColumnKind = 'text', large = false) =>
  ({ key, label, kind, ...(large && { large }) }) as BordereauColumn<Key>

/** Consecutive columns of one kind: a run of the spec's row, each column as `key: label`. */
const columns = <const Labels extends Record<string, string>>(kind: ColumnKind, labels: Labels) =>
  namesOf(labels).map((key) => col(key, labels[key], kind))

/** Spec 3 §3 Bordereau policy row, in its order. */
export const POLICY_COLUMNS = [
  ...columns('text', {
    uniquemarketnum: 'Unique Market Ref',
    sectionnum: 'Section',
    polnum: 'Policy No',
    insured: 'Insured',
    zip: 'Zip',
    state: 'State',
    type: 'Type',
  }),
  col('revenue', 'Revenue', 'money'),
  ...columns('date', { incept: 'Inception', expiry: 'Expiry' }),
  col('transactioncurrency', 'Transaction Currency'),
  ...columns('money', { gross: 'Gross Premium', totalpremium: 'Total Premium', totalcommission: 'Total Commission' }),
  col('commission', 'Commission %', 'percent'),
  ...columns('money', { millercommission: 'Provider Commission', miller: 'Final Net Premium' }),
  col('suminsuredcurrency', 'Sum Insured Currency'),
  ...columns('money', { claimlimit: 'Claim Limit', aggregatelimit: 'Aggregate Limit' }),
  col('deductiblecurrency', 'Deductible Currency'),
  col('deduc', 'Deductible', 'money'),
  col('retro', 'Retro Date', 'date'),
  ...columns('money', { exprem: 'Expiring Premium', exsales: 'Expiring Revenue' }),
  ...columns('text', {
    usclassification: 'US Classification',
    filerstate: 'Filer State',
    filername: 'Filer Name',
    filernumber: 'Filer Number',
    finnum: 'FEIN',
    brokeraddress: 'Broker Address',
    brokerstate: 'Broker State',
    brokerzip: 'Broker Zip',
    naicode: 'NAIC Code',
    cancat: 'Cancellation',
  }),
  col('issue', 'Issued', 'date'),
  col('forms', 'Forms', 'text', true),
] as const

export type PolicyColumnKey = (typeof POLICY_COLUMNS)[number]['key']
export type BordereauPolicyRow = Record<PolicyColumnKey, string | null>

const bucket = (key: string, label: string) =>
  [
    col(`paid_${key}`, `Paid ${label}`, 'money'),
    col(`current_${key}`, `Current ${label}`, 'money'),
    col(`total_${key}`, `Total ${label}`, 'money'),
  ] as const

/** Spec 3 §3 Bordereau claim row, in its order (paid_*, current_*, total_* for each bucket). */
export const CLAIM_COLUMNS = [
  ...columns('text', { fkb_file_no: 'File No', policy_no: 'Policy No' }),
  ...columns('date', { incept: 'Inception', expiry: 'Expiry' }),
  ...columns('text', {
    limits: 'Limits',
    risk_code: 'Risk Code',
    uwrs_ref_no: 'Underwriters Ref',
    occurance_state: 'Occurrence State',
    assured: 'Assured',
    claimant: 'Claimant',
    address1: 'Address 1',
    address2: 'Address 2',
    city: 'City',
    state: 'State',
    zip: 'Zip',
  }),
  ...columns('date', {
    date_of_loss: 'Date of Loss',
    claim_acknowledgement_date: 'Claim Acknowledged',
    date_of_notification: 'Date of Notification',
    date_of_initial_report: 'Initial Report',
    date_reserve_established: 'Reserve Established',
  }),
  ...columns('text', { supervising_attorney: 'Supervising Attorney', assigned_attorney: 'Assigned Attorney' }),
  col('date_of_last_report', 'Last Report', 'date'),
  col('denial', 'Denial (Status)'),
  ...columns('money', {
    retention_deductible: 'Retention / Deductible',
    deductible_paid: 'Deductible Paid',
    balance: 'Deductible Balance',
    indemnity: 'Indemnity Reserve',
    defense: 'Defense Reserve',
    fkb: 'Monitoring Reserve',
    total_reserves: 'Total Reserves',
    remaining_indemnity: 'Remaining Indemnity',
    remaining_defense: 'Remaining Defense',
    remaining_fkb: 'Remaining Monitoring',
    total_remaining_reserves: 'Total Remaining',
  }),
  ...bucket('indemnity', 'Indemnity'),
  ...bucket('defense', 'Defense'),
  ...bucket('fkb', 'Monitoring'),
  ...columns('money', {
    total_paid: 'Total Paid',
    total_current: 'Total Current',
    total_expenses: 'Total Expenses',
    total_incurred: 'Total Incurred',
  }),
  col('defense_counsel', 'Defense Counsel'),
  col('summary_of_claim', 'Summary of Claim', 'text', true),
  col('status', 'Status (Notes)', 'text', true),
  col('forms', 'Forms', 'text', true),
] as const

export type ClaimColumnKey = (typeof CLAIM_COLUMNS)[number]['key']
export type BordereauClaimRow = Record<ClaimColumnKey, string | null>

/** The columns of a bordereau, with or without its larger text columns. */
export function bordereauColumns(type: BordereauType, large: boolean): readonly BordereauColumn[] {
  const all: readonly BordereauColumn[] = type === 'policies' ? POLICY_COLUMNS : CLAIM_COLUMNS
  return large ? all : all.filter((column) => !column.large)
}

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, tab or carriage return first: OWASP's CSV
 * injection list) is prefixed with an apostrophe, which spreadsheets show as text. Numbers the
 * bordereau writes itself (money, a negative remaining reserve) are written as numbers, not text, so
 * they pass through `downloadCell` untouched.
 */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** A money text ('1234.50', '-12.00') as a number for a typed cell; null for blank. */
export function moneyNumber(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null
  const number = Number(value)
  return Number.isFinite(number) ? number : null
}

/**
 * A download's cell: money and percent as their plain number text (a sign is a number's, not a
 * formula's), dates as ISO YYYY-MM-DD, and every text neutralised.
 */
export function downloadCell(kind: ColumnKind, value: string | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (kind === 'money' || kind === 'percent') return moneyNumber(value) === null ? neutraliseCell(value) : value
  if (kind === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : neutraliseCell(value)
  return neutraliseCell(value)
}

/** A limits text '1,000,000/2,000,000' as its per-claim and aggregate amounts (digits only), or nulls. */
export function splitLimits(limits: string | null | undefined): { claim: string | null; aggregate: string | null } {
  if (!limits) return { claim: null, aggregate: null }
  const [claim, aggregate] = limits.split('/').map((part) => part.replace(/[^0-9.]/g, ''))
  return { claim: claim || null, aggregate: (aggregate ?? claim) || null }
}

/** A deductible text '5,000' as its amount (digits only), or null. */
export function deductibleAmount(deduc: string | null | undefined): string | null {
  const digits = (deduc ?? '').replace(/[^0-9.]/g, '')
  return digits === '' ? null : digits
}

/**
 * The Lloyd's layout: a column of the Coverholder Reporting Standards (v5.2) and the bordereau column
 * that fills it, or null where the office holds nothing for it (the cell stays empty). The names are
 * listed with their sources in docs/bordereau-lloyds.md. `heading` columns come from the contract and
 * the report's period, not from a row.
 */
export type LloydsSource = { row: string } | { heading: 'coverholder' | 'periodStart' | 'periodEnd' } | null
export interface LloydsColumn {
  name: string
  kind: ColumnKind
  source: LloydsSource
}

/** Lloyd's columns filled from a bordereau's columns: each written as its column is (its kind). */
function filledFrom<Key extends string>(columns: readonly BordereauColumn<Key>[]) {
  const kinds = new Map<string, ColumnKind>(columns.map((column) => [column.key, column.kind]))
  return (name: string, key: Key): LloydsColumn => ({ name, kind: kinds.get(key) ?? 'text', source: { row: key } })
}
const policyRow = filledFrom(POLICY_COLUMNS)
const claimRow = filledFrom(CLAIM_COLUMNS)
const unheld = (name: string, kind: ColumnKind = 'text'): LloydsColumn => ({ name, kind, source: null })
const heading = (name: string, key: 'coverholder' | 'periodStart' | 'periodEnd', kind: ColumnKind = 'text') =>
  ({ name, kind, source: { heading: key } }) as LloydsColumn

export const LLOYDS_PREMIUM_COLUMNS: readonly LloydsColumn[] = [
  heading('Coverholder Name', 'coverholder'),
  policyRow('Unique Market Reference (UMR)', 'uniquemarketnum'),
  policyRow('Section No', 'sectionnum'),
  heading('Reporting Period Start Date', 'periodStart', 'date'),
  heading('Reporting Period End Date', 'periodEnd', 'date'),
  policyRow('Class of Business', 'usclassification'),
  unheld('Type of Insurance (Direct or Type of RI)'),
  policyRow('Certificate Ref', 'polnum'),
  policyRow('Insured Full Name or Company Name', 'insured'),
  policyRow('Insured State, Province, Territory, Canton etc.', 'state'),
  policyRow('Insured Postcode, Zip Code or similar', 'zip'),
  unheld('Insured Country'),
  policyRow('Insured Revenue or Turnover', 'revenue'),
  policyRow('Risk Inception Date', 'incept'),
  policyRow('Risk Expiry Date', 'expiry'),
  policyRow('Retroactive Date', 'retro'),
  unheld('Transaction Type (Original Premium etc.)'),
  policyRow('Cancellation Reason', 'cancat'),
  policyRow('Original Currency', 'transactioncurrency'),
  policyRow('Sum Insured Currency', 'suminsuredcurrency'),
  policyRow('Limit per Claim', 'claimlimit'),
  policyRow('Aggregate Limit', 'aggregatelimit'),
  policyRow('Deductible Currency', 'deductiblecurrency'),
  policyRow('Deductible Amount', 'deduc'),
  policyRow('Gross Written Premium', 'gross'),
  policyRow('Gross Premium Paid this Time', 'totalpremium'),
  policyRow('Commission %', 'commission'),
  policyRow('Commission Amount', 'totalcommission'),
  policyRow('Coverholder Commission Amount', 'millercommission'),
  policyRow('Final Net Premium', 'miller'),
  unheld('Total Taxes and Levies', 'money'),
  policyRow('Surplus Lines Broker Name', 'filername'),
  policyRow('Surplus Lines Broker License Number', 'filernumber'),
  policyRow('Surplus Lines Broker State', 'filerstate'),
  policyRow('Insured Tax Code', 'finnum'),
  policyRow('Producing Broker Address', 'brokeraddress'),
  policyRow('Producing Broker State', 'brokerstate'),
  policyRow('Producing Broker Postcode', 'brokerzip'),
  policyRow('Insurer NAIC Code', 'naicode'),
  policyRow('Expiring Premium', 'exprem'),
  policyRow('Policy Issuance Date', 'issue'),
]

export const LLOYDS_CLAIM_COLUMNS: readonly LloydsColumn[] = [
  heading('Coverholder Name', 'coverholder'),
  unheld('Unique Market Reference (UMR)'),
  claimRow('Risk Code', 'risk_code'),
  claimRow('Certificate Ref', 'policy_no'),
  claimRow('Risk Inception Date', 'incept'),
  claimRow('Risk Expiry Date', 'expiry'),
  claimRow('Claim Reference', 'fkb_file_no'),
  claimRow('Lloyd\u2019s / Insurer Claim Reference', 'uwrs_ref_no'),
  unheld('Unique Claim Reference (UCR)'),
  claimRow('Insured Full Name or Company Name', 'assured'),
  claimRow('Insured State, Province, Territory, Canton etc.', 'state'),
  claimRow('Insured Postcode, Zip Code or similar', 'zip'),
  claimRow('Claimant Name', 'claimant'),
  claimRow('Loss Location State', 'occurance_state'),
  claimRow('Date of Loss (From)', 'date_of_loss'),
  claimRow('Date Claim Made', 'date_of_notification'),
  claimRow('Date Claim Acknowledged', 'claim_acknowledgement_date'),
  claimRow('Date First Reserve Established', 'date_reserve_established'),
  claimRow('Claim Status', 'denial'),
  claimRow('Loss Description', 'summary_of_claim'),
  claimRow('Defence Counsel / Law Firm', 'defense_counsel'),
  claimRow('Deductible Amount', 'retention_deductible'),
  claimRow('Paid to Date - Indemnity', 'paid_indemnity'),
  claimRow('Paid to Date - Fees', 'paid_defense'),
  claimRow('Paid to Date - Expenses', 'paid_fkb'),
  claimRow('Reserve - Indemnity', 'remaining_indemnity'),
  claimRow('Reserve - Fees', 'remaining_defense'),
  claimRow('Reserve - Expenses', 'remaining_fkb'),
  claimRow('Total Incurred', 'total_incurred'),
  unheld('Claimant Attorney'),
  unheld('Litigation Status'),
]

export function lloydsColumns(type: BordereauType): readonly LloydsColumn[] {
  return type === 'policies' ? LLOYDS_PREMIUM_COLUMNS : LLOYDS_CLAIM_COLUMNS
}

export interface BordereauHeading {
  coverholder: string | null
  periodStart: string | null
  periodEnd: string | null
}

/** A row of the Lloyd's layout: each standard column's value from the row or the heading, '' where unheld. */
export function lloydsRow(
  type: BordereauType,
  source: Readonly<Record<string, string | null>>,
  head: BordereauHeading,
): (string | null)[] {
  return lloydsColumns(type).map((column) => {
    if (!column.source) return null
    if ('row' in column.source) return source[column.source.row] ?? null
    return head[column.source.heading]
  })
}
