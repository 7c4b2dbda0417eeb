import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, hasScope, requireUser, type CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { NOTE_MESSAGES, RECIPIENT_SEARCH } from '#app/domain/notes'
import { recipientCandidates } from '#app/models/note-editor.server'
import { getNote, noteRecipientsOf, NoteRuleError, setNoteRecipients, type RecipientInput } from '#app/models/note.server'
import { methodNotAllowed, readBody, readQuery } from '#app/http/api.server'
import { recipientsBody, recipientsDeleteBody, recipientsQuery } from '#app/schemas/note-editor-api'

const ROUTE = '/api/recipients/:nid'

function noteId(param: string | undefined): number | null {
  const nid = Number(param)
  return /^\d{1,10}$/.test(param ?? '') && nid > 0 && nid < 2 ** 31 ? nid : null
}

const actorOf = (user: CurrentUser) => ({ id: user.id, username: user.username, isAdmin: user.isAdmin })

/**
 * GET /api/recipients/{nid}: the note's recipients (plid, to, cc, bcc and the person). With
 * ?search=term it is the editor's people search instead (spec 2 §5): from 2 characters, only people
 * with a given name or surname, people of a firm only with an email, the note's firm first.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const query = readQuery(request, recipientsQuery)
  const nid = noteId(params.nid)
  const db = getDb()
  const note = nid ? await getNote(db, nid, user) : null
  if (!nid || !note) return apiError(404, 'NOT_FOUND', NOTE_MESSAGES.loadFailed)
  if (query.search !== undefined) {
    const term = query.search.trim()
    if (term.length < RECIPIENT_SEARCH.minChars) return Response.json({ result: [], count: 0, message: NOTE_MESSAGES.recipientsMin })
    const result = (await recipientCandidates(db, { search: term, fid: note.fid })).map((person) => ({ ...person, where: person.firms_sort ?? person.contacts_sort ?? null }))
    return Response.json({ result, count: result.length, message: result.length ? null : NOTE_MESSAGES.recipientsNone })
  }
  return Response.json(await noteRecipientsOf(db, nid))
}

/**
 * PUT replaces the note's recipients with [{plid, to, cc, bcc}]; POST adds (or changes) the rows sent;
 * DELETE removes the plids sent (body [plid] or ?plids=a,b). Each person needs an email; the note must
 * be in the user's name (admin regardless) and the user needs note-edit. Answers the recipients.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (!['POST', 'PUT', 'DELETE'].includes(request.method)) {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['GET', 'POST', 'PUT', 'DELETE'])
  }
  const user = await requireUser(request, ROUTE)
  if (!hasScope(user, 'note-edit')) return apiError(403, 'FORBIDDEN', 'You do not have permission to edit notes.')
  const db = getDb()
  const nid = noteId(params.nid)
  let change: RecipientInput[] | ((current: RecipientInput[]) => RecipientInput[])
  if (request.method === 'DELETE') {
    const fromQuery = readQuery(request, recipientsQuery).plids
    const plids = fromQuery.length ? fromQuery : await readBody(request, recipientsDeleteBody)
    if (!nid) return apiError(404, 'NOT_FOUND', NOTE_MESSAGES.loadFailed)
    change = (current) => current.filter((row) => !plids.includes(row.plid))
  } else {
    const body = await readBody(request, recipientsBody)
    if (!nid) return apiError(404, 'NOT_FOUND', NOTE_MESSAGES.loadFailed)
    change =
      request.method === 'PUT'
        ? body
        : (current) => {
            const merged = new Map<number, RecipientInput>(current.map((row) => [row.plid, row]))
            for (const row of body) merged.set(row.plid, row)
            return [...merged.values()]
          }
  }
  try {
    await setNoteRecipients(db, nid, change, actorOf(user), { bumpVersion: true })
  } catch (error) {
    if (error instanceof NoteRuleError) return apiError(error.status, error.status === 400 ? 'INVALID_PARAMS' : error.status === 404 ? 'NOT_FOUND' : 'FORBIDDEN', error.message)
    throw error
  }
  return Response.json(await noteRecipientsOf(db, nid))
}
