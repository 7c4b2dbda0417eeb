/** What the mail service hands a transport, and what a transport answers (app/mail/transport.server.ts). */
export interface OutgoingMail {
  from: { name: string; address: string }
  replyTo: string | null
  to: readonly string[]
  cc: readonly string[]
  bcc: readonly string[]
  subject: string
  text: string
  html: string
  attachments: readonly { filename: string; content: Buffer; contentType: string }[]
  /** `<id@domain>`: chosen by the caller, so the log names the message before it leaves. */
  messageId: string
  /** Extra headers of our own (X-…), never user text. */
  headers?: Record<string, string>
}

export interface Delivery {
  messageId: string
  accepted: string[]
  rejected: string[]
  /** The server's last reply, or the outbox file written. */
  response: string
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox'
  /** For logs: the SMTP host and port, or the outbox folder (never a password). */
  readonly target: string
  send(mail: OutgoingMail, options: { timeoutMs: number }): Promise<Delivery>
  close(): void
}
