import { getDb } from '#app/db/client.server'
import { InvalidError, NotFoundError } from '#app/domain/errors'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readBody, readQuery } from '#app/http/api.server'
import { requireId } from '#app/http/ids.server'
import { versionedPut } from '#app/http/row-api.server'
import * as programs from '#app/models/program.server'
import * as bodies from '#app/schemas/programs'

/**
 * The program calls of spec 3 §7: the MGA, producer, fee and tax entities a policy's program names,
 * read by the policy editor (GET, every signed-in user) and kept with policy-edit.
 */

const programId = (param: string | undefined) => requireId(param, 'program', programs.PROGRAM_MESSAGES.notFound)

/** GET /api/programs (ordered mgaid, proid, spnid as the spec's sortIds, paged in SQL); POST creates, or duplicates with ?action=duplicate. */
export const programsApi: ApiHandlers = {
  GET: async ({ request }) => {
    const { page, perPage } = readQuery(request, bodies.programListQuery)
    const { result, count, totalPages } = await programs.programsPage(getDb(), { page, perPage })
    return { result, count, totalPages }
  },
  POST: async ({ request, user }) => {
    const query = readQuery(request, bodies.programActionQuery)
    if (query.action === 'duplicate') {
      const prid = query.prid ?? (await readBody(request, bodies.programDuplicateSchema)).prid
      return Response.json(await programs.duplicateProgram(getDb(), prid, user.id), { status: 201 })
    }
    if (query.prid !== undefined) throw new InvalidError('prid is only for action=duplicate.')
    return Response.json(
      await programs.createProgram(getDb(), await readBody(request, bodies.programPostSchema), user.id),
      {
        status: 201,
      },
    )
  },
}

/** GET (with ?withUnderWriters=true the entities' names), PUT at the version read, DELETE when no policy uses it. */
export const programApi: ApiHandlers = {
  GET: async ({ request, params }) => {
    const prid = programId(params.id)
    const { withUnderWriters } = readQuery(request, bodies.programGetQuery)
    if (withUnderWriters === 'true') return programs.programWithEntities(getDb(), prid)
    const program = await programs.getProgram(getDb(), prid)
    if (!program) throw new NotFoundError(programs.PROGRAM_MESSAGES.notFound)
    return program
  },
  PUT: versionedPut(programId, bodies.programPutSchema, (prid, version, fields, userId) =>
    programs.updateProgram(getDb(), prid, version, fields, userId),
  ),
  DELETE: async ({ request, params, user }) => {
    const prid = programId(params.id)
    const { version } = readQuery(request, bodies.programDeleteQuery)
    await programs.deleteProgram(getDb(), prid, version, user.id)
    return { status: 'OK', message: 'Program has been deleted.' }
  },
}
