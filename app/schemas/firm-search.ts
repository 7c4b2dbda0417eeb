import { z } from 'zod'
import {
  FIRM_COLUMNS,
  FIRM_FILTER_NAMES,
  FIRM_MESSAGES,
  PAGE_SIZES,
  UNISEARCH_MIN,
  VIEWER_TABS,
  type FirmColumn,
  type FirmFilterField,
} from '#app/domain/firm-search'
import { InvalidError } from '#app/domain/errors'
import { commaList } from './fields'
import { choiceParam, descParam, pageSizeParam, requiredParam } from './query'
import { ID_PATTERN, parseId } from '#app/domain/ids'

/** The column search form: a text per filter field (its browser constraints are generated; the page reads the URL leniently below). */
export const firmColumnSearchFormSchema = z.object(
  Object.fromEntries(
    FIRM_FILTER_NAMES.map((name) => [name, z.string().trim().max(200, 'At most 200 characters').optional()]),
  ) as Record<FirmFilterField, z.ZodOptional<z.ZodString>>,
)
/** Unisearch: two characters at least. */
export const unisearchFormSchema = z.object({
  q: z.string().trim().min(UNISEARCH_MIN, FIRM_MESSAGES.hint).max(200, 'At most 200 characters'),
})
/** Get by FID: a firm id, read by the one id parser. */
export const fidSearchFormSchema = z.object({
  fid: z.string().trim().regex(ID_PATTERN, 'Enter a firm id (digits only).'),
})
/** The firm viewer's Members tab search (a GET form; the viewer reads `mq` leniently with this field). */
export const membersSearchFormSchema = z.object({ mq: z.string().trim().max(100, 'At most 100 characters').optional() })
const list = commaList.transform((values) => values.slice(0, 40)).catch([])
const positive = z.coerce.number().int().min(1).max(100_000).optional().catch(undefined)
export { VIEWER_TABS, type ViewerTab } from '#app/domain/firm-search'

/**
 * The firms search page's URL: every search is a GET form, so a bookmark replays it. Bad values
 * fall back to defaults (a stale bookmark never errors).
 */
export const firmSearchParamsSchema = z.object({
  mode: z.enum(['columns', 'uni', 'fid']).optional().catch(undefined),
  q: unisearchFormSchema.shape.q.optional().catch(undefined),
  fid: fidSearchFormSchema.shape.fid.optional().catch(undefined),
  col: list,
  order: list,
  page: positive,
  size: pageSizeParam(PAGE_SIZES),
  by: choiceParam<FirmColumn>(FIRM_COLUMNS),
  desc: descParam,
  place: z.enum(['above', 'below', 'tab']).optional().catch(undefined),
  // Search Firms: the search options are open (they are also open after a column search).
  find: z.enum(['1']).optional().catch(undefined),
  open: list,
  firm: positive,
  tab: z.enum(VIEWER_TABS).optional().catch(undefined),
  ...(Object.fromEntries(
    FIRM_FILTER_NAMES.map((name) => [name, firmColumnSearchFormSchema.shape[name].catch(undefined)]),
  ) as Record<FirmFilterField, z.ZodCatch<z.ZodOptional<z.ZodString>>>),
})
export type FirmSearchParams = z.infer<typeof firmSearchParamsSchema>

/** The firms open in the viewer (the URL's `open`): their ids, anything else left out. */
export function openFirms(params: Pick<FirmSearchParams, 'open'>): number[] {
  return params.open.map(parseId).filter((fid) => fid !== null)
}

/**
 * POST /api/firms/search's `whereColumns.fid`: absent or blank is no fid (undefined); otherwise a firm id
 * (a number or its digits), else a 400.
 */
export function searchedFid(raw: string | number | undefined): number | undefined {
  if (raw === undefined || String(raw).trim() === '') return undefined
  const fid = parseId(typeof raw === 'number' ? raw : raw.trim())
  if (fid === null) throw new InvalidError('whereColumns.fid: must be a firm id')
  return fid
}

/** Get by FID's firm id, or null for text that is not one. */
export function fidSearched(params: { fid?: string }): number | null {
  return parseId(params.fid)
}

/** The firm viewer page's URL (/search/firms/viewFirm): the search page's firm tabs, and `fid` to open one more. */
export const viewFirmParamsSchema = firmSearchParamsSchema.pick({ open: true, firm: true, tab: true }).extend({
  fid: z
    .string()
    .trim()
    .max(20)
    .optional()
    .catch(undefined)
    .transform((fid) => fid || undefined),
})

export function filtersOf(params: FirmSearchParams): Partial<Record<FirmFilterField, string>> {
  const filters: Partial<Record<FirmFilterField, string>> = {}
  for (const name of FIRM_FILTER_NAMES) {
    const value = params[name]?.trim()
    if (value) filters[name] = value
  }
  return filters
}

/** POST /api/firms/search (spec 2 §7). */
export const firmSearchBodySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    perPage: z.coerce.number().int().min(1).max(500).default(100),
    sortBy: z
      .enum(FIRM_COLUMNS as [FirmColumn, ...FirmColumn[]], { error: `sortBy must be among ${FIRM_COLUMNS.join(', ')}` })
      .default('sort'),
    sortDesc: z.boolean().default(false),
    checkedColumns: z
      .array(
        z.enum(FIRM_COLUMNS as [FirmColumn, ...FirmColumn[]], {
          error: `checkedColumns must be among ${FIRM_COLUMNS.join(', ')}`,
        }),
      )
      .max(40)
      .default([]),
    whereColumns: z
      // partialRecord: a client sends only the columns it filters on (Zod 4's record with enum keys needs every key).
      .partialRecord(
        z.enum(['fid', ...FIRM_FILTER_NAMES] as [string, ...string[]], { error: 'whereColumns has an unknown field' }),
        z.union([z.string().max(200), z.number()]),
      )
      .default({}),
    includeCheckColumns: z.boolean().optional(),
    includeColumns: z.array(z.string().max(40)).max(40).optional(),
    simple: z.boolean().optional(),
    getall: z.boolean().optional(),
  })
  .strict()

export const unisearchQuerySchema = z.object({
  search: requiredParam('search', 200, 2),
})
