import type { z } from 'zod'
import { getDb } from '#app/db/client.server'
import type { PolicyView } from '#app/domain/policies'
import { pagedAnswer, readQuery } from '#app/http/api.server'
import type { ApiContext, ApiHandlers } from '#app/http/api-route.server'
import { requireFirmParam } from '#app/http/firm-call.server'
import { firmPolicies } from '#app/models/policy.server'
import { firmBookedPoliciesQuerySchema, firmPoliciesQuerySchema } from '#app/schemas/firm-calls'

/** The firm Policies tab's list as calls of spec 2 §7, read by the tab's own model call (firmPolicies). */

type ListQuery = z.infer<typeof firmBookedPoliciesQuerySchema>

async function policiesPage({ params }: ApiContext, view: PolicyView, query: ListQuery) {
  const fid = await requireFirmParam(params)
  const list = await firmPolicies(getDb(), fid, {
    view,
    statuses: query.status,
    carriers: query.carrier,
    types: query.type,
    search: query.search,
    sort: query.sortBy,
    desc: query.sortDesc,
    page: query.page,
    perPage: query.perPage,
  })
  return pagedAnswer(list, list.count, query.perPage)
}

/**
 * GET /api/firms/{id}/policies: the Policies tab (spec 2 §2.2): view View, All, Policies or Quotes,
 * its More filters (status, carrier, type lists), search, sortBy/sortDesc (newest inception first by
 * default), pages of at most 100. A page past the end is the last one.
 */
export const firmPoliciesApi: ApiHandlers = {
  GET: async (context) => {
    const { view, ...query } = readQuery(context.request, firmPoliciesQuerySchema)
    return policiesPage(context, view, query)
  },
}

/**
 * GET /api/firms/{id}/policies/booked: the firm's booked policies, the tab's Policies view (Book,
 * dncLost, Lost, Past, Tail: the statuses the note editor's policy picker offers), with the same filters.
 */
export const firmBookedPoliciesApi: ApiHandlers = {
  GET: async (context) => policiesPage(context, 'Policies', readQuery(context.request, firmBookedPoliciesQuerySchema)),
}
