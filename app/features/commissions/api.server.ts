import { getDb } from '#app/db/client.server'
import { COMMISSION_RULE_MESSAGES as M } from '#app/domain/commission-dating'
import { NotFoundError } from '#app/domain/errors'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readBody, readQuery } from '#app/http/api.server'
import { requireId } from '#app/http/ids.server'
import * as rules from '#app/models/commission-rule.server'
import { commissionRulesFor } from '#app/models/rates.server'
import { commissionPostSchema, commissionPutSchema, commissionQuerySchema } from '#app/schemas/commission-rules'

/**
 * GET /api/commissions: date={date}, period={start},{end}, or mga_id and carrier (the commission dialog's
 * call: the same model call the Policies tab's dialog reads its rules with). POST: a rule body, its
 * commission a fraction; a rule set that has a current rule refuses a second one (409, the spec's message).
 */
export const commissionsApi: ApiHandlers = {
  GET: async ({ request }) => {
    const query = readQuery(request, commissionQuerySchema)
    if (query.mga_id !== undefined && query.carrier !== undefined)
      return commissionRulesFor(getDb(), query.mga_id, query.carrier)
    const [start, end] = query.period ? query.period.split(',') : []
    return rules.listCommissionRules(getDb(), {
      date: query.date,
      period: start && end ? { start, end } : null,
      mgaId: query.mga_id,
      carrier: query.carrier,
    })
  },
  POST: async ({ request, user }) => {
    const body = await readBody(request, commissionPostSchema)
    return rules.createCommissionRule(getDb(), body, user.id)
  },
}

/** GET one rule; PUT /api/commissions/{id}: end_date and end_date_type (null removes them); DELETE: the previous rule becomes current. */
export const commissionApi: ApiHandlers = {
  /** One rule with its history (who set it, what it was before): the screen's History dialog as data. */
  GET: async ({ params }) => {
    const id = requireId(params.id, 'commission rule', M.failure)
    const rule = await rules.getCommissionRule(getDb(), id)
    if (!rule) throw new NotFoundError(M.failure)
    return { ...rule, history: await rules.commissionRuleHistory(getDb(), id) }
  },
  PUT: async ({ request, params, user }) => {
    const id = requireId(params.id, 'commission rule', M.failure)
    const body = await readBody(request, commissionPutSchema)
    return rules.setCommissionEnd(getDb(), id, body.version, body, user.id)
  },
  DELETE: async ({ params, user }) => {
    const id = requireId(params.id, 'commission rule', M.failure)
    if (!(await rules.getCommissionRule(getDb(), id))) throw new NotFoundError(M.failure)
    const { deleted, restored } = await rules.deleteCommissionRule(getDb(), id, undefined, user.id)
    return { deleted: deleted.id, restored: restored?.id ?? null }
  },
}
