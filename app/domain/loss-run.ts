// The Loss Run report's rules (spec 3 §2.10, §5): its defaults, its optional columns and the total
// of a row and of the report (decision 0036). Money travels as integer cents here.
import { BOOKED_VIEW_STATUSES } from './policies'

/** The policies a report reads as written: the Policies view's statuses, the current one and history (spec 3 §4). */
export const WRITTEN_STATUSES = [...BOOKED_VIEW_STATUSES, 'Current', 'History'] as const

/** Spec 3 §2.10: carrier Lloyds, type FPL, every optional column shown. */
export const LOSS_RUN_DEFAULTS = { carrier: 'Lloyds', type: 'FPL' } as const

/** The toggles (spec 3 §2.10) and the `fields` of GET /api/reports/loss-run. */
export const LOSS_RUN_FIELDS = ['premium', 'reserves', 'monitor'] as const
export type LossRunField = (typeof LOSS_RUN_FIELDS)[number]
export type LossRunShown = Record<LossRunField, boolean>
export const ALL_SHOWN: LossRunShown = { premium: true, reserves: true, monitor: true }

/** A policy's line before its total: amounts in cents. */
export interface LossRunAmounts {
  premium: number
  claims_count: number
  /** Monitoring incurred (monitor + current monitor). */
  monitoring: number
  /** Reserves still open: each remaining reserve (reserve − incurred − current) of the claim's three, at least 0. */
  reserves: number
  /** Defense incurred (defense + current defense). */
  defense: number
  /** Damages incurred (damages + current damages). */
  damages: number
}

/** Spec 3 §5: total = defense + damages, plus monitoring and reserves when shown. */
export function lossRunTotal(amounts: LossRunAmounts, shown: LossRunShown): number {
  return (
    amounts.defense +
    amounts.damages +
    (shown.monitor ? amounts.monitoring : 0) +
    (shown.reserves ? amounts.reserves : 0)
  )
}

export type LossRunTotals = LossRunAmounts & { total: number }

/** The Totals row: each column summed over the rows, its total by the same rule as a row's. */
export function lossRunTotals(rows: readonly LossRunAmounts[], shown: LossRunShown): LossRunTotals {
  const sum = (pick: (row: LossRunAmounts) => number) => rows.reduce((total, row) => total + pick(row), 0)
  const totals: LossRunAmounts = {
    premium: sum((row) => row.premium),
    claims_count: sum((row) => row.claims_count),
    monitoring: sum((row) => row.monitoring),
    reserves: sum((row) => row.reserves),
    defense: sum((row) => row.defense),
    damages: sum((row) => row.damages),
  }
  return { ...totals, total: lossRunTotal(totals, shown) }
}

/** The columns a report shows, in the spec's order: the optional ones only when their toggle is on. */
export function lossRunColumns(shown: LossRunShown): string[] {
  return [
    'polnum',
    'incept',
    ...(shown.premium ? ['premium'] : []),
    'claims_count',
    ...(shown.monitor ? ['monitoring'] : []),
    ...(shown.reserves ? ['reserves'] : []),
    'defense',
    'damages',
    'total',
  ]
}

/** The toggles named by the API's `fields` (absent: every one). */
export function shownFromFields(fields: readonly LossRunField[] | undefined): LossRunShown {
  if (fields === undefined) return { ...ALL_SHOWN }
  return {
    premium: fields.includes('premium'),
    reserves: fields.includes('reserves'),
    monitor: fields.includes('monitor'),
  }
}
