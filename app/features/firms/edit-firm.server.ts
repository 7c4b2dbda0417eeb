import { safeRedirect } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { ConflictError, NotFoundError } from '#app/domain/errors'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'
import type { IdSpec, PageContext } from '#app/http/page-route.server'
import { getFirm, updateFirm, type Firm } from '#app/models/firm.server'
import { loadPicklists } from '#app/models/list.server'
import { FIRM_SAVED, firmFormSchema } from '#app/schemas/firm'
import { FIRM_PICKLISTS, type EditableFirm } from './firm-form'

const NO_SUCH_FIRM = 'No such firm.'

/** /editFirm/{fid}: a bad or unknown firm id is the page's 404 'No such firm.'. */
export const EDIT_FIRM_IDS: IdSpec = { id: { kind: 'firm', message: NO_SUCH_FIRM } }

/** The firm as the Edit Firm form reads it (timestamps left out, so loader data stays plain). */
export function editableFirm(firm: Firm): EditableFirm {
  const { createdAt: _created, updatedAt: _updated, ...rest } = firm
  return rest
}

/** /editFirm/{fid}: the firm, its picklists, and where Save goes back to (the page the dialog was opened on). */
export async function loadEditFirm({ ids, url }: PageContext) {
  const db = getDb()
  const [firm, picklists] = await Promise.all([getFirm(db, ids.id), loadPicklists(db, FIRM_PICKLISTS)])
  if (!firm) throw new NotFoundError(NO_SUCH_FIRM)
  const returnTo = safeRedirect(url.searchParams.get('returnTo'), '')
  return { firm: editableFirm(firm), picklists, returnTo: returnTo || undefined }
}

/**
 * Save Firm (spec 2 §2.2), the form's one intent: refused fields answer 400 at the fields, a lost race
 * 409 with the current firm, else back to `returnTo` with the flash.
 */
export const editFirmIntents = {
  '': intent({
    schema: firmFormSchema,
    handle: async ({ value: { version, returnTo, ...changes }, ids, user }) => {
      try {
        await updateFirm(getDb(), ids.id, version, changes, user.id)
      } catch (error) {
        if (error instanceof ConflictError) throw new ConflictError(editableFirm(error.current as Firm), error.message)
        if (error instanceof NotFoundError) throw new NotFoundError(NO_SUCH_FIRM)
        throw error
      }
      return redirectWithFlash(safeRedirect(returnTo, `/editFirm/${ids.id}`), { message: FIRM_SAVED, kind: 'success' })
    },
  }),
}
