import { z } from 'zod'
import {
  AGING_BUCKETS,
  AGING_ORDERS,
  BALANCE_KINDS,
  BALANCE_ORDERS,
  CATALOGUE_ORDERS,
  CHECK_FIELDS,
  CHECK_ORDERS,
  CHECKS_LIMIT,
  DEPOSIT_FIELDS,
  DEPOSIT_GROUPS,
  EXCEPTION_ORDERS,
  EXCEPTION_SCOPES,
  NEWLY_FIRMS_ORDERS,
  PAST_ORDERS,
  PAYMENT_KINDS,
  PAYMENT_ORDERS,
  REPORT_DEFAULT_PER_PAGE,
  REPORT_MAX_PER_PAGE,
  STATUS_FIELDS,
  STATUS_ORDERS,
  SUMMARY_REPORTS,
  WEBIN_ORDERS,
} from '#app/domain/ledger-reports'
import { commaList, namedIdField } from './fields'

/**
 * The query strings of GET /api/reports/:report and GET /api/reports (decision 0037): every list
 * paged (page from 1; perPage 1–1000, default 100), every `orders`, `directions` and `fields` from the
 * report's whitelist, each refusal naming the parameter.
 */

const pageParam = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .default(1)

const perPageParam = (max: number, fallback: number, name = 'perPage') =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} is at least 1`)
    .max(max, `${name} is at most ${max}`)
    .default(fallback)

const paging = { page: pageParam, perPage: perPageParam(REPORT_MAX_PER_PAGE, REPORT_DEFAULT_PER_PAGE) }

const choice = <const T extends string>(name: string, values: readonly T[]) =>
  z.enum(values as [T, ...T[]], { error: `${name} must be one of ${values.join(', ')}` })

const listOf = <const T extends string>(name: string, values: readonly T[]) =>
  commaList.pipe(z.array(choice(name, values)).max(values.length, `${name}: at most ${values.length}`))

const directionList = commaList.pipe(
  z.array(
    z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(['asc', 'desc'], { error: 'directions must be asc or desc' })),
  ),
)

export interface SortKey<T extends string> {
  column: T
  desc: boolean
}

type Sorted<T extends string> = { orders: T[]; directions: ('asc' | 'desc')[] }

/**
 * A report's query with `orders` and `directions` (one per order, asc when missing; a direction past
 * the orders is refused) turned into sort keys; `fallback` when no order is given (the report's
 * natural order, whose directions `directions` may still set).
 */
function withSort<T extends string, S extends z.ZodRawShape>(values: readonly T[], fallback: SortKey<T>[], shape: S) {
  return z
    .object({ ...shape, orders: listOf('orders', values), directions: directionList })
    .strip()
    .refine(
      (query) =>
        (query as unknown as Sorted<T>).directions.length <= Math.max(1, (query as unknown as Sorted<T>).orders.length),
      {
        message: 'directions: one per order at most',
        path: ['directions'],
      },
    )
    .transform((query) => {
      const { orders, directions, ...rest } = query as unknown as Sorted<T> & Record<string, unknown>
      const sort: SortKey<T>[] = orders.length
        ? orders.map((column, index) => ({ column, desc: directions[index] === 'desc' }))
        : fallback.map((key, index) => (directions[index] ? { ...key, desc: directions[index] === 'desc' } : key))
      return { ...(rest as z.infer<z.ZodObject<S>>), sort }
    })
}

const dateParam = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date, YYYY-MM-DD`)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `${name} must be a date, YYYY-MM-DD`,
    )

export const agingQuerySchema = withSort(AGING_ORDERS, [{ column: 'due', desc: false }], {
  // A '+' left unencoded in a query string arrives as a space: '90+' is read back from '90 '.
  aging: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '90' ? '90+' : value),
    z
      .enum([...AGING_BUCKETS, 'all'], { error: `aging must be one of ${AGING_BUCKETS.join(', ')}, all` })
      .default('all'),
  ),
  ...paging,
})

export const statusQuerySchema = withSort(STATUS_ORDERS, [{ column: 'incept', desc: true }], {
  report: choice('report', ['book', 'lost'] as const).default('book'),
  fields: listOf('fields', STATUS_FIELDS),
  ...paging,
})

export const newlyFirmsQuerySchema = withSort(NEWLY_FIRMS_ORDERS, [{ column: 'created', desc: true }], {
  since: dateParam('since').optional(),
  ...paging,
})

export const exceptionsQuerySchema = withSort(EXCEPTION_ORDERS, [{ column: 'incept', desc: true }], {
  scope: choice('scope', EXCEPTION_SCOPES).default('nonum'),
  ...paging,
})

export const checksQuerySchema = withSort(CHECK_ORDERS, [{ column: 'lid', desc: false }], {
  check: z
    .string({ error: 'check is required' })
    .trim()
    .min(1, 'check is required')
    .max(40, 'check is at most 40 characters'),
  fields: listOf('fields', CHECK_FIELDS),
  page: pageParam,
  limit: perPageParam(CHECKS_LIMIT, CHECKS_LIMIT, 'limit'),
})

export const webinQuerySchema = withSort(WEBIN_ORDERS, [{ column: 'dated', desc: true }], {
  since: dateParam('since').optional(),
  ...paging,
})

export const noQuerySchema = z.object({}).strip()

export const depositQuerySchema = z
  .object({
    date: choice('date', DEPOSIT_GROUPS).default('day'),
    fields: listOf('fields', DEPOSIT_FIELDS),
    ...paging,
  })
  .strip()

export const balancesQuerySchema = withSort(BALANCE_ORDERS, [{ column: 'balance', desc: true }], {
  balance: choice('balance', BALANCE_KINDS).default('receivables'),
  client: namedIdField('client').optional(),
  ...paging,
})

export const pastQuerySchema = withSort(PAST_ORDERS, [{ column: 'incept', desc: true }], { ...paging })

export const paymentsQuerySchema = withSort(PAYMENT_ORDERS, [{ column: 'paid', desc: true }], {
  payment: choice('payment', PAYMENT_KINDS).default('received'),
  from: dateParam('from').optional(),
  to: dateParam('to').optional(),
  ...paging,
})

export const summaryQuerySchema = z
  .object({ report: z.enum(SUMMARY_REPORTS, { error: `report must be one of ${SUMMARY_REPORTS.join(', ')}` }) })
  .strip()

export const catalogueQuerySchema = withSort(CATALOGUE_ORDERS, [{ column: 'name', desc: false }], {})
