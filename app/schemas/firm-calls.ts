import { z } from 'zod'
import { FIRM_CATEGORIES, FIRM_CATEGORY_MESSAGES } from '#app/domain/firm-categories'
import { FIRM_LIMIT, PAGE_SIZES } from '#app/domain/firm-search'
import { NOTE_MODES, NOTE_STATUS_LIST } from '#app/domain/notes'
import { NOTE_SORT_KEYS } from '#app/domain/notes-tab'
import { PEOPLE_SEARCH_LIMIT } from '#app/domain/people-search'
import { POLICY_PAGE_SIZES, POLICY_SORTS, POLICY_STATUS_LIST, POLICY_VIEWS } from '#app/domain/policies'
import { membersSearchFormSchema } from './firm-search'
import { policyFiltersFormSchema } from './policy'
import { queryList } from './fields'
import { sortOrderParam } from './query'

/**
 * The query strings of a firm's calls (spec 2 §7: GET /api/firms?category=, /api/firms/{id}/policies,
 * /people, /notes, /forms, /recipients, /policies/booked, /api/firms/members/{id}, /firmplids/{id}).
 * Every list is paged: page from 1, perPage bounded by the screen's own limit. Unknown or malformed
 * values answer 400 with the field's message (readQuery).
 */

const page = z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').max(100_000)
const perPage = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'perPage must be a number' })
    .int()
    .min(1, 'perPage must be at least 1')
    .max(max, `perPage is at most ${max}`)
    .default(fallback)
/** A yes/no query value: 1, true, 0 or false. */
const flag = z
  .enum(['1', '0', 'true', 'false'], { error: 'use true or false' })
  .transform((value) => value === '1' || value === 'true')
/** A repeated or comma-separated list (?status=Book&status=Past or ?status=Book,Past). */
const listOf = <T extends z.ZodType<string, string>>(item: T, max: number) =>
  queryList
    .pipe(z.array(item).max(max, `at most ${max} values`))
    .optional()
    .transform((value) => value ?? [])

/** GET /api/firms?category=active|neglected: the firm table's page sizes at most (100, 200, 500). */
export const firmCategoryQuerySchema = z.object({
  category: z.enum(FIRM_CATEGORIES, { error: FIRM_CATEGORY_MESSAGES.category }),
  page: page.default(1),
  perPage: perPage(Math.max(...PAGE_SIZES), FIRM_LIMIT),
})

/**
 * GET /api/firms/{id}/policies: the Policies tab's list (its view toggle, More filters, search and
 * sortable columns), pages of at most 100 as the tab's.
 */
export const firmPoliciesQuerySchema = z.object({
  view: z.enum(POLICY_VIEWS, { error: `view must be one of ${POLICY_VIEWS.join(', ')}` }).default('View'),
  status: listOf(z.enum(POLICY_STATUS_LIST, { error: 'status is not a policy status' }), POLICY_STATUS_LIST.length),
  carrier: listOf(policyFiltersFormSchema.shape.pcarrier.unwrap().element, 50),
  type: listOf(policyFiltersFormSchema.shape.ptype.unwrap().element, 50),
  search: policyFiltersFormSchema.shape.pq.default(''),
  sortBy: z.enum(POLICY_SORTS, { error: `sortBy must be one of ${POLICY_SORTS.join(', ')}` }).default('incept'),
  sortDesc: flag.default(true),
  page: page.default(1),
  perPage: perPage(Math.max(...POLICY_PAGE_SIZES), POLICY_PAGE_SIZES[0]),
})

/** GET /api/firms/{id}/policies/booked: the same list held to the Policies view (Book, dncLost, Lost, Past, Tail). */
export const firmBookedPoliciesQuerySchema = firmPoliciesQuerySchema.omit({ view: true })

/**
 * GET /api/firms/{id}/people, /api/firms/members/{id}, /api/firms/firmplids/{id}: the Members tab's
 * search and surname order over the firm's people (at most the spec's 1000), a page at a time.
 */
export const firmPeopleQuerySchema = z.object({
  search: membersSearchFormSchema.shape.mq.default(''),
  surname: flag.default(false),
  page: page.default(1),
  perPage: perPage(PEOPLE_SEARCH_LIMIT, 100),
})

/** The Notes tab's modes a list can have (Web is a preview around one note, not a list). */
const LIST_MODES = NOTE_MODES.filter((mode) => mode !== 'Web') as Exclude<(typeof NOTE_MODES)[number], 'Web'>[]

/**
 * GET /api/firms/{id}/notes: the Notes tab's list (spec 2 §2.4, §9): a mode (status with mode Status),
 * a search, a sort column and order, and the batch of 1000 (newest change first) with its page of 100.
 */
export const firmNotesQuerySchema = z
  .object({
    mode: z
      .enum(LIST_MODES as [string, ...string[]], { error: `mode must be one of ${LIST_MODES.join(', ')}` })
      .default('All'),
    status: z.enum(NOTE_STATUS_LIST, { error: `status must be one of ${NOTE_STATUS_LIST.join(', ')}` }).optional(),
    search: z.string().trim().max(100, 'search is at most 100 characters').default(''),
    searchcolumn: z
      .enum(NOTE_SORT_KEYS, { error: `searchcolumn must be one of ${NOTE_SORT_KEYS.join(', ')}` })
      .default('cstamp'),
    sortorder: sortOrderParam('sortorder').default('DESC'),
    batch: page.default(1),
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int()
      .min(1, 'page must be at least 1')
      .max(10, 'page is at most 10 (a batch of 1000 has ten pages of 100)')
      .default(1),
  })
  .refine((query) => query.mode !== 'Status' || query.status !== undefined, {
    path: ['status'],
    message: 'status is required with mode Status',
  })

/** GET /api/firms/{id}/forms: the firm's Form files, a page at a time. */
export const firmFormsQuerySchema = z.object({
  page: page.default(1),
  perPage: perPage(500, 100),
})

/** GET /api/firms/{id}/recipients: the firm's people a note may be addressed to, optionally searched. */
export const firmRecipientsQuerySchema = z.object({
  search: z.string().trim().max(100, 'search is at most 100 characters').default(''),
  page: page.default(1),
  perPage: perPage(100, 50),
})
