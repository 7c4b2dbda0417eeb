import { data } from '@remix-run/node'
import { getDb } from '#app/db/client.server'
import { ConflictError, DomainError, InvalidError, RuleError } from '#app/domain/errors'
import { NOTE_MESSAGES, inlineEditRefusal, isOwner } from '#app/domain/notes'
import { DEFAULT_MODE_FROM_NOTE, DEFAULT_MODE_FROM_SEARCH, NOTE_PANEL_PARAMS, NOTE_PARAMS } from '#app/domain/notes-tab'
import { firmIntent, type FirmTab } from '#app/http/firm-tab.server'
import { redirectWithFlash } from '#app/http/flash.server'
import {
  copyNote,
  createNote,
  deleteNote,
  getNote,
  takeNote,
  updateNote,
  type NoteEntity,
} from '#app/models/note.server'
import { inlineEditSchema, noteRowFormSchema, noteTakeFormSchema } from '#app/schemas/notes-tab'
import { hrefWithParams } from '#app/ui/use-href-with'
import { actorOf } from '#app/models/note.server'
import {
  firmNote,
  fromDateTimeLocal,
  inlineValuesOf,
  loadNotesTab,
  toDateTimeLocal,
  type NoteActionResult,
  type NotesTabView,
} from './notes-tab.server'

/**
 * The firm viewer's Notes tab as a FirmTab (app/http/firm-tab.server.ts): its loader (notes-tab.server.ts)
 * and its forms (create, copy, delete, take, inline edit), run by the pages that show the viewer.
 */

/** `back` with some parameters changed (null removes one). */
function withParams(back: string, changes: Record<string, string | null>): string {
  const url = new URL(back, 'http://x')
  return hrefWithParams(url.pathname, url.searchParams, changes)
}

function closedPanels(back: string): string {
  return withParams(back, Object.fromEntries(NOTE_PANEL_PARAMS.map((key) => [key, null])))
}

/** A refusal of a note's rule, answered beside that note's row or panel (its `nid`). */
function aboutNote(nid: number) {
  return (error: unknown): never => {
    if (error instanceof DomainError && error.extra.nid === undefined)
      throw new RuleError(error.message, error.status, { ...error.extra, nid })
    throw error
  }
}

/**
 * The Notes tab's forms (create, copy, delete, take, inline edit): success redirects to the page the
 * form was posted from with a snackbar; a refusal answers its status with the spec's words, beside the
 * note's row or panel (`nid`).
 */
export const noteIntents = {
  'note-create': firmIntent({
    handle: async ({ user, fid, form, intent }) => {
      const created = await createNote(getDb(), { fid }, actorOf(user))
      // With JavaScript the page opens the editor in a popup and stays; without, the editor opens here.
      if (form.get('js') === '1') return data<NoteActionResult>({ intent, created: created.nid })
      return redirectWithFlash(`/editNoteEmail/${created.nid}`, { message: 'New note created.', kind: 'success' })
    },
  }),
  'note-copy': firmIntent({
    schema: noteRowFormSchema,
    handle: async ({ user, value: { nid }, back }) => {
      const copy = await copyNote(getDb(), nid, actorOf(user)).catch(aboutNote(nid))
      return redirectWithFlash(withParams(closedPanels(back), { [NOTE_PARAMS.selected]: String(copy.nid) }), {
        message: `Note ${nid} copied as note ${copy.nid}.`,
        kind: 'success',
      })
    },
  }),
  'note-delete': firmIntent({
    schema: noteRowFormSchema,
    handle: async ({ user, value: { nid }, back }) => {
      await deleteNote(getDb(), nid, actorOf(user)).catch(aboutNote(nid))
      const selected = new URL(back, 'http://x').searchParams.get(NOTE_PARAMS.selected)
      const next = closedPanels(back)
      return redirectWithFlash(selected === String(nid) ? withParams(next, { [NOTE_PARAMS.selected]: '' }) : next, {
        message: `Note ${nid} deleted.`,
        kind: 'success',
      })
    },
  }),
  'note-take': firmIntent({
    schema: noteTakeFormSchema,
    // Without take-over the refusal names who holds the note (spec 2 §4).
    refusal: async ({ form, user }) => {
      const note = await getNote(getDb(), noteTakeFormSchema.shape.nid.catch(0).parse(form.get('nid')), user)
      return note?.staff ? NOTE_MESSAGES.ownerHasNote(note.staff) : NOTE_MESSAGES.notInYourName
    },
    handle: async ({ user, fid, value: { nid, version }, back }) => {
      const note = await firmNote(fid, nid, user)
      if (!note) throw new RuleError(NOTE_MESSAGES.loadFailed, 404, { nid })
      // The version the confirm was shown at: a note changed since is not taken blindly.
      await takeNote(getDb(), nid, actorOf(user), { version }).catch((error: unknown) => {
        if (error instanceof ConflictError) throw new RuleError(NOTE_MESSAGES.conflict, 409, { nid })
        return aboutNote(nid)(error)
      })
      // The edit opens on the note now in the admin's name.
      return redirectWithFlash(withParams(closedPanels(back), { [NOTE_PARAMS.edit]: String(nid) }), {
        message: `You took note ${nid} from ${note.staff ?? 'nobody'}.`,
        kind: 'success',
      })
    },
  }),
  'note-inline': firmIntent({
    schema: inlineEditSchema,
    invalid: 'Check the note fields.',
    handle: async ({ user, fid, value: input, back }) => {
      const note = await firmNote(fid, input.nid, user)
      if (!note) throw new RuleError(NOTE_MESSAGES.loadFailed, 404, { nid: input.nid })
      const changes: Parameters<typeof updateNote>[3] = {
        type: input.type,
        status: input.status,
        staff: input.staff,
        re: input.re,
        due: input.due,
      }
      // The row shows the date to the minute: only a changed value is a change of date.
      if (input.dated !== undefined && input.dated.slice(0, 16) !== toDateTimeLocal(note.dated)) {
        const dated = fromDateTimeLocal(input.dated)
        if (!dated) throw new InvalidError('The date must be a date and time.', { field: 'dated', nid: input.nid })
        changes.dated = dated
      }
      await updateNote(getDb(), input.nid, input.version, changes, actorOf(user), { inline: true }).catch(
        (error: unknown) => {
          if (!(error instanceof ConflictError)) return aboutNote(input.nid)(error)
          // A lost race: the row shows the note as it is now, or why it is no longer the user's to edit.
          const current = error.current as NoteEntity | null
          const refusal = current ? inlineEditRefusal(current, user) : null
          const refused =
            refusal && current ? { title: isOwner(current, user) ? 'Note' : 'Note Taken', message: refusal } : undefined
          throw new RuleError(NOTE_MESSAGES.conflict, 409, {
            nid: input.nid,
            current: current ? inlineValuesOf(current) : undefined,
            refused,
          })
        },
      )
      return redirectWithFlash(withParams(closedPanels(back), { [NOTE_PARAMS.selected]: String(input.nid) }), {
        message: NOTE_MESSAGES.changeSaved,
        kind: 'success',
      })
    },
  }),
}

/** The firm viewer's Notes tab: a firm opened from a note starts on its Active notes, the note chosen (§2.2). */
export const notesTab: FirmTab<NotesTabView> = {
  name: 'Notes',
  load: ({ user, fid, url, fromNote, fromNoteRead }) =>
    loadNotesTab(
      user,
      fid,
      url,
      fromNote
        ? { mode: DEFAULT_MODE_FROM_NOTE, nid: fromNote, note: fromNoteRead }
        : { mode: DEFAULT_MODE_FROM_SEARCH },
    ),
  intents: noteIntents,
}
