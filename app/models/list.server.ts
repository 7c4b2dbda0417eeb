import { and, asc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { listItems as listItemsTable, states as statesTable } from '#app/db/schema'
import { versionedCache } from './data-version.server'
import { escapeLike } from './search-text.server'

export interface ListItem {
  lst_id: number
  type: string
  short: string
  long: string | null
  sort: number
  active: boolean
}

/** A choice in a form's select: the stored value and what the user reads. */
export interface PicklistOption {
  value: string
  label: string
}

/**
 * Pseudo list names accepted by loadPicklists besides the list types: every jurisdiction, and the
 * 50 states plus DC (see nuStates).
 */
export const STATE_PICKLISTS = ['states', 'nu-states'] as const

const itemColumns = {
  lst_id: listItemsTable.lst_id,
  type: listItemsTable.type,
  short: listItemsTable.short,
  long: listItemsTable.long,
  sort: listItemsTable.sort,
  active: listItemsTable.active,
}
const itemOrder = [asc(listItemsTable.type), asc(listItemsTable.sort), asc(listItemsTable.short)]

/**
 * The entries of the given list types (all types when omitted), grouped by type, in list order.
 * Every requested type is a key, with an empty list when it has no entries.
 */
export async function listItems(
  db: DbOrTx,
  types?: readonly string[],
  options: { includeInactive?: boolean } = {},
): Promise<Record<string, ListItem[]>> {
  if (types && types.length === 0) return {}
  const conditions: SQL[] = []
  if (types) conditions.push(inArray(listItemsTable.type, [...types]))
  if (!options.includeInactive) conditions.push(eq(listItemsTable.active, true))
  const rows = await db
    .select(itemColumns)
    .from(listItemsTable)
    .where(and(...conditions))
    .orderBy(...itemOrder)
  const grouped: Record<string, ListItem[]> = Object.fromEntries((types ?? []).map((type) => [type, []]))
  for (const row of rows) (grouped[row.type] ??= []).push(row)
  return grouped
}

/**
 * GET /api/lists/search?search={listtype}: the active entries of every list type whose name contains
 * the search text (case-insensitive), in list order. A blank search finds nothing.
 */
export async function searchListTypes(db: DbOrTx, search: string): Promise<ListItem[]> {
  const term = search.trim()
  if (term === '') return []
  return db
    .select(itemColumns)
    .from(listItemsTable)
    .where(and(ilike(listItemsTable.type, `%${escapeLike(term)}%`), eq(listItemsTable.active, true)))
    .orderBy(...itemOrder)
}

/** GET /api/states: every jurisdiction (50 states, DC and the territories), by code. */
export async function states(db: DbOrTx): Promise<{ code: string; name: string }[]> {
  return db.select({ code: statesTable.code, name: statesTable.name }).from(statesTable).orderBy(asc(statesTable.code))
}

/**
 * GET /api/nu-states: the 50 states and DC, by name — the jurisdictions with surplus-lines tax rates,
 * offered by the tax calculator and the policy screens.
 */
export async function nuStates(db: DbOrTx): Promise<{ name: string; code: string }[]> {
  return db
    .select({ name: statesTable.name, code: statesTable.code })
    .from(statesTable)
    .where(ne(statesTable.kind, 'territory'))
    .orderBy(asc(statesTable.name))
}

/** Whether a code is one of nuStates' (the tax calculator's states): one row read, not the list. */
export async function isNuState(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: statesTable.code })
    .from(statesTable)
    .where(and(eq(statesTable.code, code), ne(statesTable.kind, 'territory')))
  return row !== undefined
}

/**
 * The options of several picklists for a form, in one query. Names are list types (label: the long
 * text, else the short value) or 'states' / 'nu-states' (value the code, label the name). Unknown
 * names answer an empty list, so a form never breaks on a missing list.
 */
export async function loadPicklists<Name extends string>(
  db: DbOrTx,
  names: readonly Name[],
): Promise<Record<Name, PicklistOption[]>> {
  if (names.length === 0) return loadPicklistsRead(db, names)
  const cache = await keptPicklists.open(db)
  return cache.get(JSON.stringify([...names]), () => loadPicklistsRead(db, names))
}

/**
 * The `data_versions` row bumped at commit by any write of list_items or states (migration 0032,
 * decision 0038 §13): the picklists are kept under it, per set of names asked for.
 */
export const PICKLISTS_VERSION = 'picklists'
const keptPicklists = versionedCache(PICKLISTS_VERSION, 100)

/** For tests: forget the kept picklists. */
export const clearPicklistsCache = () => keptPicklists.clear()

/** The picklists read from the tables (exported for the cache's test). */
export async function loadPicklistsRead<Name extends string>(
  db: DbOrTx,
  names: readonly Name[],
): Promise<Record<Name, PicklistOption[]>> {
  const result = Object.fromEntries(names.map((name) => [name, [] as PicklistOption[]])) as Record<
    Name,
    PicklistOption[]
  >
  if (names.length === 0) return result
  const wanted = sql.param([...new Set<string>(names)])
  const { rows } = await db.execute<{ list: Name; value: string; label: string }>(sql`
    SELECT "type" AS list, "short" AS value, coalesce("long", "short") AS label, "sort" AS position
      FROM ${listItemsTable}
     WHERE "active" AND "type" = ANY(${wanted}::text[])
    UNION ALL
    SELECT 'states', "code", "name", 0 FROM ${statesTable} WHERE 'states' = ANY(${wanted}::text[])
    UNION ALL
    SELECT 'nu-states', "code", "name", 0 FROM ${statesTable}
     WHERE "kind" <> 'territory' AND 'nu-states' = ANY(${wanted}::text[])
    ORDER BY list, position, label
  `)
  for (const row of rows) result[row.list].push({ value: row.value, label: row.label })
  return result
}
