import dayjs from 'dayjs'
import { canDeletePolicyOption } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, InvalidError } from '#app/domain/errors'
import { NEW_POLICY_STATUS, oneYearAfter, POLICY_STATUS_LIST } from '#app/domain/policies'
import { readBody, readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { createPolicy, deletePolicy, firmPolicies, requirePolicy, updatePolicy } from '#app/models/policy.server'
import { commissionRatesSchema, policyPostSchema, policyPutSchema, versionOnlySchema } from '#app/schemas/policy'
import { apiRecord } from '#app/schemas/api-record'
import { commissionStep, saveCommissionRates } from '#app/features/commissions/commissions.server'
import { z } from 'zod'
import { idField } from '#app/schemas/fields'

/** The policy calls of spec 3 §7 that the screens use, as JSON resource routes. */

const POLICY_API_MESSAGES = { deleteOption: 'Only group admin may delete a policy option.' } as const

const listQuery = z.object({
  fid: idField('fid is required'),
  status: z.union([z.enum(POLICY_STATUS_LIST), z.array(z.enum(POLICY_STATUS_LIST)).max(21)]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  perPage: z.coerce.number().int().min(1).max(100).optional(),
})

/**
 * GET, PUT and DELETE /api/policies/{id}: PUT names the version read (409 with the current policy) and
 * changes only the fields it sends.
 */
export const policyApi = apiRoute('/api/policies/:id', {
  GET: async ({ params }) => requirePolicy(getDb(), requireId(params.id, 'policy', 'Failed to get Policy')),
  PUT: async ({ request, params, user }) => {
    const pid = requireId(params.id, 'policy', 'Failed to get Policy')
    const { version, ...changes } = await readBody(request, policyPutSchema)
    return updatePolicy(getDb(), pid, version, changes, user.id)
  },
  DELETE: async ({ request, params, user }) => {
    const pid = requireId(params.id, 'policy', 'Failed to get Policy')
    if (!canDeletePolicyOption(user)) throw new ForbiddenError(POLICY_API_MESSAGES.deleteOption)
    const { version } = readQuery(request, versionOnlySchema)
    await deletePolicy(getDb(), pid, version, user.id)
    return { status: 'OK', message: 'Policy has been deleted.' }
  },
})

/**
 * GET /api/policies?fid=&status=: a firm's policies, newest first, a page at a time (at most 100).
 * POST /api/policies: a new policy (Past unless told, expiry a year after incept unless given).
 */
export const policiesApi = apiRoute('/api/policies', {
  GET: async ({ request }) => {
    const query = readQuery(request, listQuery)
    const statuses = query.status === undefined ? [] : Array.isArray(query.status) ? query.status : [query.status]
    const page = query.page ?? 1
    const perPage = query.perPage ?? 100
    const { rows, count } = await firmPolicies(getDb(), query.fid, {
      view: 'All',
      statuses,
      carriers: [],
      types: [],
      search: '',
      sort: 'incept',
      desc: true,
      page,
      perPage,
    })
    return { result: rows, count, totalPages: Math.max(1, Math.ceil(count / perPage)) }
  },
  POST: async ({ request, user }) => {
    const body = await readBody(request, policyPostSchema)
    return createPolicy(
      getDb(),
      {
        fid: body.fid,
        prid: body.prid,
        incept: body.incept!,
        expiry: body.expiry ?? oneYearAfter(body.incept!),
        retro: body.retro,
        limits: body.limits,
        deduc: body.deduc,
        premium: body.premium,
        status: body.status ?? NEW_POLICY_STATUS,
      },
      user.id,
    )
  },
})

/**
 * GET /api/policies/{id}/commissions: what the commission dialog finds for the saved policy (the
 * rule to choose among, or the proposed rates); PUT saves mgacom, procom, subcom and spncom (percents).
 */
export const policyCommissionsApi = apiRoute('/api/policies/:id/commissions', {
  GET: async ({ request, params }) => {
    const pid = requireId(params.id, 'policy', 'Failed to get Policy')
    const choice = new URL(request.url).searchParams.get('choice')
    const policy = await requirePolicy(getDb(), pid)
    const step = await commissionStep(getDb(), policy, dayjs().format('YYYY-MM-DD'), choice)
    if (step.step === 2) {
      if (step.match.kind !== 'choose')
        throw new InvalidError(
          step.match.kind === 'none' || step.match.kind === 'multiple' ? step.match.message : 'Invalid choice.',
        )
      return { choose: step.match.options }
    }
    return { rule: step.rule, message: step.message, rates: step.rates }
  },
  PUT: async ({ request, params, user }) => {
    const pid = requireId(params.id, 'policy', 'Failed to get Policy')
    const raw = await readBody(request, apiRecord)
    const parsed = commissionRatesSchema.safeParse(raw)
    if (!parsed.success) throw new InvalidError(parsed.error.issues[0]?.message ?? 'Invalid request.')
    const { version, ...rates } = parsed.data
    return saveCommissionRates(getDb(), pid, version, rates, user.id)
  },
})
