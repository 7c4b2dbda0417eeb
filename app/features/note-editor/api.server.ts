import { actorOf } from '#app/models/note.server'
import { z } from 'zod'
import { canEditNotes, canManageUsers, canUploadFiles } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, InvalidError, NotFoundError } from '#app/domain/errors'
import { MAX_UPLOAD_MESSAGE } from '#app/domain/files'
import { NOTE_MESSAGES, RECIPIENT_SEARCH } from '#app/domain/notes'
import { readBody, readMultipart, readQuery } from '#app/http/api.server'
import type { ApiContext, ApiHandlers } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { sendNoteEmail } from '#app/mail/note-email.server'
import { uploadNoteFiles } from '#app/models/file.server'
import { letterTemplates } from '#app/models/letter.server'
import { allowedUsersOf, recipientCandidates, userEmail } from '#app/models/note-editor.server'
import {
  attachNoteFiles,
  availableSigners,
  detachNoteFiles,
  getNote,
  markNoteRead,
  noteFiles,
  noteReadersOf,
  noteRecipientsOf,
  noteRights,
  replaceNoteFiles,
  setNoteRecipients,
  type RecipientInput,
} from '#app/models/note.server'
import { emailBodySchema } from '#app/schemas/email.server'
import {
  idList,
  loidsBody,
  noteFilesQuery,
  recipientsBody,
  recipientsDeleteBody,
  recipientsQuery,
  usernameQuery,
} from '#app/schemas/note-editor-api'
import { NO_EDIT_RIGHT } from './editor.server'
import { readNoteUploads } from './files.server'

/** The calls of the Note/Email editor (spec 2 §7): its files, readers, letters, recipients, email and users. */

const noteId = (param: string | undefined, message: string = NOTE_MESSAGES.loadFailed) =>
  requireId(param, 'note', message)

/** The note, when the user may change its files: note-edit and the note in their name (admin regardless). */
async function editableNote({ params, user }: ApiContext) {
  const note = await getNote(getDb(), noteId(params.id), user)
  if (!note) throw new NotFoundError(NOTE_MESSAGES.loadFailed)
  const rights = noteRights(note, { ...user, canEdit: canEditNotes(user) })
  if (!rights.edit)
    throw new ForbiddenError(
      note.staff && !rights.owner ? NOTE_MESSAGES.ownerHasNote(note.staff) : NOTE_MESSAGES.notInYourName,
    )
  return note
}

/**
 * /api/notes/{id}/files: GET ?fields=… the note's files (Admin files for admins only). POST {loids}
 * attaches firm files to the note (a multipart body with `file`, `fileDescription` and `fileType`
 * uploads new ones instead); PUT [loids] makes the note's files exactly that list; DELETE ?loids=a,b
 * detaches. The model's NoteRuleErrors answer their status; a note deleted between the rights check
 * and the write is its NotFoundError.
 */
export const noteFilesApi: ApiHandlers = {
  GET: async ({ request, params, user }) => {
    const { fields } = readQuery(request, noteFilesQuery)
    const nid = noteId(params.id, NOTE_MESSAGES.noteFilesFailed)
    if (!(await getNote(getDb(), nid, user))) throw new NotFoundError(NOTE_MESSAGES.noteFilesFailed)
    const rows = await noteFiles(getDb(), nid, user)
    return fields.length
      ? rows.map((row) =>
          Object.fromEntries(Object.entries(row).filter(([key]) => key === 'loidfid' || fields.includes(key))),
        )
      : rows
  },
  POST: async (context) => {
    const { request, user } = context
    const note = await editableNote(context)
    if ((request.headers.get('Content-Type') ?? '').includes('multipart/form-data')) {
      if (!canUploadFiles(user)) throw new ForbiddenError('You do not have permission to upload files.')
      const read = await readNoteUploads(await readMultipart(request, MAX_UPLOAD_MESSAGE), user)
      const created = await uploadNoteFiles(getDb(), note.nid, read.files, user)
      return Response.json({ files: created, warning: read.warning ?? null }, { status: 201 })
    }
    return attachNoteFiles(getDb(), note.nid, await readBody(request, loidsBody), actorOf(user))
  },
  PUT: async (context) => {
    const note = await editableNote(context)
    return replaceNoteFiles(getDb(), note.nid, await readBody(context.request, loidsBody), actorOf(context.user))
  },
  DELETE: async (context) => {
    const note = await editableNote(context)
    const { loids } = readQuery(context.request, z.object({ loids: idList('loid') }))
    if (loids.length === 0) throw new InvalidError('loids: name the files to detach (loids=a,b).')
    return detachNoteFiles(getDb(), note.nid, loids, actorOf(context.user))
  },
}

/** POST /api/notes/{id}/readers: the signed-in user has read the note now; answers the readers (uname, readers_stamp). */
export const noteReadersApi: ApiHandlers = {
  POST: async ({ params, user }) => {
    const db = getDb()
    const note = await getNote(db, noteId(params.id), user)
    if (!note) throw new NotFoundError(NOTE_MESSAGES.loadFailed)
    await markNoteRead(db, note.nid, user.username)
    return { nid: note.nid, readers: await noteReadersOf(db, note.nid) }
  },
}

/**
 * GET /api/notes/forms: the Letters templates of the note editor ({id, name, body}; the body's
 * placeholders {salutation}, {firm}, {signer}, {date}, {re}, {policy} are filled by the editor).
 */
export const letterFormsApi: ApiHandlers = {
  GET: () => letterTemplates(getDb()),
}

/**
 * A write to the note's recipients: each person needs an email; the note must be in the user's name
 * (admin regardless, the model's NoteRuleError otherwise) and the user needs note-edit. Answers the recipients.
 */
async function changeRecipients(
  { params, user }: ApiContext,
  edit: RecipientInput[] | ((current: RecipientInput[]) => RecipientInput[]),
) {
  if (!canEditNotes(user)) throw new ForbiddenError(NO_EDIT_RIGHT)
  const nid = noteId(params.nid)
  const db = getDb()
  await setNoteRecipients(db, nid, edit, actorOf(user), { bumpVersion: true })
  return noteRecipientsOf(db, nid)
}

/**
 * /api/recipients/{nid}: GET the note's recipients (plid, to, cc, bcc and the person). With ?search=term
 * it is the editor's people search instead (spec 2 §5): from 2 characters, only people with a given
 * name or surname, people of a firm only with an email, the note's firm first. PUT replaces the
 * recipients with [{plid, to, cc, bcc}]; POST adds (or changes) the rows sent; DELETE removes the
 * plids sent (body [plid] or ?plids=a,b).
 */
export const recipientsApi: ApiHandlers = {
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
  PUT: async (context) => changeRecipients(context, await readBody(context.request, recipientsBody)),
  POST: async (context) => {
    const rows = await readBody(context.request, recipientsBody)
    return changeRecipients(context, (current) => {
      const merged = new Map<number, RecipientInput>(current.map((row) => [row.plid, row]))
      for (const row of rows) merged.set(row.plid, row)
      return [...merged.values()]
    })
  },
  DELETE: async (context) => {
    const fromQuery = readQuery(context.request, recipientsQuery).plids
    const plids = fromQuery.length ? fromQuery : await readBody(context.request, recipientsDeleteBody)
    return changeRecipients(context, (current) => current.filter((row) => !plids.includes(row.plid)))
  },
}

/**
 * POST /api/emails/{nid} (email-send): sends the note's email through the mail service. Body: username
 * (the From signer), subject (Re), body, html, attach, loids, fid, and optionally to/cc/bcc (addresses
 * or plids; the note's saved To line and recipients when absent). 200 with the message id and tranlog
 * id (and the no-extension warning); 400/403/404/409 with the spec's message when refused (the model's
 * NoteRuleError: nothing sent, nothing logged); 502 with the spec's snackbar and detail when delivery
 * failed (the model's EmailSendError, logged as failed).
 */
export const noteEmailApi: ApiHandlers = {
  POST: async ({ request, params, user }) => {
    const body = await readBody(request, emailBodySchema)
    const result = await sendNoteEmail(getDb(), {
      nid: noteId(params.nid),
      actor: actorOf(user),
      from: body.username,
      to: body.to,
      cc: body.cc,
      bcc: body.bcc,
      subject: body.subject,
      body: body.body,
      html: body.html,
      loids: body.loids,
      attach: body.attach,
      fid: body.fid,
    })
    return { status: 'SENT', message: NOTE_MESSAGES.sent, ...result }
  },
}

/** GET /api/users/signers: the enabled users who may sign an email (the editor's From), with their long names. */
export const signersApi: ApiHandlers = {
  GET: async () => {
    const signers = await availableSigners(getDb())
    return signers.map((signer) => ({ username: signer.username, long_name: signer.longName, email: signer.email }))
  },
}

/** GET /api/users/email?username=: the user's email, long name and whether they may sign (404 for no such user). */
export const userEmailApi: ApiHandlers = {
  GET: async ({ request }) => {
    const { username } = readQuery(request, usernameQuery)
    const found = await userEmail(getDb(), username)
    if (!found) throw new NotFoundError('No such user.')
    return found
  },
}

/**
 * GET /api/users/{id}/acls: the users this user may give notes to (allowed_users with username). A user
 * reads their own; the admin group and role editors read anyone's.
 */
export const userAclsApi: ApiHandlers = {
  GET: async ({ params, user }) => {
    const id = requireId(params.id, 'user', NOTE_MESSAGES.aclsFailed)
    if (id !== user.id && !user.isAdmin && !canManageUsers(user))
      throw new ForbiddenError('You may read only your own ACL.')
    const acls = await allowedUsersOf(getDb(), id)
    if (!acls) throw new NotFoundError(NOTE_MESSAGES.aclsFailed)
    return acls
  },
}
