import { sql } from 'drizzle-orm'
import { check, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core'
import { directoryChecks, identity, isoDate, trigramIndexes, versioned } from './columns'
import { contacts } from './contacts'
import { firms } from './firms'

/**
 * A person: a member of a firm (fid), a person of a contact (cid), or neither (created on People
 * Search). firms_sort, contacts_sort, name and sort of the API are derived by queries.
 * Unlinking a person from a contact sets cid to null (spec 2 §4), hence `set null`.
 */
export const people = pgTable(
  'people',
  {
    plid: identity('plid'),
    fid: integer('fid').references(() => firms.fid, { onDelete: 'set null' }),
    cid: integer('cid').references(() => contacts.cid, { onDelete: 'set null' }),
    prefix: text('prefix'),
    given: text('given'),
    surname: text('surname').notNull(),
    suffix: text('suffix'),
    salutation: text('salutation'),
    /** The `short` of the role list. */
    role: text('role'),
    direct: text('direct'),
    ext: text('ext'),
    fax: text('fax'),
    mobile: text('mobile'),
    home: text('home'),
    born: isoDate('born'),
    licensed: isoDate('licensed'),
    hired: isoDate('hired'),
    /** XXX-XX-XXXX; masked for users without person-edit. */
    ssn: text('ssn'),
    /** Hours worked per week. */
    hours: numeric('hours', { precision: 6, scale: 2 }),
    /** Continuing education, free text (credits, dates). */
    ce: text('ce'),
    email: text('email'),
    ...versioned(),
  },
  (t) => [
    ...directoryChecks('people', {
      required: [t.surname],
      phones: [t.direct, t.fax, t.mobile, t.home],
      email: t.email,
    }),
    check('people_ssn_shape', sql`${t.ssn} IS NULL OR ${t.ssn} ~ '^[0-9]{3}-[0-9]{2}-[0-9]{4}$'`),
    check('people_ext_digits', sql`${t.ext} IS NULL OR ${t.ext} ~ '^[0-9]{1,10}$'`),
    check('people_hours_non_negative', sql`${t.hours} IS NULL OR ${t.hours} >= 0`),
    index('people_fid_idx').on(t.fid),
    index('people_cid_idx').on(t.cid),
    index('people_surname_given_idx').on(t.surname, t.given),
    ...trigramIndexes('people', t.surname, t.given, t.email),
  ],
)
