import { parseForm } from '#app/http/conform.server'
import { data } from '@remix-run/node'
import { safeRedirect, type CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { ConflictError, NotFoundError } from '#app/domain/errors'
import { redirectWithFlash } from '#app/http/flash.server'
import { readFormData } from '#app/http/form.server'
import { pageErrorFrom } from '#app/http/errors.server'
import { getFirm, updateFirm, type Firm } from '#app/models/firm.server'
import { loadPicklists } from '#app/models/list.server'
import { FIRM_SAVED, firmFormSchema } from '#app/schemas/firm'
import { FIRM_PICKLISTS, type EditableFirm } from './firm-form'

/** The firm as the Edit Firm form reads it (timestamps left out, so loader data stays plain). */
export function editableFirm(firm: Firm): EditableFirm {
  const { createdAt: _created, updatedAt: _updated, ...rest } = firm
  return rest
}

/** /editFirm/{fid}: the firm, its picklists, and where Save goes back to (the dialog's page). */
export async function loadEditFirm(request: Request, fid: number) {
  const db = getDb()
  const [firm, picklists] = await Promise.all([getFirm(db, fid), loadPicklists(db, FIRM_PICKLISTS)])
  if (!firm) throw data({ message: 'No such firm.' }, { status: 404 })
  const returnTo = safeRedirect(new URL(request.url).searchParams.get('returnTo'), '')
  return { firm: editableFirm(firm), picklists, returnTo: returnTo || undefined }
}

/** Save Firm: 400 with the field errors, 409 with the current firm, else back with a flash. */
export async function editFirmAction(request: Request, user: CurrentUser, fid: number) {
  const submission = parseForm(await readFormData(request), { schema: firmFormSchema })
  if (submission.status !== 'success')
    return data({ result: submission.reply(), current: null as EditableFirm | null, conflict: null }, { status: 400 })
  const { version, returnTo, ...changes } = submission.value
  try {
    await updateFirm(getDb(), fid, version, changes, user.id)
  } catch (error) {
    if (error instanceof ConflictError) {
      return data(
        { result: submission.reply(), current: editableFirm(error.current as Firm), conflict: error.message },
        { status: 409 },
      )
    }
    if (error instanceof NotFoundError) pageErrorFrom(new NotFoundError('No such firm.'))
    throw error
  }
  return redirectWithFlash(safeRedirect(returnTo, `/editFirm/${fid}`), { message: FIRM_SAVED, kind: 'success' })
}
