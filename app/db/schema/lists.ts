import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { identity } from './columns'

/**
 * The named picklists (carrier, ptype, pstatus, clmstatus, …). A list type is referenced by name from
 * list_items and from the API (`GET /api/lists?type=carrier`), so the name is the key.
 */
export const listTypes = pgTable(
  'list_types',
  {
    name: text('name').primaryKey(),
    description: text('description').notNull().default(''),
  },
  (t) => [check('list_types_name_not_blank', sql`length(trim(${t.name})) > 0`)],
)

/**
 * One entry of a picklist. Records store the entry's `short` value as text (a policy's carrier is
 * 'Lloyds', not an id), as the legacy API does, so renaming a short value is a data migration.
 * `long` is the label shown where it differs from the short value (ptype FPL → Firm Professional
 * Liability; the `name` list maps a producer's short name to the full name).
 */
export const listItems = pgTable(
  'list_items',
  {
    lst_id: identity('lst_id'),
    type: text('type')
      .notNull()
      .references(() => listTypes.name, { onUpdate: 'cascade' }),
    short: text('short').notNull(),
    long: text('long'),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('list_items_type_short_uq').on(t.type, t.short),
    index('list_items_type_sort_idx').on(t.type, t.sort, t.short),
    check('list_items_short_not_blank', sql`length(trim(${t.short})) > 0`),
  ],
)

/**
 * US jurisdictions. Reference data: the rows are inserted by a migration (not the demo seed) because
 * firms, contacts, claims and tax rates reference them and every database needs them.
 * `kind` tells the 50 states from DC and the territories: GET /api/states lists every row,
 * GET /api/nu-states only states and DC (where surplus-lines taxes are filed).
 */
export const states = pgTable(
  'states',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull().unique(),
    kind: text('kind', { enum: ['state', 'district', 'territory'] }).notNull(),
  },
  (t) => [
    check('states_code_format', sql`${t.code} ~ '^[A-Z]{2}$'`),
    check('states_kind_valid', sql`${t.kind} IN ('state', 'district', 'territory')`),
  ],
)
