import type { z } from 'zod'
import { getDb } from '#app/db/client.server'
import { requireFirm } from '#app/models/firm.server'
import type { ApiContext } from './api-route.server'
import { readQuery } from './api.server'
import { requireId } from './ids.server'

/**
 * The firm of a /api/firms/{id}/… call: a malformed id and an unknown firm are the one 404 ('No such
 * firm.'), before the call reads anything of the firm.
 */
export async function requireFirmParam(params: ApiContext['params']): Promise<number> {
  const fid = requireId(params.id, 'firm')
  await requireFirm(getDb(), fid)
  return fid
}

/**
 * The firm and the query of a /api/firms/{id}/… list: the id is checked first (404), then the query
 * (400 with its field errors), then that the firm exists (404), in the order the calls always answered.
 */
export async function firmListCall<T extends z.ZodType>(
  { request, params }: Pick<ApiContext, 'request' | 'params'>,
  schema: T,
): Promise<{ fid: number; query: z.infer<T> }> {
  const fid = requireId(params.id, 'firm')
  const query = readQuery(request, schema)
  await requireFirm(getDb(), fid)
  return { fid, query }
}
