import { inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { dataVersions } from '#app/db/schema'

/**
 * Exact caches (decision 0038, issue 26's rule: invalidated by a version, never by a timer). A row of
 * `data_versions` names a set of data; statement triggers on its tables bump the row in the writing
 * transaction (migration 0024). A reader reads the version first, then the data: what it loads is at
 * least as new as that version, so a cache filled under a version never serves data older than it, and
 * the first reader after a commit sees the new version and loads afresh. Works across processes: each
 * keeps its own cache and asks the database for the version.
 */

/**
 * The version of one set of data: its counter and the bump's clock time (see `data_versions`). The
 * versions asked for on one connection pool in the same turn of the event loop (a page's loaders
 * open their caches side by side: the claims search reads three) are read in one statement; each is
 * still read after it was asked for, so the rule above holds.
 */
export function readDataVersion(db: DbOrTx, name: string): Promise<string> {
  let batch = batches.get(db)
  if (!batch) {
    const names = new Set<string>()
    const read = Promise.resolve().then(async () => {
      batches.delete(db)
      const rows = await db
        .select({
          name: dataVersions.name,
          version: sql<string>`${dataVersions.version}::text || '@' || ${dataVersions.changed}::text`,
        })
        .from(dataVersions)
        .where(inArray(dataVersions.name, [...names].sort()))
      return new Map(rows.map((row) => [row.name, row.version]))
    })
    batch = { names, read }
    batches.set(db, batch)
  }
  batch.names.add(name)
  // No row (a database the migration has not reached) caches nothing: every read loads.
  return batch.read.then((versions) => versions.get(name) ?? '')
}

/** The versions asked for in this turn, per database handle, not yet read. */
const batches = new WeakMap<DbOrTx, { names: Set<string>; read: Promise<Map<string, string>> }>()

export interface VersionedReader {
  /**
   * The value under `key` at this reader's version: from the cache, or loaded (once) and kept. A kept
   * value that `stale` says no longer holds (one that also depends on the clock) is loaded again.
   */
  get<T>(key: string, load: () => Promise<T>, stale?: (value: T) => boolean): Promise<T>
}

/**
 * A cache of values computed from the data named `name`, each under its own key (a tile, a page, a
 * user, a day), all dropped together when the version moves. At most `limit` keys are kept.
 */
export function versionedCache(name: string, limit = 500) {
  let version = ''
  let entries = new Map<string, Promise<unknown>>()
  return {
    /** Reads the version once (one indexed row); the reader serves every key of one request at it. */
    async open(db: DbOrTx): Promise<VersionedReader> {
      const current = await readDataVersion(db, name)
      return {
        get<T>(key: string, load: () => Promise<T>, stale?: (value: T) => boolean): Promise<T> {
          if (!current) return load()
          if (current !== version) {
            version = current
            entries = new Map()
          }
          const shelf = entries
          const keep = () => {
            if (shelf.size >= limit) shelf.clear()
            const loading = load()
            shelf.set(key, loading)
            // A failed load is not kept: the next reader tries again.
            loading.catch(() => {
              if (shelf.get(key) === loading) shelf.delete(key)
            })
            return loading
          }
          const kept = shelf.get(key) as Promise<T> | undefined
          if (!kept) return keep()
          if (!stale) return kept
          // A stale value is replaced once: readers that find it stale together share the new load.
          return kept.then((value) => {
            if (!stale(value)) return value
            const now = shelf.get(key) as Promise<T> | undefined
            return now && now !== kept ? now : keep()
          })
        },
      }
    },
    /** For tests: forget every value. */
    clear() {
      version = ''
      entries = new Map()
    },
  }
}
