import { canEditPerson } from '#app/auth/abilities'
import { parseForm } from '#app/http/conform.server'
import { data } from '@remix-run/node'
import { type CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { ConflictError, NotFoundError } from '#app/domain/errors'
import { hideSsn } from '#app/domain/masks'
import { redirectWithFlash } from '#app/http/flash.server'
import { readFormData } from '#app/http/form.server'
import { loadPicklists } from '#app/models/list.server'
import { getPerson, updatePerson, type PersonEntity } from '#app/models/person.server'
import { PERSON_SAVED, personFormSchema } from '#app/schemas/person'
import type { EditablePerson } from './person-form'

const notFound = () => data({ message: 'No such person.' }, { status: 404 })

/** Without person-edit the SSN never leaves the server unmasked. */
function shape(person: PersonEntity, canEdit: boolean): EditablePerson {
  return { ...person, ssn: canEdit ? person.ssn : hideSsn(person.ssn) || null }
}

/** /editPerson/{plid} (spec 2 §2.6): the person, the role picklist, and whether this user may edit. */
export async function loadEditPerson(user: CurrentUser, plid: number) {
  const db = getDb()
  const [person, picklists] = await Promise.all([getPerson(db, plid), loadPicklists(db, ['role'] as const)])
  if (!person) throw notFound()
  const canEdit = canEditPerson(user)
  return { person: shape(person, canEdit), roles: picklists.role, canEdit }
}

/** Save Person: 403 without person-edit, 400 with field errors, 409 with the current person. */
export async function editPersonAction(request: Request, user: CurrentUser, plid: number) {
  if (!canEditPerson(user)) throw data({ message: 'You do not have permission to edit people.' }, { status: 403 })
  const submission = parseForm(await readFormData(request), { schema: personFormSchema })
  if (submission.status !== 'success')
    return data({ result: submission.reply(), current: null as EditablePerson | null, conflict: null }, { status: 400 })
  const { version, ...changes } = submission.value
  try {
    await updatePerson(getDb(), plid, version, changes, user.id)
  } catch (error) {
    if (error instanceof ConflictError)
      return data(
        { result: submission.reply(), current: shape(error.current as PersonEntity, true), conflict: error.message },
        { status: 409 },
      )
    if (error instanceof NotFoundError) throw notFound()
    throw error
  }
  return redirectWithFlash(`/editPerson/${plid}`, { message: PERSON_SAVED, kind: 'success' })
}
