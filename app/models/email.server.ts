import { randomBytes } from 'node:crypto'
import { and, eq, inArray, or } from 'drizzle-orm'
import { getConfig } from '#app/config.server'
import type { DbOrTx } from '#app/db/client.server'
import { fileLinks, fileObjects, noteRecipients, people, users } from '#app/db/schema'
import {
  EMAIL_MESSAGES,
  MAX_ATTACHMENT_BYTES,
  MAX_BODY_LENGTH,
  MAX_SUBJECT_LENGTH,
  checkAddresses,
  cleanSubject,
  composeEmail,
  isSendIncomplete,
  isSingleAddress,
  type Company,
  type ListedFile,
  type Signer,
} from '#app/domain/email'
import { hasExtension } from '#app/domain/files'
import { sanitizeUserHtml } from '#app/domain/html.server'
import { NOTE_MESSAGES, isOwner, maySend } from '#app/domain/notes'
import type { Delivery, MailTransport, OutgoingMail } from '#app/domain/mail'
import { visibleLinks } from './file.server'
import { NoteRuleError, type Actor } from './note.server'
import { userNamed } from './user.server'
import { finishAttempt, logAttempt, noteForTranlog } from './tranlog.server'
import { isRecordId } from '#app/domain/ids'

/**
 * A note's email (spec 2 §4 email flow, §5, §9), the data side: checks the send, composes the message
 * with the appended blocks and the chosen files, and writes the attempt to the tranlog ('queued', then
 * 'sent' or 'failed'). The mail service (app/mail/note-email.server.ts) hands it to the transport.
 * Refusals the user can act on are NoteRuleErrors (nothing sent, nothing logged); the mail service
 * throws its EmailSendError for a delivery that fails, after the failure was logged here.
 */

/** A recipient: a typed address, or a person (plid) whose email is used. */
export type Addressee = string | number

export interface SendNoteEmail {
  nid: number
  actor: Actor
  /** The signer's username (the From picker). */
  from: string
  /** To, Cc and Bcc; when `to` is absent, the note's saved To line and recipients are used for all three. */
  to?: readonly Addressee[]
  cc?: readonly Addressee[]
  bcc?: readonly Addressee[]
  /** The Re line. */
  subject: string
  body: string
  /** Whether body is HTML; the note's own flag when absent. */
  html?: boolean
  /** Files (loids) of the note or of its firm to send. */
  loids?: readonly number[]
  /** Send the files as attachments; when false they are listed in the message instead. */
  attach: boolean
  /** When given, the note must belong to this firm. */
  fid?: number | null
}

const refuse = (message: string, status: 400 | 403 | 404 | 409 = 400) => new NoteRuleError(message, status)

/** The company block's settings, from the configuration. */
export function companyFromConfig(config = getConfig()): Company {
  return {
    name: config.MAIL_COMPANY_NAME,
    addressLines: config.MAIL_COMPANY_ADDRESS.split(';')
      .map((line) => line.trim())
      .filter(Boolean),
    phone: config.MAIL_COMPANY_PHONE || null,
    website: config.MAIL_COMPANY_WEBSITE || null,
    licensesUrl: config.MAIL_LICENSES_URL,
  }
}

/** An enabled signer (users.signer) by username, case-insensitive; null when not available. */
export async function availableSigner(db: DbOrTx, username: string): Promise<Signer | null> {
  return userNamed(
    db,
    username,
    {
      username: users.username,
      longName: users.longName,
      email: users.email,
      direct: users.direct,
      ext: users.ext,
      company: users.company,
    },
    eq(users.enabled, true),
    eq(users.signer, true),
  )
}

/**
 * Who a note is addressed to when the caller does not say (POST /api/emails/{nid} carries no
 * recipients): the note's To line as saved, plus its To, Cc and Bcc recipients (as plids).
 */
export async function noteAddressees(
  db: DbOrTx,
  nid: number,
  toLine: string | null,
): Promise<{ to: Addressee[]; cc: Addressee[]; bcc: Addressee[] }> {
  const rows = await db.select().from(noteRecipients).where(eq(noteRecipients.nid, nid))
  const typed = (toLine ?? '').split(/[,;\s]+/).filter(Boolean)
  return {
    to: [...typed, ...rows.filter((row) => row.to).map((row) => row.plid)],
    cc: rows.filter((row) => row.cc && !row.to).map((row) => row.plid),
    bcc: rows.filter((row) => row.bcc && !row.to && !row.cc).map((row) => row.plid),
  }
}

/** Plids become their people's email; a person without a usable one is refused by name (plid). */
async function resolveAddressees(
  db: DbOrTx,
  lists: { to: readonly Addressee[]; cc: readonly Addressee[]; bcc: readonly Addressee[] },
) {
  const plids = [
    ...new Set([...lists.to, ...lists.cc, ...lists.bcc].filter((entry): entry is number => typeof entry === 'number')),
  ]
  const invalid = plids.filter((plid) => !isRecordId(plid))
  const found =
    plids.length > invalid.length
      ? await db
          .select({ plid: people.plid, email: people.email })
          .from(people)
          .where(inArray(people.plid, plids.filter(isRecordId)))
      : []
  const emails = new Map(found.filter((row) => row.email?.trim()).map((row) => [row.plid, row.email!.trim()]))
  const missing = plids.filter((plid) => !emails.has(plid))
  if (missing.length) throw refuse(EMAIL_MESSAGES.unknownPeople(missing))
  const toText = (list: readonly Addressee[]) =>
    list.map((entry) => (typeof entry === 'number' ? emails.get(entry)! : entry))
  return { to: toText(lists.to), cc: toText(lists.cc), bcc: toText(lists.bcc) }
}

interface NoteFileToSend {
  loid: number
  filename: string
  description: string
  contentType: string
  size: number
}

/** The chosen files, each a file of the note or of its firm (Admin files for the admin group only). */
async function filesToSend(
  db: DbOrTx,
  note: { nid: number; fid: number | null },
  loids: readonly number[],
  actor: Actor,
): Promise<NoteFileToSend[]> {
  const wanted = [...new Set(loids)]
  if (wanted.length === 0) return []
  const bad = wanted.filter((loid) => !isRecordId(loid))
  const owners = note.fid ? or(eq(fileLinks.nid, note.nid), eq(fileLinks.fid, note.fid)) : eq(fileLinks.nid, note.nid)
  const rows =
    bad.length === wanted.length
      ? []
      : await visibleLinks(
          db
            .select({
              loid: fileLinks.loid,
              nid: fileLinks.nid,
              filename: fileObjects.filename,
              description: fileLinks.file_description,
              contentType: fileObjects.content_type,
              size: fileObjects.size,
            })
            .from(fileLinks)
            .$dynamic(),
          and(inArray(fileLinks.loid, wanted.filter(isRecordId)), owners),
          actor,
        )
  // A file linked to both the note and the firm is described as the note has it.
  const byLoid = new Map<number, (typeof rows)[number]>()
  for (const row of rows) if (!byLoid.has(row.loid) || row.nid !== null) byLoid.set(row.loid, row)
  const unknown = wanted.filter((loid) => !byLoid.has(loid))
  if (unknown.length) throw refuse(EMAIL_MESSAGES.unknownFiles(unknown))
  return wanted.map((loid) => {
    const row = byLoid.get(loid)!
    return { loid, filename: row.filename, description: row.description, contentType: row.contentType, size: row.size }
  })
}

async function fileBytes(db: DbOrTx, loids: readonly number[]): Promise<Map<number, Buffer>> {
  if (loids.length === 0) return new Map()
  const rows = await db
    .select({ loid: fileObjects.loid, data: fileObjects.data })
    .from(fileObjects)
    .where(inArray(fileObjects.loid, [...loids]))
  return new Map(rows.map((row) => [row.loid, row.data]))
}

const listLine = (label: string, list: readonly string[]) => (list.length ? `${label}: ${list.join(', ')}` : null)

/**
 * A checked, composed note email with its attempt logged as queued: what the mail service hands to the
 * transport (app/mail/note-email.server.ts), and what the delivery's outcome is written against.
 */
export interface PreparedNoteEmail {
  mail: OutgoingMail
  tranlogId: number
  actorId: number
  /** The recipients, Re and files, as the tranlog writes them. */
  summary: { recipients: string; subject: string; files: string }
  attached: string[]
  skipped: ListedFile[]
}

/**
 * Checks and composes a note's email and logs the attempt (the caller has checked the email-send scope:
 * the registry does for the API, the editor's intent table for the page). Order of checks: the note
 * exists and is visible (404), is the actor's or the actor is admin (403), is not done (409); then To,
 * From, Re and body present, the Re line and every address header-safe, From an available signer, the
 * files the note's or its firm's (400). Only then is the attempt logged as queued.
 */
export async function prepareNoteEmail(db: DbOrTx, input: SendNoteEmail): Promise<PreparedNoteEmail> {
  const { actor } = input
  const note = await noteForTranlog(db, input.nid, actor)
  if (!actor.isAdmin && !isOwner(note, actor))
    throw refuse(note.staff ? NOTE_MESSAGES.ownerHasNote(note.staff) : NOTE_MESSAGES.notInYourName, 403)
  if (!maySend(note.status)) throw refuse(EMAIL_MESSAGES.noteDone, 409)
  if (input.fid != null && input.fid !== note.fid) throw refuse(EMAIL_MESSAGES.firmMismatch)

  const lists = input.to
    ? { to: input.to, cc: input.cc ?? [], bcc: input.bcc ?? [] }
    : await noteAddressees(db, note.nid, note.to)
  const html = input.html ?? note.html
  if (input.body.length > MAX_BODY_LENGTH) throw refuse(EMAIL_MESSAGES.bodyTooLong)
  // Emptiness is judged on what would be sent: a body of only a script is no body.
  const body = html ? sanitizeUserHtml(input.body) : input.body
  if (isSendIncomplete({ to: lists.to, from: input.from, subject: input.subject, body, html }))
    throw refuse(EMAIL_MESSAGES.missingFields)
  const subject = cleanSubject(input.subject)
  if (subject === null) throw refuse(EMAIL_MESSAGES.invalidSubject)
  if (subject.length > MAX_SUBJECT_LENGTH) throw refuse(EMAIL_MESSAGES.subjectTooLong)
  const addresses = checkAddresses(await resolveAddressees(db, lists))
  if (!addresses.ok) throw refuse(addresses.message)
  const signer = await availableSigner(db, input.from)
  if (!signer) throw refuse(EMAIL_MESSAGES.invalidFrom(input.from.trim()))

  const files = await filesToSend(db, note, input.loids ?? [], actor)
  const attachable = input.attach ? files.filter((file) => hasExtension(file.filename)) : []
  const skipped = input.attach
    ? files
        .filter((file) => !hasExtension(file.filename))
        .map((file) => ({ filename: file.filename, description: file.description }))
    : []
  const listed = input.attach ? [] : files.map((file) => ({ filename: file.filename, description: file.description }))
  if (attachable.reduce((total, file) => total + file.size, 0) > MAX_ATTACHMENT_BYTES)
    throw refuse(EMAIL_MESSAGES.attachmentsTooLarge)

  const config = getConfig()
  const composed = composeEmail({
    signer,
    mailDomain: config.MAIL_FROM_DOMAIN,
    company: companyFromConfig(config),
    subject,
    body,
    html,
    listedFiles: listed,
  })
  // A misconfigured MAIL_FROM_DOMAIN must not put an arbitrary string in the From header.
  if (!isSingleAddress(composed.from.address))
    throw new Error(`MAIL_FROM_DOMAIN does not make a valid address: ${composed.from.address}`)
  const bytes = await fileBytes(
    db,
    attachable.map((file) => file.loid),
  )
  const messageId = `<${note.nid}.${Date.now().toString(36)}.${randomBytes(6).toString('hex')}@${config.MAIL_FROM_DOMAIN}>`

  const recipientsLine = [listLine('To', addresses.to), listLine('Cc', addresses.cc), listLine('Bcc', addresses.bcc)]
    .filter(Boolean)
    .join('; ')
  const filesLine = attachable.length ? `; attached: ${attachable.map((file) => file.filename).join(', ')}` : ''
  const attempt = await logAttempt(db, {
    nid: note.nid,
    type: 'email',
    note: `From: ${signer.username}; ${recipientsLine}; Re: ${subject}${filesLine}`,
    userId: actor.id,
    username: actor.username,
  })
  return {
    mail: {
      from: composed.from,
      replyTo: composed.replyTo,
      to: addresses.to,
      cc: addresses.cc,
      bcc: addresses.bcc,
      subject: composed.subject,
      text: composed.text,
      html: composed.html,
      attachments: attachable.map((file) => ({
        filename: file.filename,
        content: bytes.get(file.loid) ?? Buffer.alloc(0),
        contentType: file.contentType,
      })),
      messageId,
      headers: { 'X-MGA-Note': String(note.nid) },
    },
    tranlogId: attempt.id,
    actorId: actor.id,
    summary: { recipients: recipientsLine, subject, files: filesLine },
    attached: attachable.map((file) => file.filename),
    skipped,
  }
}

/** The delivery's outcome in the attempt's tranlog row: sent (with the server's refusals) or failed. */
export async function recordNoteEmailOutcome(
  db: DbOrTx,
  prepared: PreparedNoteEmail,
  via: Pick<MailTransport, 'kind' | 'target'>,
  outcome: { sent: Delivery } | { failed: string },
): Promise<void> {
  const { recipients, subject, files } = prepared.summary
  if ('sent' in outcome) {
    const { sent } = outcome
    const refused = sent.rejected.length ? `; refused by the server: ${sent.rejected.join(', ')}` : ''
    await finishAttempt(db, prepared.tranlogId, {
      status: 'sent',
      note: `Message-ID ${sent.messageId} via ${via.kind} (${via.target}); ${recipients}; Re: ${subject}${files}${refused}`,
      userId: prepared.actorId,
    })
    return
  }
  await finishAttempt(db, prepared.tranlogId, {
    status: 'failed',
    note: `Failed via ${via.kind} (${via.target}): ${outcome.failed}; ${recipients}; Re: ${subject}`,
    userId: prepared.actorId,
  })
}
