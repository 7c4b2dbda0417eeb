// The aggregate reports (spec 3 §2.9, §3 'Aggregate report request', §5, §8, §9; decision 0035): the
// request's vocabulary, the columns each report shows and the gross loss ratio rule, shared by the
// page, the API and the model.
import { namesOf } from './labels'

/** Spec 3 §9: the page size, the default aggregation and query type. */
export const AGGREGATE_PAGE_SIZE = 100
export const AGGREGATE_API_MAX_PAGE_SIZE = 1000

export const QUERY_TYPES = ['claims', 'policies'] as const
export type QueryType = (typeof QUERY_TYPES)[number]

export const AGG_LABELS = { sum: 'SUM', min: 'MIN', max: 'MAX', avg: 'AVG', glr: 'GLR' } as const
export const AGG_TYPES = namesOf(AGG_LABELS)
export type AggType = (typeof AGG_TYPES)[number]

/** whereColumns.state: every state, one row per firm, per zone, or 'other' (per county). */
export const STATE_MODE_LABELS = { all: 'All states', firm: 'Firm', zone: 'Zone', other: 'County' } as const
export const STATE_MODES = namesOf(STATE_MODE_LABELS)
export type StateMode = (typeof STATE_MODES)[number]

/** Spec 3 §8, word for word. */
export const AGGREGATE_REPORT_FAILED =
  'An error occurred while trying to access the database. Be sure to fill out all the fields, including type, completely and if the problem persists please notify the development team with a detailed description of the error.'
export const CARRIERS_FAILED = 'Not able to get carriers from the database'

/** The claim money columns a claims report aggregates (total = monitor + defense + damages, incurred). */
export const CLAIM_MEASURES = ['reserve', 'monitor', 'defense', 'damages', 'total', 'res_mon', 'res_def'] as const
export type ClaimMeasure = (typeof CLAIM_MEASURES)[number]

/** The loss ratio columns of a GLR report: each claim money column over the group's premium. */
export const LOSS_COLUMNS = {
  reserveloss: 'reserve',
  monitorloss: 'monitor',
  damagesloss: 'damages',
  defenseloss: 'defense',
  totalloss: 'total',
  res_mon_loss: 'res_mon',
  res_def_loss: 'res_def',
} as const satisfies Record<string, ClaimMeasure>
export type LossColumn = keyof typeof LOSS_COLUMNS

/** The extra firm and contact columns (a firm has no carrier of its own: carrier is a filter). */
export const EXTRA_COLUMNS = [
  'fein',
  'source',
  'insured',
  'contact',
  'salutation',
  'name1',
  'name2',
  'address1',
  'address2',
  'city',
  'zip',
  'phone',
  'fax',
  'email',
  'website',
  'note',
  'estab',
  'sales',
  'people',
  'status',
  'solicitor',
  'producer',
] as const
export type ExtraColumn = (typeof EXTRA_COLUMNS)[number]

export const GROUP_COLUMNS = ['state', 'county', 'zone', 'fid'] as const
export type GroupColumn = (typeof GROUP_COLUMNS)[number]

export type MeasureColumn = 'policies' | 'claims' | 'premium' | ClaimMeasure | LossColumn
export type ReportColumn = GroupColumn | MeasureColumn | ExtraColumn

/** Every column a request may sort by (the whitelist); a report sorts only by the columns it shows. */
export const SORT_COLUMNS = [
  ...GROUP_COLUMNS,
  'policies',
  'claims',
  'premium',
  ...CLAIM_MEASURES,
  ...(Object.keys(LOSS_COLUMNS) as LossColumn[]),
  ...EXTRA_COLUMNS,
] as const satisfies readonly ReportColumn[]

export const COLUMN_LABELS: Record<ReportColumn, string> = {
  state: 'State',
  county: 'County',
  zone: 'Zone',
  fid: 'Firm ID',
  policies: 'Policies',
  claims: 'Claims',
  premium: 'Premium',
  reserve: 'Damages Reserve',
  monitor: 'Monitoring',
  defense: 'Defense',
  damages: 'Damages',
  total: 'Total Incurred',
  res_mon: 'Monitor Reserve',
  res_def: 'Defense Reserve',
  reserveloss: 'Reserve LR',
  monitorloss: 'Monitoring LR',
  damagesloss: 'Damages LR',
  defenseloss: 'Defense LR',
  totalloss: 'GLR',
  res_mon_loss: 'Monitor Reserve LR',
  res_def_loss: 'Defense Reserve LR',
  fein: 'FEIN',
  source: 'Source',
  insured: 'Insured',
  contact: 'Contact',
  salutation: 'Salutation',
  name1: 'Name 1',
  name2: 'Name 2',
  address1: 'Address 1',
  address2: 'Address 2',
  city: 'City',
  zip: 'ZIP',
  phone: 'Phone',
  fax: 'Fax',
  email: 'Email',
  website: 'Website',
  note: 'Note',
  estab: 'Established',
  sales: 'Sales',
  people: 'People',
  status: 'Status',
  solicitor: 'Solicitor',
  producer: 'Producer',
}

/** The columns that say which group a row is. */
export function groupColumns(mode: StateMode): GroupColumn[] {
  if (mode === 'firm') return ['fid', 'state']
  if (mode === 'zone') return ['zone']
  if (mode === 'other') return ['state', 'county']
  return ['state']
}

/** The measured columns of a report: counts and money for SUM/MIN/MAX/AVG, premium and ratios for GLR. */
export function measureColumns(queryType: QueryType, aggType: AggType): MeasureColumn[] {
  if (aggType === 'glr') return ['policies', 'claims', 'premium', ...(Object.keys(LOSS_COLUMNS) as LossColumn[])]
  if (queryType === 'policies') return ['policies', 'premium']
  return ['claims', ...CLAIM_MEASURES]
}

/** The extra firm columns show only when each row is one firm. */
export const extraColumnsShown = (mode: StateMode, extra: readonly ExtraColumn[]): ExtraColumn[] =>
  mode === 'firm' ? [...extra] : []

export function reportColumns(mode: StateMode, queryType: QueryType, aggType: AggType, extra: readonly ExtraColumn[]) {
  return [...groupColumns(mode), ...extraColumnsShown(mode, extra), ...measureColumns(queryType, aggType)]
}

/** The measure the chart draws: premium for policies, total incurred for claims, the GLR for GLR. */
export function chartMeasure(queryType: QueryType, aggType: AggType): MeasureColumn {
  if (aggType === 'glr') return 'totalloss'
  return queryType === 'policies' ? 'premium' : 'total'
}

/** The default order: the first group column ascending. */
export const defaultSort = (mode: StateMode): ReportColumn => groupColumns(mode)[0]!

/**
 * The gross loss ratio (decision 0035): incurred losses over earned premium, both in cents, as a
 * fraction with 4 decimals; null when there is no premium to divide by (shown '—', never infinite).
 */
export function grossLossRatio(lossCents: number, premiumCents: number): number | null {
  if (!Number.isFinite(lossCents) || !Number.isFinite(premiumCents) || premiumCents <= 0) return null
  return Math.round((lossCents / premiumCents) * 10_000) / 10_000
}

/** A ratio as the page shows it: 0.6523 → '65.23%'. */
export function formatRatio(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  const number = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(number)) return '—'
  return `${(number * 100).toFixed(2)}%`
}

export const isLossColumn = (column: string): column is LossColumn => column in LOSS_COLUMNS
export const isCountColumn = (column: string): column is 'policies' | 'claims' =>
  column === 'policies' || column === 'claims'
