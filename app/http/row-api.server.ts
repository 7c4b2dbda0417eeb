import type { z } from 'zod'
import { NotFoundError } from '#app/domain/errors'
import type { ApiHandlers } from './api-route.server'
import { readBody } from './api.server'
import { requireId } from './ids.server'

/**
 * /api/<rows>/{id} for a table edited row by row (MGA billing, producer commissions): GET the row, PUT the
 * body (the model checks the version sent, if any, and logs), DELETE ({ status: 'DELETED', id }). A bad or
 * unknown id is a 404 with the table's message.
 */
export function rowApi<Row, Body extends z.ZodType>(spec: {
  kind: string
  missing: string
  body: Body
  get: (id: number) => Promise<Row | null>
  update: (id: number, body: z.infer<Body>, userId: number) => Promise<Row>
  remove: (id: number, userId: number) => Promise<void>
}): ApiHandlers {
  const rowId = (id: string | undefined) => requireId(id, spec.kind, spec.missing)
  return {
    GET: async ({ params }) => {
      const row = await spec.get(rowId(params.id))
      if (!row) throw new NotFoundError(spec.missing)
      return row
    },
    PUT: async ({ request, params, user }) => {
      const id = rowId(params.id)
      return spec.update(id, await readBody(request, spec.body), user.id)
    },
    DELETE: async ({ params, user }) => {
      const id = rowId(params.id)
      await spec.remove(id, user.id)
      return { status: 'DELETED', id }
    },
  }
}
