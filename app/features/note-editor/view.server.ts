import type { SubmissionResult } from '@conform-to/react'
import { canEditNotes, canSendEmail, canUploadFiles, fileTypeAccess } from '#app/auth/abilities'
import dayjs from 'dayjs'
import { type CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { formatDisplayDate } from '#app/domain/dates'
import { sanitizeUserHtml } from '#app/domain/html.server'
import { allowedFileTypes, hasExtension } from '#app/domain/files'
import { typedPartOfToLine, type EditorRecipient } from '#app/domain/note-editor'
import {
  NOTE_MESSAGES,
  NOTE_STATUS_LIST,
  RECIPIENT_SEARCH,
  isClosed,
  isDateEditable,
  isOwner,
  selectableTypes,
  visibleTypes,
} from '#app/domain/notes'
import { firmFiles as loadFirmFiles } from '#app/models/file.server'
import { getFirm } from '#app/models/firm.server'
import { letterTemplates } from '#app/models/letter.server'
import {
  enabledUsers,
  pickerPolicies,
  policyLabel,
  recipientCandidates,
  recipientPeople,
  type RecipientCandidate,
} from '#app/models/note-editor.server'
import { allowedStaff, availableSigners, noteFiles, noteRecipientsOf, type NoteEntity } from '#app/models/note.server'
import type { EditorDialog, EditorMode, EditorValues, EditorView, Option, RecipientRow } from './types'

/** The datetime-local text of a stored date-time, in the server's zone (as every timestamp is shown). */
export function toDateTimeLocal(value: Date | string): string {
  return dayjs(value).format('YYYY-MM-DDTHH:mm')
}

export function valuesOf(note: NoteEntity, recipients: readonly EditorRecipient[]): EditorValues {
  return {
    dated: toDateTimeLocal(note.dated),
    type: note.type,
    status: note.status,
    staff: note.staff ?? '',
    pid: note.pid ? String(note.pid) : '',
    signer: note.signer ?? '',
    to: typedPartOfToLine(note.to, recipients),
    re: note.re ?? '',
    note: note.note ?? '',
    html: note.html,
    attach: true,
    letter: '',
  }
}

const whereOf = (person: Pick<RecipientCandidate, 'firms_sort' | 'contacts_sort'>) =>
  person.firms_sort ?? person.contacts_sort ?? null

/** Back to the firm's Notes tab with this note chosen (or home for a note without a firm). */
export function closeHrefOf(note: Pick<NoteEntity, 'nid' | 'fid'>): string {
  if (!note.fid) return '/'
  const params = new URLSearchParams({
    open: String(note.fid),
    firm: String(note.fid),
    tab: 'Notes',
    nmode: 'Active',
    nid: String(note.nid),
  })
  return `/search/firms/firmsSearch?${params.toString()}`
}

/** The firm's name as letters and the page show it (its first name, else the insured, else its sort name). */
export function firmNameOf(
  note: Pick<NoteEntity, 'firm_sort'>,
  firm: { name1: string | null; insured: string | null } | null,
): string | null {
  return firm?.name1 ?? firm?.insured ?? note.firm_sort
}

/** The mode a user has on a note, without side effects (after a save, a conflict or a refused action). */
export function modeFor(note: Pick<NoteEntity, 'staff'>, user: CurrentUser, given: boolean): EditorMode {
  if (!canEditNotes(user)) return 'read'
  if (isOwner(note, user)) return 'edit'
  if (given) return 'given'
  return user.isAdmin ? 'edit' : 'read'
}

export interface ViewOptions {
  mode: EditorMode
  dialog?: EditorDialog | null
  /** The form as the user sent it (a re-render keeps unsaved values). */
  values?: EditorValues
  recipients?: readonly { plid: number; to: boolean; cc: boolean; bcc: boolean }[]
  alert?: EditorView['alert']
  /** Conform's reply to a refused form: each field marks its own message. */
  result?: SubmissionResult<string[]> | null
  searchTerm?: string
  prep?: boolean
  upload?: EditorView['upload']
  expectedFiles?: number | null
}

function optionList(values: readonly string[], current: string): Option[] {
  const list = values.map((value) => ({ value, label: value }))
  return current && !values.includes(current) ? [{ value: current, label: current }, ...list] : list
}

/** Everything the editor page shows for a note: values, choices, recipients, files and the dialog. */
export async function buildEditorView(user: CurrentUser, note: NoteEntity, options: ViewOptions): Promise<EditorView> {
  const db = getDb()
  const actor = { id: user.id, username: user.username, isAdmin: user.isAdmin }
  const editing = options.mode === 'edit'
  const term = options.searchTerm?.trim() ?? ''
  const [storedRecipients, unsavedPeople, files, firmFileRows, policies, signers, staff, letters, firm, found] =
    await Promise.all([
      noteRecipientsOf(db, note.nid),
      options.recipients
        ? recipientPeople(
            db,
            options.recipients.map((row) => row.plid),
          )
        : null,
      noteFiles(db, note.nid, user),
      editing && note.fid ? loadFirmFiles(db, note.fid, user) : [],
      pickerPolicies(db, note.fid),
      availableSigners(db),
      user.isAdmin ? enabledUsers(db).then((rows) => rows.map((row) => row.username)) : allowedStaff(db, actor),
      letterTemplates(db),
      note.fid ? getFirm(db, note.fid) : null,
      editing && term.length >= RECIPIENT_SEARCH.minChars
        ? recipientCandidates(db, { search: term, fid: note.fid })
        : null,
    ])

  let recipients: RecipientRow[]
  if (options.recipients && unsavedPeople) {
    const byPlid = new Map(unsavedPeople.map((person) => [person.plid, person]))
    recipients = options.recipients.flatMap((row) => {
      const person = byPlid.get(row.plid)
      return person
        ? [
            {
              plid: row.plid,
              name: person.name,
              email: person.email,
              salutation: person.salutation,
              where: whereOf(person),
              to: row.to,
              cc: row.cc,
              bcc: row.bcc,
            },
          ]
        : []
    })
  } else {
    const people = await recipientPeople(
      db,
      storedRecipients.map((row) => row.plid),
    )
    const byPlid = new Map(people.map((person) => [person.plid, person]))
    recipients = storedRecipients.map((row) => {
      const person = byPlid.get(row.plid)
      return {
        plid: row.plid,
        name: row.name,
        email: row.email,
        salutation: person?.salutation ?? null,
        where: person ? whereOf(person) : null,
        to: row.to,
        cc: row.cc,
        bcc: row.bcc,
      }
    })
  }

  // A re-rendered form never carries unsanitised HTML back into the page (the editor writes it as markup).
  const values = options.values
    ? { ...options.values, note: options.values.html ? sanitizeUserHtml(options.values.note) : options.values.note }
    : valuesOf(note, recipients)
  // From defaults to the user when they may sign (spec 2 §2.5).
  if (
    !options.values &&
    !values.signer &&
    editing &&
    signers.some((signer) => signer.username.toLowerCase() === user.username.toLowerCase())
  )
    values.signer = user.username
  const selectable = selectableTypes(user.isAdmin)
  // Non-admins see the incoming types, disabled (spec 2 §6); the note's own type always shows.
  const types: Option[] = visibleTypes(user.isAdmin).map((type) => ({
    value: type,
    label: type,
    disabled: !selectable.includes(type),
  }))
  if (!types.some((option) => option.value === note.type))
    types.unshift({ value: note.type, label: note.type, disabled: true })
  const onNote = new Set(files.map((file) => file.loid))

  return {
    note: {
      nid: note.nid,
      fid: note.fid,
      version: note.version,
      firmSort: note.firm_sort,
      firmName: firmNameOf(note, firm),
      staff: note.staff,
      opener: note.opener,
      closer: note.closer,
      status: note.status,
      type: note.type,
      stamp: note.stamp.toISOString(),
      cstamp: note.cstamp.toISOString(),
      tasks: (note.tasks ?? '').split('\n').filter((line) => line.trim() !== ''),
      dateEditable: isDateEditable(values.type || note.type),
    },
    values,
    recipients,
    mode: options.mode,
    dialog: options.dialog ?? null,
    alert: options.alert ?? null,
    result: options.result ?? null,
    options: {
      types,
      statuses: optionList(NOTE_STATUS_LIST, note.status),
      staff: optionList(staff, note.staff ?? ''),
      signers: [
        ...(values.signer && !signers.some((signer) => signer.username.toLowerCase() === values.signer.toLowerCase())
          ? [{ value: values.signer, label: `${values.signer} (not available)`, unavailable: true }]
          : []),
        ...signers.map((signer) => ({
          value: signer.username,
          label: signer.longName ? `${signer.longName} (${signer.username})` : signer.username,
          longName: signer.longName,
        })),
      ],
      policies: policies.map((policy) => ({ value: String(policy.pid), label: policyLabel(policy) })),
      letters: letters.map((letter) => ({ value: String(letter.id), label: letter.name })),
      fileTypes: allowedFileTypes(fileTypeAccess(user)),
    },
    files: files.map((file) => ({ ...file, hasExtension: hasExtension(file.filename) })),
    firmFiles: firmFileRows
      .filter((file) => !onNote.has(file.loid))
      .map((file) => ({ loid: file.loid, filename: file.filename, file_description: file.file_description })),
    can: {
      send: canSendEmail(user),
      upload: editing && canUploadFiles(user),
      isAdmin: user.isAdmin,
      // Shown read-only though opening it from the app would have taken it (opened from another site,
      // or only read): Take posts the take intent.
      take: options.mode === 'read' && canEditNotes(user) && !isOwner(note, user) && !isClosed(note.status),
    },
    search:
      editing && term
        ? {
            term,
            results: (found ?? []).map((person) => ({
              plid: person.plid,
              name: person.name,
              email: person.email,
              salutation: person.salutation,
              where: whereOf(person),
            })),
            message:
              term.length < RECIPIENT_SEARCH.minChars
                ? NOTE_MESSAGES.recipientsMin
                : found && found.length === 0
                  ? NOTE_MESSAGES.recipientsNone
                  : null,
          }
        : null,
    prep: options.prep ?? false,
    upload: options.upload ?? null,
    expectedFiles: options.expectedFiles ?? null,
    closeHref: closeHrefOf(note),
    today: formatDisplayDate(new Date()),
    username: user.username,
  }
}
