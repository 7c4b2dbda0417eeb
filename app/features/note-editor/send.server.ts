import { getDb } from '#app/db/client.server'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { EmailSendError } from '#app/mail/note-email.server'
import { sendNoteEmail } from '#app/mail/note-email.server'
import { noteFiles, NoteRuleError, type Actor, type NoteEntity } from '#app/models/note.server'

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
  /** Send the note's files as attachments (else they are listed in the message). */
  attach: boolean
}

export type EditorSendOutcome = { ok: true; warning?: string } | { ok: false; detail: string }

/**
 * The editor's send, after the note and its recipients were saved: the email model checks it again,
 * writes every attempt to the tranlog and delivers it (SMTP_URL, else the outbox folder). The note's
 * files go with it; those without an extension are not attached and come back as the warning.
 */
export async function sendFromEditor(input: EditorSend): Promise<EditorSendOutcome> {
  const db = getDb()
  const files = await noteFiles(db, input.note.nid, input.actor)
  try {
    const result = await sendNoteEmail(db, {
      nid: input.note.nid,
      actor: input.actor,
      from: input.signer,
      to: input.to,
      cc: input.cc,
      bcc: input.bcc,
      subject: input.subject,
      body: input.body,
      html: input.html,
      loids: files.map((file) => file.loid),
      attach: input.attach,
      fid: input.note.fid,
    })
    return { ok: true, warning: result.warning }
  } catch (error) {
    // Delivery failed (logged as failed) or the send was refused (nothing sent): the spec's detail, and why.
    if (error instanceof EmailSendError)
      return { ok: false, detail: `${NOTE_MESSAGES.sendFailedDetail} (${error.reason.slice(0, 200)})` }
    if (error instanceof NoteRuleError) return { ok: false, detail: error.message }
    throw error
  }
}
