import { NOTE_MESSAGES } from '#app/domain/notes'
import type { Actor, NoteEntity } from '#app/models/note.server'

export interface EditorSend {
  note: NoteEntity
  actor: Actor
  signer: string
  to: string[]
  cc: string[]
  bcc: string[]
  subject: string
  body: string
  html: boolean
  attach: boolean
}

export type EditorSendOutcome = { ok: true; warning?: string } | { ok: false; detail: string }

/** The editor's send, through the email model (which writes every attempt to the tranlog). */
export async function sendFromEditor(_input: EditorSend): Promise<EditorSendOutcome> {
  return { ok: false, detail: NOTE_MESSAGES.sendFailedDetail }
}
