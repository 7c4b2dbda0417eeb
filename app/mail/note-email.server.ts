import type { DbOrTx } from '#app/db/client.server'
import { DomainError } from '#app/domain/errors'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { noExtensionWarning, type ListedFile } from '#app/domain/email'
import type { MailTransport } from '#app/domain/mail'
import { prepareNoteEmail, recordNoteEmailOutcome, type SendNoteEmail } from '#app/models/email.server'
import { getConfig } from '#app/config.server'
import { getMailTransport, MailDeliveryError } from './transport.server'

/** The delivery failed; the attempt is in the tranlog as failed. The route shows the spec's messages. */
export class EmailSendError extends DomainError {
  override name = 'EmailSendError'
  readonly snackbar = NOTE_MESSAGES.sendFailed
  readonly detail = NOTE_MESSAGES.sendFailedDetail
  constructor(
    readonly reason: string,
    readonly tranlogId: number,
    readonly timedOut: boolean,
  ) {
    // The API answers 502 with the spec's snackbar and detail, the reason and the tranlog row.
    super(NOTE_MESSAGES.sendFailed, 'SEND_FAILED', 502, { detail: NOTE_MESSAGES.sendFailedDetail, reason, tranlogId })
  }
}

/**
 * Sending a note's email (spec 2 §4 email flow, §5, §9), the service features and the API call: the
 * model checks, composes and logs the attempt as queued; this hands it to the transport within the
 * time limit and writes the outcome, sent or failed. Refusals the user can act on are the model's
 * NoteRuleErrors (nothing sent, nothing logged); a delivery that fails is an EmailSendError after the
 * failure was logged.
 */
export interface SendResult {
  ok: true
  messageId: string
  tranlogId: number
  transport: MailTransport['kind']
  accepted: string[]
  rejected: string[]
  /** Files actually attached, by name. */
  attached: string[]
  /** Files not attached for having no extension (spec 2 §5), as the warning to show. */
  warning?: string
  skipped?: ListedFile[]
}

export async function sendNoteEmail(
  db: DbOrTx,
  input: SendNoteEmail,
  options: { transport?: MailTransport; timeoutMs?: number } = {},
): Promise<SendResult> {
  const transport = options.transport ?? getMailTransport()
  const timeoutMs = options.timeoutMs ?? getConfig().MAIL_SEND_TIMEOUT_SECONDS * 1000
  const prepared = await prepareNoteEmail(db, input)
  try {
    const delivery = await transport.send(prepared.mail, { timeoutMs })
    await recordNoteEmailOutcome(db, prepared, transport, { sent: delivery })
    const warning = prepared.skipped.length ? noExtensionWarning(prepared.skipped) : undefined
    return {
      ok: true,
      messageId: delivery.messageId,
      tranlogId: prepared.tranlogId,
      transport: transport.kind,
      accepted: delivery.accepted,
      rejected: delivery.rejected,
      attached: prepared.attached,
      ...(warning && { warning, skipped: prepared.skipped }),
    }
  } catch (error) {
    const reason =
      error instanceof MailDeliveryError ? error.message : error instanceof Error ? error.message : String(error)
    await recordNoteEmailOutcome(db, prepared, transport, { failed: reason })
    throw new EmailSendError(reason, prepared.tranlogId, error instanceof MailDeliveryError && error.timedOut)
  }
}
