import { canEditPerson } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ConflictError, NotFoundError } from '#app/domain/errors'
import { hideSsn } from '#app/domain/masks'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import { loadPicklists } from '#app/models/list.server'
import { getPerson, updatePerson, type PersonEntity } from '#app/models/person.server'
import { PERSON_SAVED, personFormSchema } from '#app/schemas/person'
import type { EditablePerson } from './person-form'

/** /editPerson/{plid}: a bad or unknown id is a 404 with 'No such person.' (the factory's requireId). */
export const PERSON_IDS = { id: 'person' } as const

/** Without person-edit the SSN never leaves the server unmasked. */
function shape(person: PersonEntity, canEdit: boolean): EditablePerson {
  return { ...person, ssn: canEdit ? person.ssn : hideSsn(person.ssn) || null }
}

/** /editPerson/{plid} (spec 2 §2.6): the person, the role picklist, and whether this user may edit. */
export async function loadEditPerson({ user, ids }: PageContext) {
  const db = getDb()
  const [person, picklists] = await Promise.all([getPerson(db, ids.id), loadPicklists(db, ['role'] as const)])
  if (!person) throw new NotFoundError('No such person.')
  const canEdit = canEditPerson(user)
  return { person: shape(person, canEdit), roles: picklists.role, canEdit }
}

/**
 * Save Person (the form has no intent field): person-edit (refused in the one 403 shape), field errors
 * with the spec's messages (400), a lost race answers 409 with the current person; success redirects
 * with 'Person was saved'.
 */
export const editPersonIntents = {
  '': intent({
    schema: personFormSchema,
    handle: async ({ value, ids, user }) => {
      const { version, ...changes } = value
      try {
        await updatePerson(getDb(), ids.id, version, changes, user.id)
      } catch (error) {
        if (error instanceof ConflictError)
          throw new ConflictError(shape(error.current as PersonEntity, true), error.message)
        throw error
      }
      return redirectWithFlash(`/editPerson/${ids.id}`, { message: PERSON_SAVED, kind: 'success' })
    },
  }),
}
