import { z } from 'zod'
import {
  API_DEFAULT_PAGE_SIZE,
  API_MAX_PAGE_SIZE,
  CLAIM_COLUMNS,
  CLAIM_DATE_FIELDS,
  CLAIM_MESSAGES,
  DOLLAR_PATTERN,
  MONEY_FIELDS,
  PAGE_SIZES,
  FIRM_CLAIMS_PAGE_SIZES,
  SEARCH_FIELDS,
  type MoneyField,
  LEDGER_TYPES,
} from '#app/domain/claims'
import { ID_PATTERN } from '#app/domain/ids'
import { apiChanges } from './api-record'
import { choiceParam, descParam, pageSizeParam } from './query'
import {
  commaList,
  AMOUNT_FORMAT_MESSAGE,
  typedText,
  optionalText,
  versionField,
  idField,
  optionalIdField,
} from './fields'

export { CLAIM_MESSAGES } from '#app/domain/claims'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const validIsoDate = (value: string) =>
  ISO_DATE.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)

// ── Search ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * The filter keys a search takes: each field by name, dates as `<name>_from` and `<name>_to`. Values
 * are checked by kind: ids digits, dollar amounts digits and decimals only, dates YYYY-MM-DD.
 */
export const FILTER_KEYS: readonly string[] = SEARCH_FIELDS.flatMap((field) =>
  field.kind === 'date' ? [`${field.name}_from`, `${field.name}_to`] : [field.name],
)

function filterValue(key: string) {
  const field = SEARCH_FIELDS.find(
    (candidate) =>
      candidate.name === key ||
      (candidate.kind === 'date' && (key === `${candidate.name}_from` || key === `${candidate.name}_to`)),
  )!
  const text = z.string().trim().max(200, 'At most 200 characters')
  // Patterns, not refinements, where the browser can check them too (the generated constraints).
  const checked =
    field.kind === 'id'
      ? text.regex(ID_PATTERN, `${field.label}: digits only`)
      : field.kind === 'money'
        ? text.regex(DOLLAR_PATTERN, `${field.label}: ${CLAIM_MESSAGES.dollars}`)
        : field.kind === 'date'
          ? text.refine(validIsoDate, `${field.label}: a date as YYYY-MM-DD`)
          : field.kind === 'yesno'
            ? text.regex(/^(yes|no)$/, `${field.label}: yes or no`)
            : text
  // A blank field is no filter (the form sends every field); a JSON body's numbers are read as text.
  return z.preprocess(
    (value) =>
      typeof value === 'number'
        ? String(value)
        : typeof value === 'string' && value.trim() === ''
          ? undefined
          : typedText(value),
    checked.optional(),
  )
}

/** The claims search form's fields (the browser constraints are generated from it). */
export const claimsSearchFormSchema = z
  .object(
    Object.fromEntries(FILTER_KEYS.map((key) => [key, filterValue(key)])) as Record<
      string,
      z.ZodType<string | undefined>
    >,
  )
  .strict()

/** The filters of a search, the form's (GET: the loader answers bad values with the field's message) or the API's. */
export const claimFiltersSchema = claimsSearchFormSchema
  .superRefine((filters, ctx) => {
    if (filters.adj_plid && !filters.adj_cid)
      ctx.addIssue({ code: 'custom', path: ['adj_plid'], message: CLAIM_MESSAGES.counselNeedsHandler })
    if (filters.def_plid && !filters.def_cid)
      ctx.addIssue({ code: 'custom', path: ['def_plid'], message: CLAIM_MESSAGES.defenseNeedsFirm })
  })
  .transform((filters) =>
    Object.fromEntries(
      Object.entries(filters).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    ),
  )
export type ClaimFilters = Record<string, string>

const columnList = commaList
  .transform((values) => values.filter((v) => CLAIM_COLUMNS.includes(v)).slice(0, CLAIM_COLUMNS.length))
  .catch([])

/**
 * The claims search page's URL (a GET form: a bookmark replays the search). Paging and sorting fall
 * back to defaults when stale; the filters are checked (a bad dollar amount is a message, not a 500).
 */
export const claimSearchPageSchema = z.object({
  run: z.literal('1').optional().catch(undefined),
  col: columnList,
  order: columnList,
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  size: pageSizeParam(PAGE_SIZES),
  sort: choiceParam<string>(CLAIM_COLUMNS),
  desc: descParam,
  // 1: the More Search Options open; show: the same, asked for by the form's button without JavaScript (no search run).
  more: z.enum(['1', 'show']).optional().catch(undefined),
  /** The full-text dialog: `clid:facts` or `clid:note`, read as the claim's id and the field. */
  full: z
    .string()
    .regex(/^[1-9]\d{0,9}:(facts|note)$/)
    .transform((value) => {
      const [clid, field] = value.split(':') as [string, 'facts' | 'note']
      return { clid: Number(clid), field }
    })
    .optional()
    .catch(undefined),
})

/** The firm viewer's Claims tab's URL (c-prefixed: the viewer's other tabs share it); stale values fall back. */
export const firmClaimsTabSearchSchema = z.object({
  cpage: z.coerce.number().int().min(1).max(10_000).catch(1),
  csize: z.coerce
    .number()
    .pipe(z.union(FIRM_CLAIMS_PAGE_SIZES.map((size) => z.literal(size))))
    .catch(FIRM_CLAIMS_PAGE_SIZES[0]),
})

/** POST /api/claims/search (spec 3 §7). */
export const claimSearchBodySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    perPage: z.coerce
      .number()
      .int()
      .min(1)
      .max(API_MAX_PAGE_SIZE, `perPage is at most ${API_MAX_PAGE_SIZE}`)
      .default(API_DEFAULT_PAGE_SIZE),
    aggregates: z.boolean().default(false),
    checkedColumns: z
      .array(
        z.enum(CLAIM_COLUMNS as [string, ...string[]], {
          error: `checkedColumns must be among ${CLAIM_COLUMNS.join(', ')}`,
        }),
      )
      .max(CLAIM_COLUMNS.length)
      .default([]),
    whereColumns: claimFiltersSchema.default({}),
    includeCheckColumns: z.boolean().default(true),
    includeColumns: z
      .array(z.enum(CLAIM_COLUMNS as [string, ...string[]], { error: 'includeColumns has an unknown column' }))
      .max(CLAIM_COLUMNS.length)
      .default([]),
    sortDesc: z.boolean().default(false),
    sortBy: z.enum(CLAIM_COLUMNS as [string, ...string[]], { error: 'sortBy is not a claim column' }).default('clid'),
    simple: z.boolean().default(false),
  })
  .strict()

// ── The claim itself ───────────────────────────────────────────────────────────────────────────────

/** A money amount: blank is 0, never below zero (spec 3 §5), two decimals at most. */
const moneyField = z.preprocess(
  (value) =>
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.replace(/[$,\s]/g, '') : value,
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? '0' : value))
    .refine((value) => /^-?\d{1,12}(\.\d{1,2})?$/.test(value), AMOUNT_FORMAT_MESSAGE)
    .refine((value) => !value.startsWith('-') || Number(value) === 0, CLAIM_MESSAGES.mustBeNonNegative),
)

const optionalId = optionalIdField('Pick one from the list')

/** Empty dates are saved as null (spec 3 §4). */
const optionalDate = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .string()
    .refine(validIsoDate, 'Must be DD MMM YYYY')
    .optional()
    .transform((value) => value ?? null),
)

const longText = z.preprocess(
  typedText,
  z
    .string()
    .max(100_000, 'At most 100,000 characters')
    .optional()
    .transform((value) => (value && value.trim() ? value : null)),
)

export const claimFields = {
  pid: optionalId,
  carrier: optionalText(60),
  type: optionalText(60),
  adj_cid: optionalId,
  adj_plid: optionalId,
  def_cid: optionalId,
  def_plid: optionalId,
  claimant: optionalText(),
  insdef: optionalText(1000),
  othdef: optionalText(1000),
  plt_code: optionalText(60),
  def_code: optionalText(60),
  clm_num: optionalText(60),
  state: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^[A-Z]{2}$/, 'Pick a state from the list')
      .optional()
      .transform((value) => value ?? null),
  ),
  err_code: optionalText(60),
  /** The checkbox: on is yes, absent is no (spec 3 §4). */
  insuit: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) =>
      value === true || value === 'on' || value === 'yes' || value === 'true' ? ('yes' as const) : ('no' as const),
    ),
  est_size: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value === '' ? undefined : value),
    z
      .string()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, CLAIM_MESSAGES.numbersOnly)
      .optional()
      .transform((value) => value ?? null),
  ),
  aop_code: optionalText(60),
  resolved: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(['judgement', 'settlement'], { error: 'Judgement or settlement' })
      .optional()
      .transform((value) => value ?? null),
  ),
  status: optionalText(60),
  facts: longText,
  note: longText,
  ...(Object.fromEntries(CLAIM_DATE_FIELDS.map((name) => [name, optionalDate])) as Record<
    (typeof CLAIM_DATE_FIELDS)[number],
    typeof optionalDate
  >),
  ...(Object.fromEntries(MONEY_FIELDS.map((name) => [name, moneyField])) as Record<MoneyField, typeof moneyField>),
}

function counselRules(
  value: { adj_cid: number | null; adj_plid: number | null; def_cid: number | null; def_plid: number | null },
  ctx: z.RefinementCtx,
) {
  if (value.adj_plid && !value.adj_cid)
    ctx.addIssue({ code: 'custom', path: ['adj_plid'], message: CLAIM_MESSAGES.counselNeedsHandler })
  if (value.def_plid && !value.def_cid)
    ctx.addIssue({ code: 'custom', path: ['def_plid'], message: CLAIM_MESSAGES.defenseNeedsFirm })
}

/** The Edit Claim form (Save; Zero posts the same form with intent zero). */
export const claimFormSchema = z
  .object({ ...claimFields, version: versionField, intent: z.enum(['save', 'zero']).default('save') })
  .superRefine(counselRules)
export type ClaimFormValues = z.input<typeof claimFormSchema>
export type ClaimChanges = Omit<z.output<typeof claimFormSchema>, 'version' | 'intent'>

/**
 * PUT /api/claims/{id}: the claim body without computed and display fields, with the version read.
 * Only the fields sent change (JSON null clears one); the counsel rules are checked by the model on
 * the claim as it will be, since a body may name a person without the contact the claim already has.
 */
export const claimPutSchema = apiChanges.pipe(z.object(claimFields).partial().extend({ version: versionField }))

/** POST /api/claims: a new claim for a firm. */
export const claimCreateSchema = z.object({ fid: idField('fid is required') }).strict()

/** The Edit Claim entry (a GET form): a claim id opens its editor. */
export const claimOpenFormSchema = z.object({ clid: idField('Enter a claim ID: digits, from 1.') })

/** GET /api/claims: a firm's claims, or all, a page at a time. */
export const claimListQuerySchema = z.object({
  fid: idField().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(API_MAX_PAGE_SIZE).default(API_DEFAULT_PAGE_SIZE),
})

// ── Ledger ─────────────────────────────────────────────────────────────────────────────────────────

/** A claim ledger entry (POST, PUT /api/claims/{id}/ledger…, and the editor's ledger form). */
export const ledgerEntrySchema = z.object({
  type: z.enum(LEDGER_TYPES, { error: `type must be one of ${LEDGER_TYPES.join(', ')}` }),
  acct: optionalText(60),
  cid: optionalId,
  num: optionalText(60),
  amt: z.preprocess(
    (value) =>
      typeof value === 'number' ? String(value) : typeof value === 'string' ? value.replace(/[$,\s]/g, '') : value,
    z.string({ error: 'Amount is required' }).regex(/^-?\d{1,12}(\.\d{1,2})?$/, AMOUNT_FORMAT_MESSAGE),
  ),
  dated: z.string({ error: 'Date is required' }).refine(validIsoDate, 'Must be DD MMM YYYY'),
  note: optionalText(1000),
})
export const ledgerPutSchema = ledgerEntrySchema.extend({ version: versionField })
export type LedgerInput = z.output<typeof ledgerEntrySchema>

/** The claim editor's ledger rows: the add form is `ledgerEntrySchema`; an edit row adds the entry's id and the version read. */
export const ledgerEditFormSchema = ledgerPutSchema.extend({ id: idField() })
/** The delete button's form: the entry's id only. */
export const ledgerDeleteFormSchema = z.object({ id: idField() })
