import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import {
  CLAIM_MEASURES,
  defaultSort,
  EXTRA_COLUMNS,
  extraColumnsShown,
  groupColumns,
  isCountColumn,
  isLossColumn,
  LOSS_COLUMNS,
  measureColumns,
  reportColumns,
  type ExtraColumn,
  type MeasureColumn,
  type ReportColumn,
} from '#app/domain/aggregate-report'
import { InvalidError } from '#app/domain/errors'
import type { AggregateRequest } from '#app/schemas/aggregate-report'
import { versionedCache } from './data-version.server'
import { keptCountPageOf, pageOf, TOTAL_SQL } from './paging.server'

/**
 * The aggregate reports (spec 3 §2.9, decision 0035), read from the rollups that triggers keep exact
 * (migration 0023): report_area_rollup (per state × county × kind × carrier × type × contract) for the
 * state, zone and county groupings and for every report's totals row, report_firm_rollup (per firm ×
 * kind × carrier × type × contract) for one row per firm. AVG is the sum over the count; GLR each claim
 * money column's sum over the group's premium. tests/integration/aggregate-report.test.ts compares the
 * answers with aggregates of the policies and claims written apart.
 */

/** A report row: the group's columns, the extra firm columns and the measures (money as decimal text). */
export type AggregateRow = Partial<Record<ReportColumn, string | number | null>>

export interface AggregateReport {
  columns: ReportColumn[]
  rows: AggregateRow[]
  totals: AggregateRow | null
  count: number
  page: number
  pages: number
  sortBy: ReportColumn
  sortDesc: boolean
}

const P = sql.raw(`FILTER (WHERE kind = 'policies')`)
const C = sql.raw(`FILTER (WHERE kind = 'claims')`)
const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '')}"`)

/** One measure's expression over rollup rows (their sums, minimums, maximums and counts). */
function measureSql(column: MeasureColumn, request: AggregateRequest): SQL {
  if (column === 'policies') return sql`COALESCE(sum(n) ${P}, 0)::int`
  if (column === 'claims') return sql`COALESCE(sum(n) ${C}, 0)::int`
  if (isLossColumn(column)) {
    const loss = ident(`${LOSS_COLUMNS[column]}_sum`)
    return sql`round(COALESCE(sum(${loss}) ${C}, 0) / NULLIF(sum(premium_sum) ${P}, 0), 4)`
  }
  const kind = column === 'premium' ? P : C
  const count = column === 'premium' ? sql.raw('n_premium') : sql.raw('n')
  switch (request.aggType) {
    case 'min':
      return sql`min(${ident(`${column}_min`)}) ${kind}`
    case 'max':
      return sql`max(${ident(`${column}_max`)}) ${kind}`
    case 'avg':
      return sql`round(sum(${ident(`${column}_sum`)}) ${kind} / NULLIF(sum(${count}) ${kind}, 0), 2)`
    default:
      return sql`sum(${ident(`${column}_sum`)}) ${kind}`
  }
}

function measuresSql(request: AggregateRequest): SQL {
  return sql.join(
    measureColumns(request.queryType, request.aggType).map(
      (column) => sql`${measureSql(column, request)} AS ${ident(column)}`,
    ),
    sql`, `,
  )
}

/** The kinds of rows a report reads, and the filters (spec 3 §5: empty ones were dropped). */
function whereSql(request: AggregateRequest, alias: string): SQL {
  const t = sql.raw(alias)
  const kinds = request.aggType === 'glr' ? ['claims', 'policies'] : [request.queryType]
  const oneOf = (column: string, values: readonly string[]) =>
    sql`${t}.${sql.raw(column)} IN (${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )})`
  const conditions: SQL[] = [oneOf('kind', kinds)]
  if (request.carriers?.length) conditions.push(oneOf('carrier', request.carriers))
  if (request.types?.length) conditions.push(oneOf('type', request.types))
  if (request.contract !== undefined) conditions.push(sql`${t}.contract = ${request.contract}`)
  return sql.join(conditions, sql` AND `)
}

/** An extra firm column as the report shows it (the note without its markup). */
function extraSql(column: ExtraColumn): SQL {
  if (column === 'note') return sql`regexp_replace(f.note, '<[^>]*>', '', 'g')`
  return sql`f.${ident(column)}`
}

/** The extra firm columns chosen, as `, col AS "col", …` after the report's own (nothing when none are). */
function extraSelectSql(extra: readonly ExtraColumn[]): SQL {
  return extra.length
    ? sql`, ${sql.join(
        extra.map((column) => sql`${extraSql(column)} AS ${ident(column)}`),
        sql`, `,
      )}`
    : sql``
}

/** The sort column: one the report shows (else the API refuses it; the page falls back). */
export function reportSort(request: AggregateRequest): ReportColumn {
  const columns = reportColumns(request.state, request.queryType, request.aggType, request.extra)
  if (request.sortBy === undefined) return defaultSort(request.state)
  if (!columns.includes(request.sortBy))
    throw new InvalidError(`sortBy must be one of this report's columns: ${columns.join(', ')}`)
  return request.sortBy
}

function orderSql(sortBy: ReportColumn, desc: boolean, tieBreak: readonly string[], alias: string): SQL {
  const direction = sql.raw(desc ? 'DESC NULLS LAST' : 'ASC NULLS LAST')
  const column = (EXTRA_COLUMNS as readonly string[]).includes(sortBy)
    ? extraSql(sortBy as ExtraColumn)
    : sql`${sql.raw(alias)}.${ident(sortBy)}`
  const ties = tieBreak.filter((name) => name !== sortBy).map((name) => sql`${sql.raw(alias)}.${ident(name)}`)
  return sql.join([sql`${column} ${direction}`, ...ties], sql`, `)
}

function numberOr(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value)
}

/** Counts as numbers; money and ratios stay decimal text (as PostgreSQL's numeric reads). */
function rowOf(raw: Record<string, unknown>, columns: readonly ReportColumn[]): AggregateRow {
  const row: AggregateRow = {}
  for (const column of columns) {
    const value = raw[column]
    if (isCountColumn(column) || column === 'fid' || column === 'estab' || column === 'people')
      row[column] = value === null || value === undefined ? null : numberOr(value)
    else row[column] = value === null || value === undefined ? null : String(value)
  }
  return row
}

/** The totals row: the same measures over every row of the report, from the area rollup. */
export async function aggregateTotals(db: DbOrTx, request: AggregateRequest): Promise<AggregateRow> {
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`SELECT ${measuresSql(request)} FROM report_area_rollup a WHERE ${whereSql(request, 'a')}`,
  )
  return rowOf(rows[0] ?? {}, measureColumns(request.queryType, request.aggType))
}

/** The firms a firm-grouped report has: an index-only walk of (kind, fid) where no filter needs the row. */
async function firmCount(db: DbOrTx, request: AggregateRequest): Promise<{ count: number }> {
  const { rows } = await db.execute<{ count: string }>(
    sql`SELECT count(DISTINCT r.fid)::text AS count FROM report_firm_rollup r WHERE ${whereSql(request, 'r')}`,
  )
  return { count: Number(rows[0]?.count ?? 0) }
}

/**
 * One page of one row per firm. The count is read apart (no window count over every group), and in the
 * default order (by firm) the groups stream from the rollup's primary key, so the database stops after
 * the page's firms; a sort by a measure groups every firm of the report first.
 */
async function firmRows(db: DbOrTx, request: AggregateRequest, sortBy: ReportColumn, extra: readonly ExtraColumn[]) {
  const extraSelect = extraSelectSql(extra)
  const byExtra = (EXTRA_COLUMNS as readonly string[]).includes(sortBy)
  return keptCountPageOf(
    async ({ limit, offset }) => {
      const grouped = sql`SELECT r.fid, min(r.state) AS state, ${measuresSql(request)}
        FROM report_firm_rollup r WHERE ${whereSql(request, 'r')} GROUP BY r.fid`
      const query = byExtra
        ? sql`WITH g AS (${grouped})
            SELECT g.*${extraSelect} FROM g LEFT JOIN firms f ON f.fid = g.fid
             ORDER BY ${orderSql(sortBy, request.sortDesc, ['fid'], 'g')} LIMIT ${limit} OFFSET ${offset}`
        : sortBy === 'fid'
          ? sql`WITH page AS (${grouped} ORDER BY r.fid ${sql.raw(request.sortDesc ? 'DESC' : 'ASC')}
                                LIMIT ${limit} OFFSET ${offset})
              SELECT page.*${extraSelect} FROM page LEFT JOIN firms f ON f.fid = page.fid
               ORDER BY ${orderSql(sortBy, request.sortDesc, ['fid'], 'page')}`
          : sql`WITH g AS (${grouped}),
              page AS (SELECT g.* FROM g ORDER BY ${orderSql(sortBy, request.sortDesc, ['fid'], 'g')}
                        LIMIT ${limit} OFFSET ${offset})
              SELECT page.*${extraSelect} FROM page LEFT JOIN firms f ON f.fid = page.fid
               ORDER BY ${orderSql(sortBy, request.sortDesc, ['fid'], 'page')}`
      const { rows } = await db.execute<Record<string, unknown>>(query)
      return rows
    },
    () => firmCount(db, request),
    { page: request.page, size: request.perPage },
  )
}

/**
 * A firm grouping without carrier, type or contract filters is each firm's totals over all of them:
 * report_firm_totals (migration 0025, decision 0040) holds them per firm and kind, kept exact by
 * triggers on the rollup, so the report reads one row per firm instead of grouping the rollup.
 * GLR (two kinds in one row) and filtered reports group the rollup.
 */
const readsFirmTotals = (request: AggregateRequest) =>
  request.aggType !== 'glr' && !request.carriers?.length && !request.types?.length && request.contract === undefined

/** One measure of one report_firm_totals row (the same value the rollup's grouping gives). */
function totalsMeasureSql(column: MeasureColumn, request: AggregateRequest): SQL {
  if (column === 'policies' || column === 'claims') return sql`t.n`
  const count = column === 'premium' ? sql.raw('t.n_premium') : sql.raw('t.n')
  switch (request.aggType) {
    case 'min':
      return sql`t.${ident(`${column}_min`)}`
    case 'max':
      return sql`t.${ident(`${column}_max`)}`
    case 'avg':
      return sql`round(t.${ident(`${column}_sum`)} / NULLIF(${count}, 0), 2)`
    default:
      return sql`t.${ident(`${column}_sum`)}`
  }
}

/**
 * The order of a firm-totals page, written as its index is (migration 0025), so a page is an index
 * walk: counts, sums, the state and the fid, and every claims measure, are never null, so they are
 * ordered without NULLS LAST (the same order); a policies minimum, maximum or average can be null, and
 * nulls go last either way, as -Infinity descending and Infinity ascending. Ties by fid, as the
 * rollup's grouping orders them. An extra firm column is sorted over the firms (not indexed).
 */
function totalsOrderSql(sortBy: ReportColumn, request: AggregateRequest): SQL {
  const desc = request.sortDesc
  const direction = sql.raw(desc ? 'DESC' : 'ASC')
  if ((EXTRA_COLUMNS as readonly string[]).includes(sortBy))
    return sql`${extraSql(sortBy as ExtraColumn)} ${sql.raw(desc ? 'DESC NULLS LAST' : 'ASC NULLS LAST')}, t.fid`
  if (sortBy === 'fid') return sql`t.fid ${direction}`
  if (sortBy === 'state') return sql`t.state ${direction}, t.fid`
  const value = totalsMeasureSql(sortBy as MeasureColumn, request)
  const nullable = request.queryType === 'policies' && sortBy === 'premium' && request.aggType !== 'sum'
  if (nullable) return sql`COALESCE(${value}, ${sql.raw(desc ? "'-Infinity'" : "'Infinity'")}) ${direction}, t.fid`
  return sql`${value} ${direction}, t.fid`
}

async function firmTotalsRows(
  db: DbOrTx,
  request: AggregateRequest,
  sortBy: ReportColumn,
  extra: readonly ExtraColumn[],
) {
  // A literal, not a parameter, so the planner proves the partial indexes' kind (a schema enum value).
  const kind = sql.raw(request.queryType === 'policies' ? "'policies'" : "'claims'")
  const measures = sql.join(
    measureColumns(request.queryType, request.aggType).map(
      (column) => sql`${totalsMeasureSql(column, request)} AS ${ident(column)}`,
    ),
    sql`, `,
  )
  const extraSelect = extraSelectSql(extra)
  const byExtra = (EXTRA_COLUMNS as readonly string[]).includes(sortBy)
  const order = totalsOrderSql(sortBy, request)
  return keptCountPageOf(
    async ({ limit, offset }) => {
      // The page's firms are walked in the order's index; their totals and firm columns read for them only.
      const query = byExtra
        ? sql`SELECT t.fid, t.state, ${measures}${extraSelect}
                FROM report_firm_totals t LEFT JOIN firms f ON f.fid = t.fid
               WHERE t.kind = ${kind} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`
        : sql`WITH page AS (SELECT t.fid FROM report_firm_totals t WHERE t.kind = ${kind}
                             ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})
              SELECT t.fid, t.state, ${measures}${extraSelect}
                FROM page JOIN report_firm_totals t ON t.fid = page.fid AND t.kind = ${kind}
                LEFT JOIN firms f ON f.fid = t.fid
               ORDER BY ${order}`
      const { rows } = await db.execute<Record<string, unknown>>(query)
      return rows
    },
    async () => {
      const { rows } = await db.execute<{ count: number }>(
        sql`SELECT firms AS count FROM report_firm_totals_counts WHERE kind = ${kind}`,
      )
      return { count: Number(rows[0]?.count ?? 0) }
    },
    { page: request.page, size: request.perPage },
  )
}

/** One page of the report's rows (perPage of them), sorted on the server, with their count. */
export async function aggregateRows(db: DbOrTx, request: AggregateRequest) {
  const sortBy = reportSort(request)
  const groups = groupColumns(request.state)
  const extra = extraColumnsShown(request.state, request.extra)
  const columns = [...groups, ...extra, ...measureColumns(request.queryType, request.aggType)]
  const shape = (list: { rows: Record<string, unknown>[]; total: number; page: number; pages: number }) => ({
    columns,
    sortBy,
    list: { ...list, rows: list.rows.map((row) => rowOf(row, columns)) },
  })
  if (request.state === 'firm')
    return shape(
      readsFirmTotals(request)
        ? await firmTotalsRows(db, request, sortBy, extra)
        : await firmRows(db, request, sortBy, extra),
    )
  const keys =
    request.state === 'zone'
      ? sql`COALESCE(z.zone, '') AS zone`
      : request.state === 'other'
        ? sql`a.state, a.county`
        : sql`a.state`
  const groupBy = request.state === 'other' ? sql`1, 2` : sql`1`
  const list = await pageOf(
    async ({ limit, offset }) => {
      const { rows } = await db.execute<Record<string, unknown> & { __total: number }>(sql`WITH g AS (
          SELECT ${keys}, ${measuresSql(request)}
            FROM report_area_rollup a ${request.state === 'zone' ? sql`LEFT JOIN zones z ON z.state = a.state` : sql``}
           WHERE ${whereSql(request, 'a')}
           GROUP BY ${groupBy})
        SELECT g.*, ${TOTAL_SQL} FROM g
         ORDER BY ${orderSql(sortBy, request.sortDesc, groups, 'g')} LIMIT ${limit} OFFSET ${offset}`)
      return rows
    },
    { page: request.page, size: request.perPage },
  )
  return shape(list)
}

/**
 * The `data_versions` row bumped by every change of report_area_rollup or zones (migration 0028): what
 * the state, zone and county groupings and every report's totals row read.
 */
export const REPORT_AREAS_VERSION = 'report_areas'
const areaReports = versionedCache(REPORT_AREAS_VERSION, 300)

/** For tests: forget the cached area reports and totals. */
export const clearAreaReportCache = () => areaReports.clear()

/** What the totals row is computed from (the grouping, sort and page do not change it). */
const totalsKey = (request: AggregateRequest) =>
  JSON.stringify([
    request.queryType,
    request.aggType,
    request.carriers ?? [],
    request.types ?? [],
    request.contract ?? null,
  ])

/** What an area grouping's page is computed from. */
const areaRowsKey = (request: AggregateRequest) =>
  JSON.stringify([
    request.state,
    request.queryType,
    request.aggType,
    request.carriers ?? [],
    request.types ?? [],
    request.contract ?? null,
    request.extra ?? [],
    request.sortBy ?? null,
    request.sortDesc,
    request.page,
    request.perPage,
  ])

/**
 * The report: its page of rows and (unless `simple`) its totals row. The state, zone and county
 * groupings and the totals read only report_area_rollup and zones, so they are kept exactly under the
 * report_areas version (decision 0041): the same report asked again is one indexed row read until a
 * policy or claim changes an area's rollup. A firm grouping's rows read the firm rollups and firms, and
 * are read afresh each time.
 */
export async function aggregateReport(db: DbOrTx, request: AggregateRequest): Promise<AggregateReport> {
  const cache = await areaReports.open(db)
  const [page, totals] = await Promise.all([
    request.state === 'firm'
      ? aggregateRows(db, request)
      : cache.get(`rows:${areaRowsKey(request)}`, () => aggregateRows(db, request)),
    request.simple
      ? Promise.resolve(null)
      : cache.get(`totals:${totalsKey(request)}`, () => aggregateTotals(db, request)),
  ])
  return {
    columns: page.columns,
    rows: page.list.rows,
    totals,
    count: page.list.total,
    page: page.list.page,
    pages: page.list.pages,
    sortBy: page.sortBy,
    sortDesc: request.sortDesc,
  }
}

/** The claim money columns, for tests and the chart. */
export const AGGREGATE_CLAIM_MEASURES = CLAIM_MEASURES
