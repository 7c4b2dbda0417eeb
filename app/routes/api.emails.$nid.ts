import type { ActionFunctionArgs } from '@remix-run/node'
import { apiError, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { EmailSendError, sendNoteEmail } from '#app/models/email.server'
import { NoteRuleError } from '#app/models/note.server'
import { methodNotAllowed, readBody } from '#app/http/api.server'
import { emailBodySchema } from '#app/schemas/email.server'

const ROUTE = '/api/emails/:nid'

function noteId(param: string | undefined): number | null {
  const nid = Number(param)
  return Number.isInteger(nid) && nid > 0 && nid < 2 ** 31 ? nid : null
}

export async function loader({ request }: ActionFunctionArgs) {
  await requireUser(request, '/api/*')
  return methodNotAllowed(['POST'])
}

/**
 * POST /api/emails/{nid} (email-send): sends the note's email. Body: username (the From signer),
 * subject (Re), body, html, attach, loids, fid, and optionally to/cc/bcc (addresses or plids; the
 * note's saved To line and recipients when absent). 200 with the message id and tranlog id (and the
 * no-extension warning); 400/403/404/409 with the spec's message when refused (nothing sent, nothing
 * logged); 502 with the spec's snackbar and detail when delivery failed (logged as failed).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['POST'])
  }
  const user = await requireUser(request, ROUTE)
  const body = await readBody(request, emailBodySchema)
  const nid = noteId(params.nid)
  if (!nid) return apiError(404, 'NOT_FOUND', NOTE_MESSAGES.loadFailed)
  try {
    const result = await sendNoteEmail(getDb(), {
      nid,
      actor: { id: user.id, username: user.username, isAdmin: user.isAdmin },
      from: body.username,
      to: body.to,
      cc: body.cc,
      bcc: body.bcc,
      subject: body.subject,
      body: body.body,
      html: body.html,
      loids: body.loids,
      attach: body.attach,
      fid: body.fid,
    })
    return Response.json({ status: 'SENT', message: NOTE_MESSAGES.sent, ...result })
  } catch (error) {
    if (error instanceof EmailSendError) {
      return apiError(502, 'SEND_FAILED', error.snackbar, { detail: error.detail, reason: error.reason, tranlogId: error.tranlogId })
    }
    if (error instanceof NoteRuleError) {
      const code = error.status === 404 ? 'NOT_FOUND' : error.status === 400 ? 'INVALID_PARAMS' : error.status === 409 ? 'CONFLICT' : 'FORBIDDEN'
      return apiError(error.status, code, error.message)
    }
    throw error
  }
}
