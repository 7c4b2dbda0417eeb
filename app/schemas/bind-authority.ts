import { z } from 'zod'
import {
  BIND_AUTHORITY_API_MAX_PAGE_SIZE,
  BIND_AUTHORITY_API_PAGE_SIZE,
  BIND_AUTHORITY_PAGE_SIZES,
} from '#app/domain/bind-authority'
import { pageSizeParam, runParam } from './query'

/**
 * The Bind Authority page's URL (a GET form, spec 3 §2.7): `run=1` is 'Generate Report', then the page
 * and its size. Lenient: a stale or hand-made value falls back to the default instead of failing.
 */
export const bindAuthorityPageQuerySchema = z.object({
  run: runParam,
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  size: pageSizeParam(BIND_AUTHORITY_PAGE_SIZES),
})

/**
 * POST /api/reports/bindauthority (spec 3 §7, empty body): the page of rows through the query string,
 * `page` from 1 and `perPage` 1 to 1000 (default 100). A bad value answers 400 naming it.
 */
export const bindAuthorityApiQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(100_000, 'page is at most 100000')
    .default(1),
  perPage: z.coerce
    .number({ error: 'perPage must be a number' })
    .int('perPage must be a whole number')
    .min(1, 'perPage must be at least 1')
    .max(BIND_AUTHORITY_API_MAX_PAGE_SIZE, `perPage is at most ${BIND_AUTHORITY_API_MAX_PAGE_SIZE}`)
    .default(BIND_AUTHORITY_API_PAGE_SIZE),
})
