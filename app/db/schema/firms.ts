import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { directoryChecks, identity, money, postalAddress, trigramIndexes, versioned } from './columns'
import { states } from './lists'

/**
 * An insured client account (spec 2 §3 Firm). type, status, source, entity hold the `short` of the
 * ftype, fstatus, source and entity lists; producer, solicitor (sub-producer) and agent hold the
 * `short` of the `name` list (the producers). The firm entity's `nid`, `people` list and `policies`
 * are derived by queries, not stored (`people` here is the head count the firm reports).
 */
export const firms = pgTable(
  'firms',
  {
    fid: identity('fid'),
    type: text('type').notNull(),
    status: text('status').notNull(),
    source: text('source'),
    /** The contact person's name as typed; firm members are rows of `people`. */
    contact: text('contact'),
    name1: text('name1'),
    name2: text('name2'),
    sort: text('sort').notNull(),
    /** The legal name. */
    insured: text('insured').notNull(),
    entity: text('entity'),
    fein: text('fein'),
    phone: text('phone'),
    fax: text('fax'),
    producer: text('producer').notNull(),
    solicitor: text('solicitor'),
    agent: text('agent'),
    ...postalAddress(() => states.code),
    website: text('website'),
    email: text('email'),
    /** Sanitised HTML (rendered by default on the Info tab). */
    note: text('note'),
    salutation: text('salutation'),
    /** Year the firm was established. */
    estab: integer('estab'),
    /** Annual revenue in dollars. */
    sales: money('sales'),
    /** Head count. */
    people: integer('people'),
    ...versioned(),
  },
  (t) => [
    ...directoryChecks('firms', { required: [t.sort, t.insured], phones: [t.phone, t.fax], email: t.email }),
    check('firms_estab_year', sql`${t.estab} IS NULL OR ${t.estab} BETWEEN 1600 AND 2200`),
    check('firms_people_non_negative', sql`${t.people} IS NULL OR ${t.people} >= 0`),
    // Unisearch and the results table sort by sort name.
    index('firms_sort_idx').on(t.sort, t.fid),
    index('firms_state_idx').on(t.state),
    index('firms_producer_idx').on(t.producer),
    index('firms_type_status_idx').on(t.type, t.status),
    // Trigram indexes serve `col ILIKE '%term%'` (pg_trgm folds case itself, so no lower() is needed)
    // for unisearch (sort, name1, name2, insured, contact, phone) and the text filters of the search form.
    ...trigramIndexes(
      'firms',
      t.sort,
      t.name1,
      t.name2,
      t.insured,
      t.contact,
      t.phone,
      t.fax,
      t.address1,
      t.address2,
      t.city,
      t.zip,
      t.email,
      t.website,
      t.fein,
    ),
  ],
)
