import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { SendMailOptions } from 'nodemailer'
import { getConfig } from '#app/config.server'
import type { MailTransport, OutgoingMail } from '#app/domain/mail'

/**
 * Where email goes (ARCHITECTURE.md "Email"): nodemailer to SMTP_URL when it is set; otherwise an
 * outbox folder under DATA_DIR, one readable .eml file per message, so the app works out of the box.
 * The model composes and checks the message; this module only delivers it, within a time limit.
 */

export type { Delivery, MailTransport, OutgoingMail } from '#app/domain/mail'

/** A delivery that did not happen; `message` is safe to log and to keep in the tranlog. */
export class MailDeliveryError extends Error {
  name = 'MailDeliveryError'
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly timedOut = false,
  ) {
    super(message)
  }
}

function toNodemailer(mail: OutgoingMail): SendMailOptions {
  return {
    from: { name: mail.from.name, address: mail.from.address },
    ...(mail.replyTo && { replyTo: mail.replyTo }),
    to: [...mail.to],
    cc: [...mail.cc],
    bcc: [...mail.bcc],
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    headers: mail.headers,
    attachments: mail.attachments.map((file) => ({
      filename: file.filename,
      content: file.content,
      contentType: file.contentType,
    })),
    // Content comes only from our buffers: nodemailer must never read a path or fetch a URL for us.
    disableFileAccess: true,
    disableUrlAccess: true,
  }
}

const addressesOf = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.map((entry) =>
        typeof entry === 'string' ? entry : String((entry as { address?: string })?.address ?? entry),
      )
    : []

function describeFailure(error: unknown, timeoutMs: number): MailDeliveryError {
  const err = error as { name?: string; code?: string; message?: string; response?: string }
  if (err?.name === 'AbortError' || err?.name === 'TimeoutError' || err?.code === 'EABORT') {
    return new MailDeliveryError(
      `No answer from the mail server within ${Math.round(timeoutMs / 1000)} s (it may still deliver the message).`,
      'ETIMEDOUT',
      true,
    )
  }
  const text = (err?.response || err?.message || String(error)).replace(/[\r\n]+/g, ' ').slice(0, 500)
  return new MailDeliveryError(text, err?.code)
}

/** SMTP through nodemailer; one connection per message (sends are rare and slow anyway). */
export function smtpTransport(url: string): MailTransport {
  const parsed = new URL(url)
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  return {
    kind: 'smtp',
    target: `${parsed.protocol}//${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? 465 : 25)}`,
    async send(mail, { timeoutMs }) {
      try {
        const info = await transporter.sendMail({ ...toNodemailer(mail), signal: AbortSignal.timeout(timeoutMs) })
        return {
          messageId: info.messageId || mail.messageId,
          accepted: addressesOf(info.accepted),
          rejected: addressesOf(info.rejected),
          response: String(info.response ?? ''),
        }
      } catch (error) {
        throw describeFailure(error, timeoutMs)
      }
    },
    close: () => transporter.close(),
  }
}

/** The outbox: nodemailer builds the message; the file is `<time>-<random>.eml` under `dir`. */
export function outboxTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return {
    kind: 'outbox',
    target: dir,
    async send(mail, { timeoutMs }) {
      try {
        const info = await transporter.sendMail({ ...toNodemailer(mail), signal: AbortSignal.timeout(timeoutMs) })
        await mkdir(dir, { recursive: true })
        const file = path.join(
          dir,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
        )
        await writeFile(file, info.message as Buffer, { flag: 'wx' })
        const recipients = [...mail.to, ...mail.cc, ...mail.bcc]
        return {
          messageId: info.messageId || mail.messageId,
          accepted: recipients,
          rejected: [],
          response: `written to ${file}`,
        }
      } catch (error) {
        throw describeFailure(error, timeoutMs)
      }
    },
    close: () => transporter.close(),
  }
}

/** The configured transport: SMTP_URL, else `${DATA_DIR}/outbox`. */
export function transportFromConfig(config = getConfig()): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL) : outboxTransport(path.resolve(config.DATA_DIR, 'outbox'))
}

let current: { key: string; transport: MailTransport } | undefined

/** The app's transport, made once per configuration. */
export function getMailTransport(): MailTransport {
  const config = getConfig()
  const key = `${config.SMTP_URL ?? ''}|${config.DATA_DIR}`
  if (current?.key !== key) {
    current?.transport.close()
    current = { key, transport: transportFromConfig(config) }
  }
  return current.transport
}
