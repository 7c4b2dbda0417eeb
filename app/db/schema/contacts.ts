import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { directoryChecks, identity, postalAddress, trigramIndexes, versioned } from './columns'
import { states } from './lists'

/**
 * An outside party: adjusters, panel law firms, MGAs, carriers, producers, taxing authorities
 * (spec 2 §3 Contact). Its people are `people` rows with this cid.
 */
export const contacts = pgTable(
  'contacts',
  {
    cid: identity('cid'),
    name1: text('name1').notNull(),
    name2: text('name2'),
    ...postalAddress(() => states.code),
    email: text('email'),
    /**
     * The contact's types as one string, each prefixed by a tilde: '~Adjuster~Panel'. Match one type
     * with `type LIKE '%~Adjuster%'` (the next character is '~' or the end).
     */
    type: text('type').notNull(),
    sort: varchar('sort', { length: 10 }).notNull(),
    phone: text('phone'),
    fax: text('fax'),
    fein: text('fein'),
    website: text('website'),
    note: text('note'),
    ...versioned(),
  },
  (t) => [
    ...directoryChecks('contacts', { required: [t.name1, t.sort], phones: [t.phone, t.fax], email: t.email }),
    check('contacts_type_tilde_list', sql`${t.type} ~ '^(~[^~]+)+$'`),
    index('contacts_sort_idx').on(t.sort),
    ...trigramIndexes('contacts', t.sort, t.name1, t.type),
  ],
)
