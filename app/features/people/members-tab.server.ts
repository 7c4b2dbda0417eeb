import { canDeleteMember, canEditPerson, canOpenPerson } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { InvalidError } from '#app/domain/errors'
import { FIRM_MESSAGES } from '#app/domain/firm-search'
import { firmIntent, type FirmTab, type FirmTabContext } from '#app/http/firm-tab.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { createPerson, deletePerson, firmMembers, getPerson } from '#app/models/person.server'
import { memberDeleteFormSchema, readMembersTabParams } from '#app/schemas/firm-viewer'

/** The firm viewer's Members tab on the server (spec 2 §2.2): the firm's people, searched and sorted as the URL says. */
export async function loadMembersTab({ user, fid, url }: FirmTabContext) {
  const params = readMembersTabParams(url)
  const members = await firmMembers(getDb(), fid, { search: params.search, bySurname: params.bySurname }).catch(
    (error: unknown) => {
      console.error('[firms] members failed', error)
      return null
    },
  )
  return {
    members: members?.map(({ ssn: _ssn, ...member }) => member) ?? [],
    error: members ? null : FIRM_MESSAGES.membersFailed,
    search: params.search,
    bySurname: params.bySurname,
    // The delete confirmation opens from a typed URL only for a user who may delete (the list offers no link otherwise).
    deleteMember: canDeleteMember(user) ? params.remove : null,
    can: { create: canEditPerson(user), delete: canDeleteMember(user), openPerson: canOpenPerson(user) },
  }
}
export type MembersTabData = Awaited<ReturnType<typeof loadMembersTab>>

const DELETE_FAILED = 'Failed to delete member'

export const memberIntents = {
  'member-create': firmIntent({
    handle: async ({ fid, user }) => {
      const person = await createPerson(getDb(), { fid }, user.id).catch(() => null)
      if (!person) throw new InvalidError('Failed to create new member')
      return redirectWithFlash(`/editPerson/${person.plid}`, { message: 'New member created.', kind: 'success' })
    },
  }),
  'member-delete': firmIntent({
    schema: memberDeleteFormSchema,
    handle: async ({ value: { plid }, fid, user, back }) => {
      const db = getDb()
      // Only a member of this firm (one row looked up: a firm may hold more people than the tab lists).
      if ((await getPerson(db, plid))?.fid !== fid) throw new InvalidError(DELETE_FAILED)
      if (!(await deletePerson(db, plid, user.id))) throw new InvalidError(DELETE_FAILED)
      return redirectWithFlash(back, { message: 'Member deleted', kind: 'success' })
    },
  }),
}

/** The firm viewer's Members tab. */
export const membersTab: FirmTab<MembersTabData> = { name: 'Members', load: loadMembersTab, intents: memberIntents }
