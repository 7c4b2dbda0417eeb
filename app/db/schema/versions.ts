import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * One row per set of data an exact cache is kept of (decision 0038): statement triggers bump its
 * version in the transaction that changes the data, so a reader that finds the version it cached under
 * knows the data is unchanged. `changed` (the bump's clock time) tells apart two databases whose
 * counters happen to agree (a database made anew from its migrations restarts at 0).
 */
export const dataVersions = pgTable('data_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changed: timestamp('changed', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
})
