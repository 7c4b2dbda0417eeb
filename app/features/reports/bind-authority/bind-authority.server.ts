import dayjs from 'dayjs'
import { getDb } from '#app/db/client.server'
import { BIND_AUTHORITY_PAGE_SIZES, bindAuthorityNote, bindAuthorityUnpaid } from '#app/domain/bind-authority'
import { centsToDecimal } from '#app/domain/money'
import { formatReportDate } from '#app/domain/reports'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readQuery } from '#app/http/api.server'
import type { PageContext } from '#app/http/page-route.server'
import { bindAuthorityPage } from '#app/models/bind-authority.server'
import { bindAuthorityApiQuerySchema, bindAuthorityPageQuerySchema } from '#app/schemas/bind-authority'

/**
 * The Bind Authority page (spec 3 §2.7): a GET form whose 'Generate Report' is `?run=1`, so the report
 * is a bookmarkable URL and works without JavaScript. Without `run` only the form shows.
 */
export async function loadBindAuthority({ url }: PageContext) {
  const query = bindAuthorityPageQuerySchema.parse(Object.fromEntries(url.searchParams))
  const today = dayjs().format('YYYY-MM-DD')
  const size = query.size ?? BIND_AUTHORITY_PAGE_SIZES[0]
  if (!query.run) return { today, size, report: null }
  const list = await bindAuthorityPage(getDb(), { page: query.page ?? 1, size })
  const { booked, received } = list.counted
  return {
    today,
    size,
    report: {
      rows: list.rows.map((row) => ({ ...row, note: bindAuthorityNote(row.booked, row.received) })),
      page: list.page,
      pages: list.pages,
      count: list.total,
      totals: { booked, received, unpaid: bindAuthorityUnpaid({ booked, received }) },
    },
  }
}

export type BindAuthorityLoaded = Awaited<ReturnType<typeof loadBindAuthority>>

/**
 * POST /api/reports/bindauthority (spec 3 §7, empty body): `data` (pid, fid, stamp MM-DD-YYYY, error
 * (the Notes), amt (booked), received, sort) and the totals of the whole report, money as decimal
 * strings. Paged through the query string (`page`, `perPage` 1–1000, default 100), with `count`,
 * `page`, `perPage` and `totalpages` beside the spec's fields.
 */
export const bindAuthorityApi: ApiHandlers = {
  POST: async ({ request }) => {
    const query = readQuery(request, bindAuthorityApiQuerySchema)
    const list = await bindAuthorityPage(getDb(), { page: query.page, size: query.perPage })
    const { booked, received, count } = list.counted
    return {
      data: list.rows.map((row) => ({
        pid: row.pid,
        fid: row.fid,
        stamp: formatReportDate(row.incept),
        error: bindAuthorityNote(row.booked, row.received),
        amt: centsToDecimal(row.booked),
        received: centsToDecimal(row.received),
        sort: row.sort,
      })),
      totalUnpaid: centsToDecimal(bindAuthorityUnpaid({ booked, received })),
      totalBooked: centsToDecimal(booked),
      totalReceived: centsToDecimal(received),
      count,
      page: list.page,
      perPage: query.perPage,
      totalpages: list.pages,
    }
  },
}
