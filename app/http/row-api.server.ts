import type { z } from 'zod'
import { getDb, type DbOrTx } from '#app/db/client.server'
import { NotFoundError } from '#app/domain/errors'
import type { ApiHandler, ApiHandlers } from './api-route.server'
import { readBody } from './api.server'
import { requireId } from './ids.server'

/**
 * /api/<rows>/{id} for a table edited row by row (MGA billing, producer commissions): GET the row, PUT the
 * body (the model checks the version sent, if any, and logs), DELETE ({ status: 'DELETED', id }), each by the
 * model's own function on the database. A bad or unknown id is a 404 with the table's message.
 */
export function rowApi<Row, Body extends z.ZodType>(spec: {
  kind: string
  missing: string
  body: Body
  get: (db: DbOrTx, id: number) => Promise<Row | null>
  update: (db: DbOrTx, id: number, body: z.infer<Body>, userId: number) => Promise<Row>
  remove: (db: DbOrTx, id: number, userId: number) => Promise<void>
}): ApiHandlers {
  const rowId = (id: string | undefined) => requireId(id, spec.kind, spec.missing)
  return {
    GET: async ({ params }) => {
      const row = await spec.get(getDb(), rowId(params.id))
      if (!row) throw new NotFoundError(spec.missing)
      return row
    },
    PUT: async ({ request, params, user }) => {
      const id = rowId(params.id)
      return spec.update(getDb(), id, await readBody(request, spec.body), user.id)
    },
    DELETE: async ({ params, user }) => {
      const id = rowId(params.id)
      await spec.remove(getDb(), id, user.id)
      return { status: 'DELETED', id }
    },
  }
}

/** POST /api/<rows>: the body read with the call's schema, created by the model's function with its user; 201 with what it answers. */
export function createdRow<Body extends z.ZodType>(
  body: Body,
  create: (db: DbOrTx, body: z.infer<Body>, userId: number) => Promise<unknown>,
): ApiHandler {
  return async ({ request, user }) =>
    Response.json(await create(getDb(), await readBody(request, body), user.id), { status: 201 })
}

/**
 * PUT /api/<records>/{id} of a versioned record: the id (a bad one is the record's 404), then the body with
 * the version read; the model saves the other fields at that version (a stale one: 409) and logs the change.
 */
export function versionedPut<Body extends z.ZodType<{ version?: unknown }>>(
  recordId: (param: string | undefined) => number,
  body: Body,
  update: (
    id: number,
    version: z.infer<Body>['version'],
    changes: Omit<z.infer<Body>, 'version'>,
    userId: number,
  ) => Promise<unknown>,
): ApiHandler {
  return async ({ request, params, user }) => {
    const id = recordId(params.id)
    const { version, ...changes } = await readBody(request, body)
    return update(id, version, changes, user.id)
  }
}
