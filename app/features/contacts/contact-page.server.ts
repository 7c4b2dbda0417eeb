import { canEditContacts } from '#app/auth/abilities'
import { safeRedirect, type CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, InvalidError, NotFoundError } from '#app/domain/errors'
import { redirectWithFlash } from '#app/http/flash.server'
import { requireId } from '#app/http/ids.server'
import { intent } from '#app/http/intent-action.server'
import type { PageContext, Params } from '#app/http/page-route.server'
import {
  ContactInUseError,
  createContact,
  deleteContact,
  getContact,
  unlinkPerson,
  updateContact,
} from '#app/models/contact.server'
import { loadPicklists } from '#app/models/list.server'
import {
  CONTACT_DELETED,
  CONTACT_UNCHANGED,
  contactAdded,
  contactDeleteFormSchema,
  contactEdited,
  contactFormSchema,
  contactUnlinkFormSchema,
  personUnlinked,
} from '#app/schemas/contact'
import { CONTACT_PICKLISTS } from './contact-form'

export const CONTACTS_LIST = '/search/contacts/contactsSearch'
const ADD = 'Add'
type Target = number | typeof ADD

/**
 * /editContact/{cid|Add}: 'Add' (a new contact) or a contact id read with requireId (anything else
 * is the 404 'No such contact.'). The one page whose id parameter has a word besides ids, so it is
 * read here rather than by the factory's `ids`.
 */
export function contactTarget(params: Params): Target {
  if (params.id === ADD) return ADD
  return requireId(params.id, 'contact')
}

/** A same-site URL without the confirmation parameters (and others named). */
function cleanUrl(url: string, drop: readonly string[] = []): string {
  const parsed = new URL(url, 'http://local')
  for (const name of ['unlink', 'confirmDelete', 'added', ...drop]) parsed.searchParams.delete(name)
  const search = parsed.searchParams.toString()
  return `${parsed.pathname}${search ? `?${search}` : ''}`
}

/** The contact (or null for Add), the form's picklists and whether this user may edit. */
export async function loadContactForm(user: CurrentUser, target: Target) {
  const db = getDb()
  const canEdit = canEditContacts(user)
  if (target === ADD && !canEdit) throw new ForbiddenError('You do not have permission to add contacts.')
  const [contact, picklists] = await Promise.all([
    target === ADD ? null : getContact(db, target),
    loadPicklists(db, CONTACT_PICKLISTS),
  ])
  if (target !== ADD && !contact) throw new NotFoundError('No such contact.')
  return { contact, picklists, canEdit }
}

/** /editContact/{cid|Add}: the form's data and the list page to go back to. */
export async function loadContactPage({ user, params, url }: PageContext) {
  const loaded = await loadContactForm(user, contactTarget(params))
  return { ...loaded, returnTo: safeRedirect(url.searchParams.get('returnTo'), '') || undefined }
}

/** Where a form of this page goes back to: the dialog's list (returnTo) or this page, without its confirmations. */
function placesOf(params: Params, returnTo: string | undefined) {
  const target = contactTarget(params)
  const back = safeRedirect(returnTo, '')
  return { target, returnTo: back, back: cleanUrl(back || `/editContact/${target}`) }
}

/** The contact a delete or an unlink is about: Add has none yet. */
function savedContact(target: Target): number {
  if (target === ADD) throw new InvalidError('Save the contact first.')
  return target
}

/**
 * The Edit/Add Contact forms, shared by the page and the dialog (which posts here with returnTo), each
 * needing contact-edit (action-intents): save (the default; validation errors and a lost race answer
 * the form, 409 with the current contact), unlink and delete. Success and the refusals the user can act
 * on (a contact other records name, a person no longer linked) redirect back with a snackbar.
 */
export const contactIntents = {
  save: intent({
    schema: contactFormSchema,
    handle: async ({ value, params, user }) => {
      const { version, returnTo, people, ...values } = value
      const { target, back } = placesOf(params, returnTo)
      const db = getDb()
      if (target === ADD) {
        const created = await createContact(db, values, people, user.id)
        // A fresh, empty Add form: `added` gives it a new identity.
        return redirectWithFlash(`/editContact/${ADD}?added=${created.cid}`, {
          message: contactAdded(created.name1, created.sort),
          kind: 'success',
        })
      }
      if (version === undefined) throw new InvalidError('The form is missing its version. Reload the contact.')
      const saved = await updateContact(db, target, version, values, people, user.id)
      if (!saved.changed) return redirectWithFlash(back, { message: CONTACT_UNCHANGED, kind: 'info' })
      return redirectWithFlash(back, {
        message: contactEdited(saved.contact.name1, saved.contact.sort),
        kind: 'success',
      })
    },
  }),
  delete: intent({
    schema: contactDeleteFormSchema,
    handle: async ({ value, params, user }) => {
      const { target, returnTo, back } = placesOf(params, value.returnTo)
      const cid = savedContact(target)
      try {
        if (!(await deleteContact(getDb(), cid, user.id))) throw new NotFoundError('No such contact.')
      } catch (error) {
        if (error instanceof ContactInUseError)
          return redirectWithFlash(back, { message: error.message, kind: 'error' })
        throw error
      }
      return redirectWithFlash(returnTo ? cleanUrl(returnTo, ['contact']) : CONTACTS_LIST, {
        message: CONTACT_DELETED,
        kind: 'success',
      })
    },
  }),
  unlink: intent({
    schema: contactUnlinkFormSchema,
    handle: async ({ value, params, user }) => {
      const { target, back } = placesOf(params, value.returnTo)
      const cid = savedContact(target)
      const unlinked = value.plid === undefined ? null : await unlinkPerson(getDb(), cid, value.plid, user.id)
      if (!unlinked)
        return redirectWithFlash(back, { message: 'That person is not linked to this contact.', kind: 'error' })
      const name = [unlinked.given, unlinked.surname].filter(Boolean).join(' ')
      return redirectWithFlash(back, { message: personUnlinked(name), kind: 'success' })
    },
  }),
}
