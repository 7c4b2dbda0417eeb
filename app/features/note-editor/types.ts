import type { SubmissionResult } from '@conform-to/react'
import type { EditorRecipient } from '#app/domain/note-editor'

/** What the editor's form holds (strings as the inputs hold them). */
export interface EditorValues {
  /** datetime-local, in the server's time zone (the zone every timestamp of the app is shown in). */
  dated: string
  type: string
  status: string
  staff: string
  pid: string
  signer: string
  /** Addresses typed in the To field (the To recipients are shown apart). */
  to: string
  re: string
  note: string
  html: boolean
  /** Send the files as attachments. */
  attach: boolean
  letter: string
}

export interface Option {
  value: string
  label: string
  disabled?: boolean
  /** A stored value no longer offered (a From who is not a signer now): shown, but refused on send. */
  unavailable?: boolean
  /** The From's long name, for letters. */
  longName?: string | null
}

export type RecipientRow = EditorRecipient & { where: string | null }

export interface NoteFileRow {
  loid: number
  loidfid: number
  filename: string
  content_type: string
  size: number
  file_description: string
  file_type: number
  hasExtension: boolean
}

/**
 * The dialogs of spec 2 §2.5 and §4. Server-rendered when the server decides (opening a note, a refused
 * send without JavaScript); opened by the page itself when JavaScript runs.
 */
export type EditorDialog =
  | { kind: 'notInYourName'; text: string }
  | { kind: 'given'; text: string }
  | { kind: 'take'; owner: string }
  /** Opened through a link from another site: nothing was taken; take it here, or just read it. */
  | { kind: 'takeHere'; owner: string }
  | { kind: 'pasteOver'; letter: string }
  | { kind: 'missing' }
  | { kind: 'invalidFrom'; from: string }
  | { kind: 'reassign'; to: string }
  | { kind: 'confirmSend' }

/** edit: the user may change the note; given: read-only after giving it away (For stays editable); read: read-only. */
export type EditorMode = 'edit' | 'given' | 'read'

export interface RecipientSearchResult {
  plid: number
  name: string
  email: string | null
  salutation: string | null
  where: string | null
}

export interface EditorView {
  note: {
    nid: number
    fid: number | null
    version: number
    firmSort: string | null
    firmName: string | null
    staff: string | null
    opener: string | null
    closer: string | null
    status: string
    type: string
    stamp: string
    cstamp: string
    tasks: string[]
    /** The HTML body as stored (sanitised), for the read-only view. */
    dateEditable: boolean
  }
  values: EditorValues
  recipients: RecipientRow[]
  mode: EditorMode
  dialog: EditorDialog | null
  alert: { kind: 'error' | 'conflict' | 'warning' | 'info'; text: string } | null
  /** Conform's reply to a refused form (`lastResult`): each field marks its own message. */
  result: SubmissionResult<string[]> | null
  options: {
    types: Option[]
    statuses: Option[]
    staff: Option[]
    signers: Option[]
    policies: Option[]
    letters: Option[]
    fileTypes: string[]
  }
  files: NoteFileRow[]
  /** The firm's files not yet on the note (the attach list). */
  firmFiles: { loid: number; filename: string; file_description: string }[]
  can: { send: boolean; upload: boolean; isAdmin: boolean; take: boolean }
  search: { term: string; results: RecipientSearchResult[]; message: string | null } | null
  prep: boolean
  upload: { missing: boolean; error: string | null } | null
  expectedFiles: number | null
  closeHref: string
  today: string
  username: string
}

/**
 * What an action of the editor answers when it does not redirect (`{ intent, error?, … }`, the one intent
 * shape): the page again (`view`: a dialog, a template, a file, the recipients, or a refusal shown over
 * the form as sent), or only the refusal (a missing ability: the page shows it over the note as loaded).
 */
export type EditorAnswer = { intent: string; error?: string; view?: EditorView }

/** What a send by script answers: sent (the snackbar, and the note again 3 s later), or not (the error snackbar, then the note again). */
export type SendAnswer =
  | { intent: string; sent: true; message: string; warning?: string; next: string }
  | { intent: string; sent?: undefined; error: string; detail?: string; next?: string }
