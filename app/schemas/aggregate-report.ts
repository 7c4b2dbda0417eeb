import { z } from 'zod'
import {
  AGG_TYPES,
  AGGREGATE_API_MAX_PAGE_SIZE,
  AGGREGATE_PAGE_SIZE,
  EXTRA_COLUMNS,
  QUERY_TYPES,
  SORT_COLUMNS,
  STATE_MODES,
  type AggType,
  type ExtraColumn,
  type QueryType,
  type ReportColumn,
  type StateMode,
} from '#app/domain/aggregate-report'
import { runParam } from './query'

/** The request the model runs (spec 3 §3 'Aggregate report request', with the empty filters dropped). */
export interface AggregateRequest {
  queryType: QueryType
  aggType: AggType
  state: StateMode
  carriers?: string[]
  types?: string[]
  contract?: number
  extra: ExtraColumn[]
  sortBy?: ReportColumn
  sortDesc: boolean
  page: number
  perPage: number
  /** Rows only: the totals row is not counted. */
  simple: boolean
}

const listItem = z.string().trim().max(40, 'a filter value is at most 40 characters')

/** Spec 3 §5: an empty carrier, type or contract filter is dropped (no filter), never 'match nothing'. */
const filterList = z
  .union([z.array(listItem).max(50, 'at most 50 filter values'), listItem, z.null()])
  .optional()
  .transform((value) => {
    const list = (Array.isArray(value) ? value : value ? [value] : []).filter((item) => item !== '')
    return list.length > 0 ? [...new Set(list)] : undefined
  })

const contractFilter = z
  .union([z.coerce.number().int('contract must be a contract id').min(0).max(2_147_483_647), z.literal(''), z.null()])
  .optional()
  .transform((value) => (typeof value === 'number' && value > 0 ? value : undefined))

/**
 * POST /api/reports (spec 3 §3, §7): page, perPage, sortDesc, sortBy (one of the report's columns),
 * checkedColumns, whereColumns { state, carrier, type, contract }, includeCheckColumns, includeColumns
 * (the extra firm columns), queryType (default claims), aggType (default sum), simple.
 */
export const aggregateRequestSchema = z
  .object({
    page: z.coerce
      .number()
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(100_000)
      .default(1),
    perPage: z.coerce
      .number()
      .int('perPage must be a whole number')
      .min(1, 'perPage must be at least 1')
      .max(AGGREGATE_API_MAX_PAGE_SIZE, `perPage is at most ${AGGREGATE_API_MAX_PAGE_SIZE}`)
      .default(AGGREGATE_PAGE_SIZE),
    sortDesc: z.boolean().default(false),
    sortBy: z
      .enum(SORT_COLUMNS, { error: `sortBy takes ${SORT_COLUMNS.join(', ')}` })
      .nullish()
      .transform((value) => value ?? undefined),
    checkedColumns: z.array(z.string().max(40)).max(100).optional(),
    whereColumns: z
      .object({
        state: z.enum(STATE_MODES, { error: `whereColumns.state takes ${STATE_MODES.join(', ')}` }).default('all'),
        carrier: filterList,
        type: filterList,
        contract: contractFilter,
      })
      .prefault({}),
    includeCheckColumns: z.boolean().default(true),
    includeColumns: z
      .array(z.enum(EXTRA_COLUMNS, { error: `includeColumns takes ${EXTRA_COLUMNS.join(', ')}` }))
      .max(EXTRA_COLUMNS.length)
      .default([]),
    queryType: z.enum(QUERY_TYPES, { error: 'queryType takes claims or policies' }).default('claims'),
    aggType: z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(AGG_TYPES, { error: `aggType takes ${AGG_TYPES.join(', ')}` }))
      .default('sum'),
    simple: z.boolean().default(false),
  })
  .transform((body): AggregateRequest => ({
    queryType: body.queryType,
    aggType: body.aggType,
    state: body.whereColumns.state,
    carriers: body.whereColumns.carrier,
    types: body.whereColumns.type,
    contract: body.whereColumns.contract,
    extra: body.includeCheckColumns ? [...new Set(body.includeColumns)] : [],
    sortBy: body.sortBy,
    sortDesc: body.sortDesc,
    page: body.page,
    perPage: body.perPage,
    simple: body.simple,
  }))

const lenientList = <T extends string>(values?: readonly T[]) =>
  z
    .union([z.array(z.string()), z.string()])
    .optional()
    .catch(undefined)
    .transform((value) => {
      const list = (Array.isArray(value) ? value : value ? [value] : [])
        .map((item) => item.trim())
        .filter((item) => item !== '' && item.length <= 40)
      const kept = values ? list.filter((item): item is T => (values as readonly string[]).includes(item)) : list
      return [...new Set(kept)].slice(0, 50) as T[]
    })

/**
 * The Reports page's URL (a GET form, so the URL is the report): q, agg, state, carrier…, type…,
 * contract, col… (extra columns), sort, desc, page, run=1. Lenient: a stale value falls back.
 */
export const aggregatePageQuerySchema = z.object({
  run: runParam,
  q: z.enum(QUERY_TYPES).catch('claims'),
  agg: z.enum(AGG_TYPES).catch('sum'),
  state: z.enum(STATE_MODES).catch('all'),
  carrier: lenientList(),
  type: lenientList(),
  contract: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
  col: lenientList(EXTRA_COLUMNS),
  sort: z.enum(SORT_COLUMNS).optional().catch(undefined),
  desc: z.enum(['1', '0']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
})

export type AggregatePageQuery = z.infer<typeof aggregatePageQuerySchema>

/** The page's URL as the model's request. */
export function aggregateRequestOf(query: AggregatePageQuery): AggregateRequest {
  return {
    queryType: query.q,
    aggType: query.agg,
    state: query.state,
    carriers: query.carrier.length ? query.carrier : undefined,
    types: query.type.length ? query.type : undefined,
    contract: query.contract,
    extra: query.col,
    sortBy: query.sort,
    sortDesc: query.desc === '1',
    page: query.page,
    perPage: AGGREGATE_PAGE_SIZE,
    simple: false,
  }
}
