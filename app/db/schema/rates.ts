import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core'
import {
  identity,
  requiredRef,
  version,
  versioned,
  textList,
  isoDate,
  money,
  fraction,
  between0and1,
  inList,
  notBlankChecks,
} from './columns'
import { FEE_FIELDS, TAX_FIELDS } from '#app/domain/tax'
import { contacts } from './contacts'
import { listItems, states } from './lists'

/**
 * How a computed tax amount is rounded (GET /api/taxes/roundings). Reference data inserted by a
 * migration; CENT is the default.
 */
export const roundings = pgTable('roundings', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  sort: integer('sort').notNull().default(0),
})

/** The policy fees a tax may apply to; '*' means all of them (spec 1 §3). */
export const TAXED_FEES = ['*', ...FEE_FIELDS] as const
export { TAX_FIELDS }

/**
 * A state tax or stamping fee (spec 1 §3). `rate` is a FRACTION of the taxed base (0.0485 is 4.85 %),
 * like commissions; `flat` is dollars added once. amount = round(base × rate + flat), where base is
 * the premium plus the fees named in taxed_fees. field says which policy fee receives the amount:
 * DOI → doifee, SLA → slafee. A rate is current while end_date is null; the next rate's start_date is
 * the previous one's end_date.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: identity('id'),
    state: text('state')
      .notNull()
      .references(() => states.code),
    entity: text('entity').notNull(),
    rate: fraction('rate'),
    flat: money('flat'),
    taxed_fees: textList('taxed_fees'),
    round: text('round')
      .notNull()
      .default('CENT')
      .references(() => roundings.code),
    /** Applies to admitted placements too (otherwise only surplus lines). */
    admitted: boolean('admitted').notNull().default(false),
    field: text('field', { enum: TAX_FIELDS }).notNull(),
    start_date: isoDate('start_date').notNull(),
    end_date: isoDate('end_date'),
    ...versioned(),
  },
  (t) => [
    ...notBlankChecks('tax_rates', t.entity),
    check('tax_rates_field_valid', sql`${t.field} IN (${inList(TAX_FIELDS)})`),
    check('tax_rates_rate_range', sql`${t.rate} IS NULL OR (${t.rate} >= 0 AND ${t.rate} < 1)`),
    check('tax_rates_flat_non_negative', sql`${t.flat} IS NULL OR ${t.flat} >= 0`),
    check('tax_rates_rate_or_flat', sql`${t.rate} IS NOT NULL OR ${t.flat} IS NOT NULL`),
    check('tax_rates_taxed_fees_valid', sql`${t.taxed_fees} <@ ARRAY[${inList(TAXED_FEES)}]::text[]`),
    check('tax_rates_taxed_fees_all_alone', sql`NOT ('*' = ANY(${t.taxed_fees})) OR cardinality(${t.taxed_fees}) = 1`),
    check('tax_rates_dates_ordered', sql`${t.end_date} IS NULL OR ${t.end_date} >= ${t.start_date}`),
    // At most one current DOI and one current SLA rate per state (spec 1 §4).
    uniqueIndex('tax_rates_current_uq')
      .on(t.state, t.field)
      .where(sql`${t.end_date} IS NULL`),
    index('tax_rates_state_field_start_idx').on(t.state, t.field, t.start_date),
  ],
)

export const COMMISSION_DATE_TYPES = ['incept', 'expiry', 'quoted', 'booked', 'Bound'] as const
export type CommissionDateType = (typeof COMMISSION_DATE_TYPES)[number]

/**
 * An MGA commission rule (spec 1 §3). A rule set is (mga_id, carrier, types, renewal, condition);
 * its current rule has no end date. start_date_type / end_date_type name the policy date compared
 * with start_date / end_date.
 */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: identity('id'),
    mga_id: requiredRef('mga_id', () => contacts.cid),
    /** The `short` of the carrier list. */
    carrier: text('carrier').notNull(),
    /** Policy types (ptype shorts) the rule covers. */
    types: textList('types'),
    /** true renewal, false new business, null all placements. */
    renewal: boolean('renewal'),
    condition: text('condition'),
    commission: fraction('commission').notNull(),
    start_date: isoDate('start_date').notNull(),
    start_date_type: text('start_date_type', { enum: COMMISSION_DATE_TYPES }).notNull(),
    end_date: isoDate('end_date'),
    end_date_type: text('end_date_type', { enum: COMMISSION_DATE_TYPES }),
    ...versioned(),
  },
  (t) => [
    check('commission_rules_commission_fraction', between0and1(t.commission)),
    check('commission_rules_start_type_valid', sql`${t.start_date_type} IN (${inList(COMMISSION_DATE_TYPES)})`),
    check(
      'commission_rules_end_type_valid',
      sql`${t.end_date_type} IS NULL OR ${t.end_date_type} IN (${inList(COMMISSION_DATE_TYPES)})`,
    ),
    check('commission_rules_end_pair', sql`(${t.end_date} IS NULL) = (${t.end_date_type} IS NULL)`),
    check('commission_rules_dates_ordered', sql`${t.end_date} IS NULL OR ${t.end_date} >= ${t.start_date}`),
    index('commission_rules_mga_carrier_idx').on(t.mga_id, t.carrier, t.start_date),
  ],
)

/** Which contact is paid the commission when an MGA appears on a policy (spec 1 §2.10). */
export const mgaBilling = pgTable(
  'mga_billing',
  {
    id: identity('id'),
    contact_id: requiredRef('contact_id', () => contacts.cid).unique(),
    billing_mga: requiredRef('billing_mga', () => contacts.cid),
    version: version(),
  },
  (t) => [index('mga_billing_billing_idx').on(t.billing_mga)],
)

/**
 * A producer's commission rate; list_id is the producer's entry in the `name` list, null for the one
 * default rate. renewal: true renewal, false new business, null all placements.
 */
export const producerCommissions = pgTable(
  'producer_commissions',
  {
    id: identity('id'),
    list_id: integer('list_id').references(() => listItems.lst_id, { onDelete: 'cascade' }),
    commission: fraction('commission').notNull(),
    renewal: boolean('renewal'),
    version: version(),
  },
  (t) => [
    check('producer_commissions_fraction', between0and1(t.commission)),
    // One rate per producer and placement (null placement counts as a value).
    unique('producer_commissions_producer_placement_uq').on(t.list_id, t.renewal).nullsNotDistinct(),
    // The default row is a single row, whatever its placement.
    uniqueIndex('producer_commissions_one_default_uq')
      .on(sql`(${t.list_id} IS NULL)`)
      .where(sql`${t.list_id} IS NULL`),
  ],
)
