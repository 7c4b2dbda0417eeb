import { canEditNotes } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, NotFoundError } from '#app/domain/errors'
import { NOTE_MESSAGES, RECIPIENT_SEARCH } from '#app/domain/notes'
import { readBody, readQuery } from '#app/http/api.server'
import { apiRoute, type ApiContext } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { recipientCandidates } from '#app/models/note-editor.server'
import { getNote, noteRecipientsOf, setNoteRecipients, type RecipientInput } from '#app/models/note.server'
import { recipientsBody, recipientsDeleteBody, recipientsQuery } from '#app/schemas/note-editor-api'

const noteId = (param: string | undefined) => requireId(param, 'note', NOTE_MESSAGES.loadFailed)

/**
 * A write to the note's recipients: each person needs an email; the note must be in the user's name
 * (admin regardless, the model's NoteRuleError otherwise) and the user needs note-edit. Answers the recipients.
 */
async function change(
  { params, user }: ApiContext,
  edit: RecipientInput[] | ((current: RecipientInput[]) => RecipientInput[]),
) {
  if (!canEditNotes(user)) throw new ForbiddenError('You do not have permission to edit notes.')
  const nid = noteId(params.nid)
  const db = getDb()
  await setNoteRecipients(
    db,
    nid,
    edit,
    { id: user.id, username: user.username, isAdmin: user.isAdmin },
    { bumpVersion: true },
  )
  return noteRecipientsOf(db, nid)
}

/**
 * GET /api/recipients/{nid}: the note's recipients (plid, to, cc, bcc and the person). With
 * ?search=term it is the editor's people search instead (spec 2 §5): from 2 characters, only people
 * with a given name or surname, people of a firm only with an email, the note's firm first.
 * PUT replaces the recipients with [{plid, to, cc, bcc}]; POST adds (or changes) the rows sent;
 * DELETE removes the plids sent (body [plid] or ?plids=a,b).
 */
const api = apiRoute('/api/recipients/:nid', {
  GET: async ({ request, params, user }) => {
    const query = readQuery(request, recipientsQuery)
    const db = getDb()
    const note = await getNote(db, noteId(params.nid), user)
    if (!note) throw new NotFoundError(NOTE_MESSAGES.loadFailed)
    if (query.search === undefined) return noteRecipientsOf(db, note.nid)
    const term = query.search.trim()
    if (term.length < RECIPIENT_SEARCH.minChars) return { result: [], count: 0, message: NOTE_MESSAGES.recipientsMin }
    const result = (await recipientCandidates(db, { search: term, fid: note.fid })).map((person) => ({
      ...person,
      where: person.firms_sort ?? person.contacts_sort ?? null,
    }))
    return { result, count: result.length, message: result.length ? null : NOTE_MESSAGES.recipientsNone }
  },
  PUT: async (context) => change(context, await readBody(context.request, recipientsBody)),
  POST: async (context) => {
    const rows = await readBody(context.request, recipientsBody)
    return change(context, (current) => {
      const merged = new Map<number, RecipientInput>(current.map((row) => [row.plid, row]))
      for (const row of rows) merged.set(row.plid, row)
      return [...merged.values()]
    })
  },
  DELETE: async (context) => {
    const fromQuery = readQuery(context.request, recipientsQuery).plids
    const plids = fromQuery.length ? fromQuery : await readBody(context.request, recipientsDeleteBody)
    return change(context, (current) => current.filter((row) => !plids.includes(row.plid)))
  },
})

export const loader = api.loader
export const action = api.action
