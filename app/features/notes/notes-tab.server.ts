import { actorOf } from '#app/models/note.server'
import { canDeleteNotes, canEditNotes } from '#app/auth/abilities'
import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat.js'
import { type CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { formatTimestamp } from '#app/domain/dates'
import {
  NOTE_MESSAGES,
  NOTE_STATUS_LIST,
  inlineEditRefusal,
  isDateEditable,
  isOwner,
  selectableTypes,
  type NoteMode,
} from '#app/domain/notes'
import { NOTE_PARAMS } from '#app/domain/notes-tab'
import {
  allowedStaff,
  getNote,
  listFirmNotes,
  listFirmNoteRowsBatch,
  noteDetailLists,
  webPreview,
  type NoteEntity,
  type NoteListRow,
} from '#app/models/note.server'
import { enabledUsers } from '#app/models/note-editor.server'
import { listTranlogs } from '#app/models/tranlog.server'
import { DATE_TIME_LOCAL, readNotesTabParams } from '#app/schemas/notes-tab'
import type { SubmissionResult } from '@conform-to/react'

dayjs.extend(customParseFormat)

/**
 * The firm viewer's Notes tab on the server (spec 2 §2.4): the page of notes the URL asks for, the
 * expanded note, the addressable panels (inline edit, take, delete, tran log); its intents are in
 * firm-tab.server.ts.
 */

export interface NoteTabDefaults {
  /** All when the firm was opened from search, Active when from a note (§2.2). */
  mode: NoteMode
  /** The note a /viewFirmNote page starts with chosen. */
  nid?: number | null
  /** That note as the page already read it this request (not read again). */
  note?: NoteEntity | null
}

/** A stored date-time as a datetime-local value, in the server's zone (where every timestamp is shown). */
export function toDateTimeLocal(value: Date | string): string {
  return dayjs(value).format('YYYY-MM-DDTHH:mm')
}

export function fromDateTimeLocal(text: string): Date | null {
  if (!DATE_TIME_LOCAL.test(text)) return null
  const parsed = dayjs(text.slice(0, 16), 'YYYY-MM-DDTHH:mm', true)
  return parsed.isValid() ? parsed.toDate() : null
}

/** What the list row and the inline edit row both show: the note's identity and its short fields. */
function shortFields(note: Pick<NoteListRow, 'nid' | 'version' | 'type' | 'status' | 're' | 'staff'>) {
  return {
    nid: note.nid,
    version: note.version,
    type: note.type,
    status: note.status,
    re: note.re ?? '',
    staff: note.staff ?? '',
  }
}

/** A list row as the table shows it: dates formatted on the server (no time-zone drift on hydration), no body. */
function rowOf(note: NoteListRow) {
  return {
    ...shortFields(note),
    opener: note.opener ?? '',
    dated: formatTimestamp(note.dated),
    cstamp: formatTimestamp(note.cstamp),
  }
}
export type NoteTabRow = ReturnType<typeof rowOf>

/** The values of the inline edit row (the note's current ones, or what the server has after a lost race): dates as the inputs take them. */
export function inlineValuesOf(note: NoteEntity) {
  return { ...shortFields(note), dated: toDateTimeLocal(note.dated), due: note.due ?? '' }
}
export type InlineValues = ReturnType<typeof inlineValuesOf>

async function detailsOf(note: NoteEntity, user: CurrentUser) {
  const { recipients, files, readers } = await noteDetailLists(getDb(), note.nid, user)
  return {
    ...rowOf(note),
    html: note.html,
    // getNote sanitised an HTML body again on the way out.
    body: note.note ?? '',
    tasks: note.tasks ?? '',
    due: note.due ?? '',
    recipients: recipients.map((r) => ({
      plid: r.plid,
      name: r.name,
      email: r.email ?? '',
      role: r.to ? 'To' : r.cc ? 'Cc' : 'Bcc',
    })),
    files: files.map((f) => ({ loidfid: f.loidfid, filename: f.filename, description: f.file_description ?? '' })),
    readers: readers.map((r) => ({ uname: r.uname, at: formatTimestamp(r.readers_stamp) })),
  }
}
export type NoteDetails = Awaited<ReturnType<typeof detailsOf>>

/** The firm's note with this id, as the user may see it, or null (another firm's note is not shown here). */
export async function firmNote(
  fid: number,
  nid: number | undefined | null,
  user: CurrentUser,
): Promise<NoteEntity | null> {
  if (!nid) return null
  const note = await getNote(getDb(), nid, { isAdmin: user.isAdmin })
  return note && note.fid === fid ? note : null
}

async function editPanel(note: NoteEntity, user: CurrentUser) {
  const canEdit = canEditNotes(user)
  if (!canEdit)
    return {
      kind: 'refused' as const,
      nid: note.nid,
      title: 'Note',
      message: 'You do not have permission to edit notes.',
    }
  // An admin editing someone else's note is asked first ('Take note from (owner)?', §4).
  if (user.isAdmin && !isOwner(note, user)) return takePanel(note)
  const refusal = inlineEditRefusal(note, user)
  if (refusal)
    return {
      kind: 'refused' as const,
      nid: note.nid,
      title: isOwner(note, user) ? 'Note' : 'Note Taken',
      message: refusal,
    }
  const db = getDb()
  const staff = user.isAdmin
    ? (await enabledUsers(db)).map((row) => row.username)
    : await allowedStaff(db, actorOf(user))
  const types = selectableTypes(user.isAdmin)
  return {
    kind: 'edit' as const,
    nid: note.nid,
    values: inlineValuesOf(note),
    // The current value is kept even when the user could not pick it.
    types: types.includes(note.type) ? [...types] : [note.type, ...types],
    statuses: [...NOTE_STATUS_LIST],
    staff:
      note.staff && !staff.some((name) => name.toLowerCase() === note.staff!.toLowerCase())
        ? [note.staff, ...staff]
        : staff,
    dateEditable: isDateEditable(note.type),
  }
}

function takePanel(note: NoteEntity) {
  const owner = note.staff ?? 'nobody'
  return {
    kind: 'take' as const,
    nid: note.nid,
    version: note.version,
    title: 'Note Taken',
    message: note.staff ? NOTE_MESSAGES.ownerHasNote(note.staff) : NOTE_MESSAGES.notInYourName,
    question: NOTE_MESSAGES.takeNote(owner),
  }
}

async function tranlogPanel(note: NoteEntity) {
  const rows = await listTranlogs(getDb(), note.nid)
  return {
    kind: 'tranlog' as const,
    nid: note.nid,
    re: note.re ?? '',
    rows: rows.map((row) => ({
      id: row.id,
      type: row.type,
      status: row.status,
      queued: formatTimestamp(row.queued),
      sent: formatTimestamp(row.sent),
      note: row.note ?? '',
    })),
  }
}

/** Everything the Notes tab shows for a firm and URL. */
export async function loadNotesTab(user: CurrentUser, fid: number, url: URL, defaults: NoteTabDefaults) {
  const db = getDb()
  const params = readNotesTabParams(url)
  const mode = params[NOTE_PARAMS.mode] ?? defaults.mode
  const status = params[NOTE_PARAMS.status] ?? 'normal'
  const search = params[NOTE_PARAMS.search] ?? ''
  const sortBy = params[NOTE_PARAMS.sort] ?? 'cstamp'
  const desc = params[NOTE_PARAMS.sort] ? params[NOTE_PARAMS.desc] === '1' : true
  const chosen = params[NOTE_PARAMS.selected]
  const selectedId = chosen === undefined ? (defaults.nid ?? null) : typeof chosen === 'number' ? chosen : null
  // The firm's notes this request reads by id, each once (the chosen note is often the one edited, and
  // a note popup has read its note already).
  const reads = new Map<number, Promise<NoteEntity | null>>()
  if (defaults.note) reads.set(defaults.note.nid, Promise.resolve(defaults.note.fid === fid ? defaults.note : null))
  const read = (nid: number | undefined | null) => {
    if (!nid) return null
    let found = reads.get(nid)
    if (!found) reads.set(nid, (found = firmNote(fid, nid, user)))
    return found
  }

  let rows: NoteTabRow[] = []
  let count = 0
  let batch = 1
  let page = 1
  let web: {
    chosen: number
    from: string
    to: string
    notes: (NoteTabRow & { html: boolean; body: string })[]
  } | null = null
  if (mode === 'Web') {
    // The web preview: the firm's notes within 6 months before and 1 day after the chosen note (§9).
    const anchor =
      (await read(selectedId)) ??
      (await listFirmNotes(db, { fid, mode: 'All', isAdmin: user.isAdmin, page: 1, perPage: 1 })).result[0]
    if (anchor) {
      const window = await webPreview(db, anchor.nid, { isAdmin: user.isAdmin })
      web = {
        chosen: anchor.nid,
        from: formatTimestamp(dayjs(anchor.dated).subtract(6, 'month').toDate()),
        to: formatTimestamp(dayjs(anchor.dated).add(1, 'day').toDate()),
        notes: window.map((note) => ({ ...rowOf(note), html: note.html, body: note.note ?? '' })),
      }
    }
  } else {
    const query = { fid, mode, status, search, sortBy, desc, isAdmin: user.isAdmin }
    const found = await listFirmNoteRowsBatch(db, {
      ...query,
      batch: params[NOTE_PARAMS.batch] ?? 1,
      page: params[NOTE_PARAMS.page] ?? 1,
    })
    rows = found.result.map(rowOf)
    count = found.count
    batch = found.batch
    page = found.page
  }

  const selectedNote = await read(selectedId)
  const editId = params[NOTE_PARAMS.edit]
  const takeId = params[NOTE_PARAMS.take]
  const removeId = params[NOTE_PARAMS.remove]
  const tranlogId = params[NOTE_PARAMS.tranlog]
  const [selected, editNote, takeNote_, removeNote, tranlogNote] = await Promise.all([
    selectedNote ? detailsOf(selectedNote, user) : null,
    read(editId),
    user.isAdmin ? read(takeId) : null,
    user.isAdmin ? read(removeId) : null,
    read(tranlogId),
  ])
  const panel = editNote
    ? await editPanel(editNote, user)
    : takeNote_
      ? isOwner(takeNote_, user)
        ? await editPanel(takeNote_, user)
        : takePanel(takeNote_)
      : removeNote
        ? {
            kind: 'delete' as const,
            nid: removeNote.nid,
            re: removeNote.re ?? '',
            message: NOTE_MESSAGES.deleteWarning,
          }
        : tranlogNote
          ? await tranlogPanel(tranlogNote)
          : null

  return {
    mode,
    status,
    search,
    sort: { by: sortBy, desc },
    batch,
    page,
    count,
    rows,
    web,
    selected,
    panel,
    can: { edit: canEditNotes(user), delete: canDeleteNotes(user) },
  }
}
export type NotesTabView = Awaited<ReturnType<typeof loadNotesTab>>
export type NotePanel = NonNullable<NotesTabView['panel']>

export type NoteActionResult = {
  intent: string
  error?: string
  nid?: number
  /** A lost race: the note as it is now … */
  current?: InlineValues
  /** … and, when it is no longer the user's to edit, why (the row shows this instead of the form). */
  refused?: { title: string; message: string }
  /** The inline edit's refused fields, in Conform's shape. */
  result?: SubmissionResult<string[]>
  created?: number
}
