import { getTableName, ilike, or, sql, type Column, type SQL } from 'drizzle-orm'
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '#app/db/client.server'

/**
 * "Contains this word" on a text expression, in the form its indexes serve: a trigram index (pg_trgm)
 * for words of three characters or more, the two-letter pieces of `search_bigrams` (migration 0010)
 * for words of two, which a trigram index cannot look up. The ILIKE is always there: the pieces only
 * find the rows that may match. `text` must be written as the index's expression is.
 */
export function containsWord(text: SQL, word: string): SQL {
  const pattern = `%${escapeLike(word)}%`
  if (word.length !== 2) return sql`${text} ILIKE ${pattern}`
  return sql`(search_bigrams(${text}) @> ARRAY[lower(${word})]::text[] AND ${text} ILIKE ${pattern})`
}

/**
 * The text anywhere in one of the columns: ILIKE '%text%' on each column itself, so each column's
 * trigram index applies. The searches of contacts, policies, notes and people build their OR on it.
 */
export function anyContains(columns: readonly Column[], text: string): SQL {
  const pattern = `%${escapeLike(text)}%`
  return or(...columns.map((column) => ilike(column, pattern))) ?? sql`false`
}

/** A user's text as a literal LIKE pattern piece: %, _ and \ match themselves; NUL is dropped. */
export function escapeLike(text: string): string {
  return text.replaceAll('\u0000', '').replace(/[\\%_]/g, (match) => `\\${match}`)
}

/** Rows a sample reads to estimate a search's matches: a few milliseconds at any size. */
const SAMPLE_ROWS = 1000
const tableSizes = new Map<string, { rows: number; at: number }>()

/**
 * About how many rows of `table` match `where`, counted in a sample of about SAMPLE_ROWS of them (the
 * same blocks each time: REPEATABLE). Searches choose their plan by it (walk an ordered index for a
 * common term, sort the matches of a rare one). The planner's own estimate needed 1,000-entry
 * statistics to be right at a million rows, and then spent 1.5 ms planning every query that used them.
 */
export async function sampledMatches(db: DbOrTx, table: PgTable, where: SQL): Promise<number> {
  const name = getTableName(table)
  let size = tableSizes.get(name)
  if (!size || Date.now() - size.at > 60_000) {
    const result = await db.execute<{ rows: number }>(
      sql`SELECT greatest(reltuples, 0)::bigint AS rows FROM pg_class WHERE oid = to_regclass(${name})`,
    )
    size = { rows: Number(result.rows[0]?.rows ?? 0), at: Date.now() }
    tableSizes.set(name, size)
  }
  const percent = size.rows > SAMPLE_ROWS ? (SAMPLE_ROWS / size.rows) * 100 : 100
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${table} TABLESAMPLE SYSTEM (${sql.raw(percent.toFixed(6))}) REPEATABLE (1) WHERE ${where}`,
  )
  return Number(result.rows[0]?.n ?? 0) * (100 / percent)
}

/**
 * The sample's estimate of a search (sampledMatches), kept a minute per search in this process: it only
 * chooses the plan (walk the sort index or sort the matches), never what is shown, so a search paged,
 * sorted or refreshed reads its 1,000-row sample once, and a write is never hidden (the rows and the
 * count are read afresh every time). At most ESTIMATES_KEPT searches, the oldest dropped first. The
 * firms search and the people search use it.
 */
const estimates = new Map<string, { matches: number; at: number }>()
const ESTIMATE_MS = 60_000
const ESTIMATES_KEPT = 500
const dialect = new PgDialect()

export async function estimatedMatches(db: DbOrTx, table: PgTable, where: SQL): Promise<number> {
  const query = dialect.sqlToQuery(where)
  const key = `${getTableName(table)}\u0000${query.sql}\u0000${JSON.stringify(query.params)}`
  const kept = estimates.get(key)
  if (kept && Date.now() - kept.at < ESTIMATE_MS) return kept.matches
  const matches = await sampledMatches(db, table, where)
  estimates.delete(key)
  estimates.set(key, { matches, at: Date.now() })
  if (estimates.size > ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value!)
  return matches
}
