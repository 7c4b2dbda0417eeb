import { sql, type SQL } from 'drizzle-orm'

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

/** A user's text as a literal LIKE pattern piece: %, _ and \ match themselves; NUL is dropped. */
export function escapeLike(text: string): string {
  return text.replaceAll('\u0000', '').replace(/[\\%_]/g, (match) => `\\${match}`)
}
