/**
 * A note's email, composed (spec 2 §5, §9): the checks a send must pass, header-safe addresses and
 * subject, and the message with the blocks every email carries appended to both parts: the closing
 * with the sender's long name, the company contact block, the licenses link and the confidentiality
 * disclaimer. Pure: no I/O, so the editor can run the same checks in the browser. The HTML body given
 * here is already sanitised (app/domain/html.server.ts on the server); everything this module adds is
 * escaped.
 */
import { formatPhone } from './masks'
import { NOTE_MESSAGES, htmlToPlain, plainToHtml } from './notes'

// ── Limits and messages ────────────────────────────────────────────────────────────────────────────

export const MAX_ADDRESS_LENGTH = 254
/** To, Cc and Bcc together. */
export const MAX_RECIPIENTS = 50
export const MAX_SUBJECT_LENGTH = 500
export const MAX_BODY_LENGTH = 500_000
/** All attachments of one email together (many mail servers refuse messages over 25 MB once encoded). */
export const MAX_ATTACHMENT_BYTES = 18 * 1024 * 1024

export const EMAIL_MESSAGES = {
  missingFields: NOTE_MESSAGES.missingFields,
  invalidFrom: NOTE_MESSAGES.invalidFrom,
  sendFailed: NOTE_MESSAGES.sendFailed,
  sendFailedDetail: NOTE_MESSAGES.sendFailedDetail,
  sent: NOTE_MESSAGES.sent,
  invalidAddress: (text: string) => `"${shorten(text)}" is not a valid email address.`,
  invalidSubject: 'The Re line may not contain line breaks or control characters.',
  subjectTooLong: `The Re line may have at most ${MAX_SUBJECT_LENGTH} characters.`,
  bodyTooLong: `The note is too long to send (at most ${MAX_BODY_LENGTH.toLocaleString('en-US')} characters).`,
  tooManyRecipients: `An email may have at most ${MAX_RECIPIENTS} recipients.`,
  noteDone: 'This note is done, so it can no longer be sent.',
  unknownPeople: (plids: readonly number[]) => `These recipients have no email address: ${plids.join(', ')}.`,
  unknownFiles: (loids: readonly number[]) => `Files ${loids.join(', ')} are not files of this note or its firm.`,
  attachmentsTooLarge: `The attachments are larger than ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB together. Send fewer files, or send them as a list.`,
  firmMismatch: 'This note does not belong to that firm.',
} as const

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators: none belongs in a header. */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029
}

function hasControl(text: string, options: { allowTab?: boolean } = {}): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (isControl(code) && !(options.allowTab && code === 0x09)) return true
  }
  return false
}

function replaceControls(text: string, by: string): string {
  return Array.from(text, (char) => (isControl(char.codePointAt(0)!) ? by : char)).join('')
}

function shorten(text: string): string {
  const printable = replaceControls(text, '�')
  return printable.length > 60 ? `${printable.slice(0, 60)}…` : printable
}

// ── Addresses and headers ──────────────────────────────────────────────────────────────────────────

/**
 * One bare address, local@domain.tld: no spaces, quotes, angle brackets, commas, semicolons, colons or
 * control characters, so a value can never carry a display name, a second recipient or another header.
 */
const ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

export function isSingleAddress(text: unknown): text is string {
  return typeof text === 'string' && text.length <= MAX_ADDRESS_LENGTH && ADDRESS.test(text)
}

/**
 * An address as typed, checked: surrounding spaces go, anything else that is not one bare address
 * (line breaks anywhere included) is refused with null.
 */
export function cleanAddress(text: string): string | null {
  if (hasControl(text)) return null
  const trimmed = text.trim()
  return isSingleAddress(trimmed) ? trimmed : null
}

/** The Re line as a header: null when it holds a line break or another control character (tab excepted). */
export function cleanSubject(text: string): string | null {
  if (hasControl(text, { allowTab: true })) return null
  return text.replace(/\t/g, ' ').trim()
}

/** A display name fit for a header: control characters and quotes' escapes never reach the header. */
export function displayName(text: string | null | undefined, fallback: string): string {
  const clean = replaceControls(text ?? '', ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return (clean || fallback).slice(0, 100)
}

/** `"Name" <address>` with the name quoted and escaped (RFC 5322 quoted-string), for logs and the screen. */
export function formatMailbox(name: string, address: string): string {
  return `"${displayName(name, address).replace(/[\\"]/g, '\\$&')}" <${address}>`
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase()
}

export interface Signer {
  username: string
  longName: string | null
  email: string | null
  direct: string | null
  ext: string | null
  company: string | null
}

/**
 * The From and Reply-To of a signer's email: From is the signer's own address when it is on the
 * office's mail domain (so the domain's sender policy holds), else username@domain; replies go to the
 * signer's address. The display name is the signer's long name.
 */
export function senderOf(
  signer: Signer,
  mailDomain: string,
): { from: { name: string; address: string }; replyTo: string | null } {
  const own = signer.email?.trim() ?? ''
  const ownValid = isSingleAddress(own)
  const onDomain = ownValid && domainOf(own) === mailDomain.toLowerCase()
  const local = signer.username.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'office'
  const address = onDomain ? own : `${local}@${mailDomain}`
  return { from: { name: displayName(signer.longName, signer.username), address }, replyTo: ownValid ? own : null }
}

// ── The send's checks ──────────────────────────────────────────────────────────────────────────────

/** Body text without markup and blanks: an HTML body of only breaks is empty. */
export function bodyIsEmpty(body: string | null | undefined, html: boolean): boolean {
  const text = body ?? ''
  return (html ? text.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ') : text).trim() === ''
}

/** Send requires To, From, Re and the note body (spec 2 §5): true when one of them is missing. */
export function isSendIncomplete(fields: {
  to: readonly unknown[]
  from: string | null | undefined
  subject: string | null | undefined
  body: string | null | undefined
  html: boolean
}): boolean {
  return (
    fields.to.length === 0 || !fields.from?.trim() || !fields.subject?.trim() || bodyIsEmpty(fields.body, fields.html)
  )
}

export type AddressCheck = { ok: true; to: string[]; cc: string[]; bcc: string[] } | { ok: false; message: string }

/**
 * To, Cc and Bcc as typed: every entry one bare address (else the first bad one is named), each
 * address once across the three lines (To wins, then Cc), at most MAX_RECIPIENTS in all.
 */
export function checkAddresses(lines: {
  to: readonly string[]
  cc: readonly string[]
  bcc: readonly string[]
}): AddressCheck {
  const seen = new Set<string>()
  const out = { to: [] as string[], cc: [] as string[], bcc: [] as string[] }
  for (const role of ['to', 'cc', 'bcc'] as const) {
    for (const entry of lines[role]) {
      const address = cleanAddress(entry)
      if (!address) return { ok: false, message: EMAIL_MESSAGES.invalidAddress(entry) }
      if (seen.has(address.toLowerCase())) continue
      seen.add(address.toLowerCase())
      out[role].push(address)
    }
  }
  if (seen.size > MAX_RECIPIENTS) return { ok: false, message: EMAIL_MESSAGES.tooManyRecipients }
  return { ok: true, ...out }
}

// ── Files ──────────────────────────────────────────────────────────────────────────────────────────

export interface ListedFile {
  filename: string
  description: string
}

const fileLabel = (file: ListedFile) => `${file.filename}${file.description ? ` (${file.description})` : ''}`

/** The warning for files that were not attached because their names have no extension (spec 2 §5). */
export function noExtensionWarning(files: readonly ListedFile[]): string {
  return `${NOTE_MESSAGES.noExtension} ${files.map(fileLabel).join(', ')}`
}

export const FILES_LIST_HEADING = 'Files for this message (not attached):'

// ── The appended blocks ────────────────────────────────────────────────────────────────────────────

export const CLOSING = 'Best regards,'
export const LICENSES_LABEL = 'Our licenses'
export const DISCLAIMER =
  'CONFIDENTIALITY NOTICE: This email and any attachments are confidential and may be privileged. They are intended only for the addressee(s). If you received this email in error, please notify the sender and delete it; do not read, copy, forward or rely on it.'

export interface Company {
  /** users.company of the signer, else the configured name. */
  name: string
  addressLines: readonly string[]
  /** Main phone, digits or as written. */
  phone: string | null
  website: string | null
  licensesUrl: string
}

/** The company contact block: the company, its address, the phones and the signer's address. */
export function companyBlockLines(company: Company, signer: Signer, replyTo: string | null): string[] {
  const phones = [
    company.phone ? `Main ${formatPhone(company.phone)}` : null,
    signer.direct
      ? `Direct ${formatPhone(signer.direct)}${signer.ext ? ` ext. ${signer.ext}` : ''}`
      : signer.ext
        ? `Ext. ${signer.ext}`
        : null,
  ].filter(Boolean)
  return [company.name, ...company.addressLines, phones.join(' · '), replyTo ?? '', company.website ?? '']
    .map((line) => line.trim())
    .filter(Boolean)
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

export interface ComposeInput {
  signer: Signer
  mailDomain: string
  company: Company
  subject: string
  /** Plain text, or HTML already sanitised. */
  body: string
  html: boolean
  /** Files named in the message instead of attached (send-as-attachments off). */
  listedFiles?: readonly ListedFile[]
}

export interface ComposedEmail {
  from: { name: string; address: string }
  replyTo: string | null
  subject: string
  text: string
  html: string
}

/**
 * The message: the body, the files list (when files are not attached), the closing with the sender's
 * long name, the company block, the licenses link and the disclaimer, in the text and the HTML part.
 */
export function composeEmail(input: ComposeInput): ComposedEmail {
  const subject = cleanSubject(input.subject)
  // Callers check first (with the user's message); this is the last line of defence for the header.
  if (subject === null) throw new RangeError(EMAIL_MESSAGES.invalidSubject)
  const { from, replyTo } = senderOf(input.signer, input.mailDomain)
  const company = { ...input.company, name: input.signer.company?.trim() || input.company.name }
  const lines = companyBlockLines(company, input.signer, replyTo)
  const files = input.listedFiles ?? []
  const bodyText = (input.html ? htmlToPlain(input.body) : input.body.replace(/\r\n?/g, '\n')).replace(/\s+$/, '')
  const bodyHtml = input.html ? input.body : plainToHtml(input.body.replace(/\s+$/, ''))

  const text = [
    bodyText,
    files.length ? [FILES_LIST_HEADING, ...files.map((file) => `- ${fileLabel(file)}`)].join('\n') : null,
    `${CLOSING}\n\n${from.name}`,
    lines.join('\n'),
    `${LICENSES_LABEL}: ${company.licensesUrl}`,
    DISCLAIMER,
  ]
    .filter((part): part is string => part !== null)
    .join('\n\n')

  const html = [
    '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>',
    `<div>${bodyHtml}</div>`,
    files.length
      ? `<p>${escapeHtml(FILES_LIST_HEADING)}</p><ul>${files.map((file) => `<li>${escapeHtml(fileLabel(file))}</li>`).join('')}</ul>`
      : '',
    `<p>${escapeHtml(CLOSING)}</p>`,
    `<p><strong>${escapeHtml(from.name)}</strong></p>`,
    `<p class="company">${lines.map(escapeHtml).join('<br>')}</p>`,
    `<p class="licenses"><a href="${escapeHtml(company.licensesUrl)}">${escapeHtml(LICENSES_LABEL)}</a></p>`,
    `<p class="disclaimer" style="font-size:11px;color:#666666">${escapeHtml(DISCLAIMER)}</p>`,
    '</body></html>',
  ].join('\n')

  return { from, replyTo, subject, text, html }
}
