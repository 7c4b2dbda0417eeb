import { getDb } from '#app/db/client.server'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { sendNoteEmail } from '#app/mail/note-email.server'
import { emailBodySchema } from '#app/schemas/email.server'

/**
 * POST /api/emails/{nid} (email-send): sends the note's email. Body: username (the From signer),
 * subject (Re), body, html, attach, loids, fid, and optionally to/cc/bcc (addresses or plids; the
 * note's saved To line and recipients when absent). 200 with the message id and tranlog id (and the
 * no-extension warning); 400/403/404/409 with the spec's message when refused (the model's
 * NoteRuleError: nothing sent, nothing logged); 502 with the spec's snackbar and detail when delivery
 * failed (the model's EmailSendError, logged as failed).
 */
const api = apiRoute('/api/emails/:nid', {
  POST: async ({ request, params, user }) => {
    const body = await readBody(request, emailBodySchema)
    const result = await sendNoteEmail(getDb(), {
      nid: requireId(params.nid, 'note', NOTE_MESSAGES.loadFailed),
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
    return { status: 'SENT', message: NOTE_MESSAGES.sent, ...result }
  },
})

export const loader = api.loader
export const action = api.action
