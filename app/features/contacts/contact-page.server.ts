import { canEditContacts } from '#app/auth/abilities'
import { parseForm } from '#app/http/conform.server'
import { data } from '@remix-run/node'
import { safeRedirect, type CurrentUser } from '#app/auth/guard.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { parseId } from '#app/domain/ids'
import { getDb } from '#app/db/client.server'
import { ConflictError, NotFoundError } from '#app/models/change-log.server'
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
  CONTACT_DELETE_FAILED,
  CONTACT_DELETED,
  CONTACT_UNCHANGED,
  contactAdded,
  contactEdited,
  contactFormSchema,
  personUnlinked,
} from '#app/schemas/contact'
import { readFormData } from '#app/http/form.server'
import { requireId } from '#app/http/ids.server'
import { CONTACT_PICKLISTS, type ContactAnswer } from './contact-form'

export const CONTACTS_LIST = '/search/contacts/contactsSearch'
const ADD = 'Add'

/** 'Add' or a cid; anything else is a 404. */
export function contactTarget(param: string | undefined): number | typeof ADD {
  if (param === ADD) return ADD
  return requireId(param, 'contact')
}

/** A same-site URL without the confirmation parameters (and others named). */
function cleanUrl(url: string, drop: readonly string[] = []): string {
  const parsed = new URL(url, 'http://local')
  for (const name of ['unlink', 'confirmDelete', 'added', ...drop]) parsed.searchParams.delete(name)
  const search = parsed.searchParams.toString()
  return `${parsed.pathname}${search ? `?${search}` : ''}`
}

/** The contact (or null for Add), the form's picklists and whether this user may edit. */
export async function loadContactForm(user: CurrentUser, target: number | typeof ADD) {
  const db = getDb()
  const canEdit = canEditContacts(user)
  if (target === ADD && !canEdit)
    throw data({ message: 'You do not have permission to add contacts.' }, { status: 403 })
  const [contact, picklists] = await Promise.all([
    target === ADD ? null : getContact(db, target),
    loadPicklists(db, CONTACT_PICKLISTS),
  ])
  if (target !== ADD && !contact) throw data({ message: 'No such contact.' }, { status: 404 })
  return { contact, picklists, canEdit }
}

/** /editContact/{cid|Add}: the form's data and the list page to go back to. */
export async function loadContactPage(request: Request, user: CurrentUser, target: number | typeof ADD) {
  const loaded = await loadContactForm(user, target)
  return { ...loaded, returnTo: safeRedirect(new URL(request.url).searchParams.get('returnTo'), '') || undefined }
}

/**
 * The Edit/Add Contact action, shared by the page and the dialog (which posts here with returnTo):
 * intents save (the default), unlink and delete. Success and refusals the user can act on redirect
 * back with a snackbar; validation errors and version conflicts answer the form.
 */
export async function contactFormAction(request: Request, user: CurrentUser, target: number | typeof ADD) {
  if (!canEditContacts(user)) throw data({ message: 'You do not have permission to edit contacts.' }, { status: 403 })
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? 'save')
  const returnTo = safeRedirect(form.get('returnTo'), '')
  const here = target === ADD ? `/editContact/${ADD}` : `/editContact/${target}`
  const back = cleanUrl(returnTo || here)
  const db = getDb()

  if (intent === 'delete' || intent === 'unlink') {
    if (target === ADD) throw data({ message: 'Save the contact first.' }, { status: 400 })
    if (intent === 'delete') {
      try {
        if (!(await deleteContact(db, target, user.id))) throw data({ message: 'No such contact.' }, { status: 404 })
      } catch (error) {
        if (error instanceof ContactInUseError)
          return redirectWithFlash(back, { message: CONTACT_DELETE_FAILED, kind: 'error' })
        throw error
      }
      return redirectWithFlash(returnTo ? cleanUrl(returnTo, ['contact']) : CONTACTS_LIST, {
        message: CONTACT_DELETED,
        kind: 'success',
      })
    }
    const plid = parseId(form.get('plid'))
    const unlinked = plid === null ? null : await unlinkPerson(db, target, plid, user.id)
    if (!unlinked)
      return redirectWithFlash(back, { message: 'That person is not linked to this contact.', kind: 'error' })
    const name = [unlinked.given, unlinked.surname].filter(Boolean).join(' ')
    return redirectWithFlash(back, { message: personUnlinked(name), kind: 'success' })
  }

  const submission = parseForm(form, { schema: contactFormSchema })
  if (submission.status !== 'success') {
    // A list intent (a person row added or removed without JavaScript) is not an error.
    return data<ContactAnswer>(
      { result: submission.reply(), current: null, conflict: null },
      { status: submission.status === 'error' ? 400 : 200 },
    )
  }
  const { version, returnTo: _returnTo, people, ...values } = submission.value
  if (target === ADD) {
    const created = await createContact(db, values, people, user.id)
    // A fresh, empty Add form: `added` gives it a new identity.
    return redirectWithFlash(`/editContact/${ADD}?added=${created.cid}`, {
      message: contactAdded(created.name1, created.sort),
      kind: 'success',
    })
  }
  if (version === undefined)
    return data<ContactAnswer>(
      {
        result: submission.reply({ formErrors: ['The form is missing its version. Reload the contact.'] }),
        current: null,
        conflict: null,
      },
      { status: 400 },
    )
  try {
    const saved = await updateContact(db, target, version, values, people, user.id)
    if (!saved.changed) return redirectWithFlash(back, { message: CONTACT_UNCHANGED, kind: 'info' })
    return redirectWithFlash(back, { message: contactEdited(saved.contact.name1, saved.contact.sort), kind: 'success' })
  } catch (error) {
    if (error instanceof ConflictError) {
      return data<ContactAnswer>(
        { result: submission.reply(), current: error.current as ContactAnswer['current'], conflict: error.message },
        { status: 409 },
      )
    }
    if (error instanceof NotFoundError) throw data({ message: 'No such contact.' }, { status: 404 })
    throw error
  }
}
