import { sql, type SQL } from 'drizzle-orm'
import {
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  text,
  timestamp,
  type AnyPgColumn,
  type ExtraConfigColumn,
  type ReferenceConfig,
} from 'drizzle-orm/pg-core'

// Column builders shared by the domain tables. Not re-exported from the schema index: they are not
// tables, and drizzle-kit only needs the tables.

/** Optimistic locking: an update names the version it read and bumps it; a lost race updates 0 rows. */
export const version = () => integer('version').notNull().default(1)

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

/** An edited record's bookkeeping: its version (optimistic locking) and when it was created and last updated. */
export const versioned = () => ({ version: version(), createdAt: createdAt(), updatedAt: updatedAt() })

/** A table's own id, numbered by the database (a seed or an import may still give one). */
export const identity = (name: string) => integer(name).primaryKey().generatedByDefaultAsIdentity()

/** A required reference to another table's integer key (`actions`: what a delete or key change there does here). */
export const requiredRef = (name: string, target: () => AnyPgColumn, actions?: ReferenceConfig['actions']) =>
  integer(name).notNull().references(target, actions)

/** A list of texts, empty rather than null. */
export const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`)

/** A calendar day, read and written as its ISO text ('2025-03-01'), never as a Date (no time zone shifts it). */
export const isoDate = (name: string) => date(name, { mode: 'string' })

/**
 * Trigram indexes (`<table>_<column>_trgm`) that serve `column ILIKE '%term%'` on each column (pg_trgm folds
 * case itself, so no lower() is needed).
 */
export const trigramIndexes = (table: string, ...columns: ExtraConfigColumn[]) =>
  columns.map((column) => index(`${table}_${column.name}_trgm`).using('gin', column.op('gin_trgm_ops')))

/** Dollars and cents. node-postgres returns numeric as a string, which keeps the cents exact. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 })

/**
 * A rate or commission stored as a fraction (0.0485 is 4.85 %). Six decimals hold a percent with four
 * decimals, which the commission dialog rounds to.
 */
export const fraction = (name: string) => numeric(name, { precision: 9, scale: 6 })

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
})

/** Phone-like values are stored as exactly ten digits (spec 2 §9). */
export const tenDigits = (column: AnyPgColumn): SQL => sql`${column} IS NULL OR ${column} ~ '^[0-9]{10}$'`

/** Phone-like columns of a table, each checked for ten digits (`<table>_<column>_digits`). */
export const tenDigitChecks = (table: string, ...columns: ExtraConfigColumn[]) =>
  columns.map((column) => check(`${table}_${column.name}_digits`, tenDigits(column)))

/** The simple x@y.z pattern the forms check (spec 2 §5). */
export const emailShape = (column: AnyPgColumn): SQL =>
  sql`${column} IS NULL OR ${column} ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$'`

export const notBlank = (column: AnyPgColumn): SQL => sql`length(trim(${column})) > 0`

/** Required text columns of a table, each checked for more than white space (`<table>_<column>_not_blank`). */
export const notBlankChecks = (table: string, ...columns: ExtraConfigColumn[]) =>
  columns.map((column) => check(`${table}_${column.name}_not_blank`, notBlank(column)))

/**
 * A directory record's checks (firms, contacts, people): its required texts not blank, its phone-like
 * columns ten digits, its email of the simple shape (`<table>_email_shape`).
 */
export const directoryChecks = (
  table: string,
  { required, phones, email }: { required: ExtraConfigColumn[]; phones: ExtraConfigColumn[]; email: AnyPgColumn },
) => [
  ...notBlankChecks(table, ...required),
  ...tenDigitChecks(table, ...phones),
  check(`${table}_email_shape`, emailShape(email)),
]

/** A postal address: two lines, city, a state of the states list (`state`: its key), and zip. */
export const postalAddress = (state: () => AnyPgColumn) => ({
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  state: text('state').references(state),
  zip: text('zip'),
})

export const between0and1 = (column: AnyPgColumn): SQL => sql`${column} IS NULL OR (${column} >= 0 AND ${column} <= 1)`

export const nonNegative = (column: AnyPgColumn): SQL => sql`${column} >= 0`

/** `a, b, c` as SQL string literals, for CHECK (col IN (…)) over a constant list. */
export const inList = (values: readonly string[]): SQL =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))
