import { z } from 'zod'
import { CONTACT_LIST_LIMIT, toTildeList } from '#app/domain/contact-types'
import {
  emailField,
  extField,
  nameField as personName,
  typedText,
  optionalText,
  phoneField,
  stateField,
  surnameField,
  idField,
  requiredText,
  versionField,
} from './fields'

/** The Edit/Add Contact form and the contact API bodies (spec 2 §3 Contact, §5 Contact, §8). */

export const CONTACT_REQUIRED = 'Required'
export const SORT_TOO_LONG = 'Sort must be no more than 10 characters'
export const EMAIL_INVALID = 'Email must be valid'
export const EXT_TOO_LONG = 'Limit 10 digits'
export const EXT_NOT_DIGITS = 'Numbers only'
export const CONTACT_DELETED = 'Contact has been deleted.'
export const CONTACT_DELETE_FAILED =
  'Failed to delete contact. This is likely because the contact is linked to another record in the database.'
export const CONTACT_UNCHANGED = 'Nothing was changed, so nothing was saved.'
export const contactEdited = (name: string, sort: string) => `Contact "${name} - ${sort}" successfully edited`
export const contactAdded = (name: string, sort: string) => `New contact "${name} - ${sort}" successfully added`
export const personUnlinked = (name: string) => `Person ${name} successfully unlinked from contact`

export { CONTACT_LIST_LIMIT } from '#app/domain/contact-types'

const email = emailField(EMAIL_INVALID)
const ext = extField

const optionalId = idField().optional()

/** JSON rows may carry nulls; a form row never does. Both become "absent". */
const withoutNulls = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).flatMap(([key, item]) =>
          item === null || item === undefined ? [] : [[key, typeof item === 'number' ? String(item) : item]],
        ),
      )
    : value

/** A person row of the contact form: linked rows carry plid and version, new rows neither. */
export const contactPersonSchema = z.preprocess(
  withoutNulls,
  z.object({
    plid: optionalId,
    version: versionField.optional(),
    prefix: personName(20),
    given: personName(),
    surname: surnameField(CONTACT_REQUIRED),
    suffix: personName(20),
    salutation: personName(),
    direct: phoneField('Direct must have 10 digits'),
    ext,
    mobile: phoneField('Mobile must have 10 digits'),
    home: phoneField('Home must have 10 digits'),
    fax: phoneField('Fax must have 10 digits'),
    email,
  }),
)
export type ContactPersonInput = z.infer<typeof contactPersonSchema>

/** Types arrive as checkboxes (one string or several), a JSON array, or the stored '~A~B' text. */
const typeList = z.preprocess(
  (value) => {
    if (typeof value === 'string') return value.includes('~') ? value.split('~') : [value]
    return value
  },
  z
    .array(z.preprocess(typedText, z.string().max(60, 'A type is at most 60 characters')), { error: CONTACT_REQUIRED })
    .max(20, 'At most 20 types')
    .transform((types) => toTildeList(types))
    .refine((stored) => stored.length > 0, CONTACT_REQUIRED),
)

export const contactFields = {
  name1: requiredText(CONTACT_REQUIRED),
  name2: optionalText(),
  address1: optionalText(),
  address2: optionalText(),
  city: optionalText(100),
  state: stateField,
  zip: optionalText(10),
  email,
  type: typeList,
  sort: z.preprocess(
    typedText,
    z.string({ error: CONTACT_REQUIRED }).trim().min(1, CONTACT_REQUIRED).max(10, SORT_TOO_LONG),
  ),
  phone: phoneField(),
  fax: phoneField('Fax must have 10 digits'),
  fein: optionalText(20),
  website: optionalText(),
  note: z.preprocess(
    typedText,
    z
      .string()
      .max(20_000, 'The note is at most 20,000 characters')
      .optional()
      .transform((value) => value?.trim() || null),
  ),
  people: z
    .array(contactPersonSchema)
    .max(200, 'At most 200 people')
    .optional()
    .transform((rows) => rows ?? []),
}

/** The form: `version` is absent on Add. */
export const contactFormSchema = z.object({
  ...contactFields,
  version: versionField.optional(),
  returnTo: z.string().max(2000).optional(),
})
export type ContactFormInput = z.output<typeof contactFormSchema>
export type ContactValues = Omit<z.infer<typeof contactFormSchema>, 'version' | 'returnTo' | 'people'>

/** Where the dialog's forms go back to (its list); a bad value falls back to the contact's page. */
const returnTo = z.string().max(2000).optional().catch(undefined)
/** Delete Contact (after its confirmation). */
export const contactDeleteFormSchema = z.object({ returnTo })
/** Unlink a person (after its confirmation): a bad plid is a person not linked, said by the page. */
export const contactUnlinkFormSchema = z.object({ plid: idField().optional().catch(undefined), returnTo })

/** POST /api/contacts. */
export const contactPostSchema = z.object(contactFields)
/** PUT /api/contacts/{id}: the contact as read (with its version); people are optional there. */
export const contactPutSchema = z.object({ ...contactFields, version: versionField })

/** GET /api/contacts. */
export const contactQuerySchema = z.object({
  search: z.preprocess(typedText, z.string().max(200, 'search is at most 200 characters')).optional(),
  limit: z.coerce.number().int().min(1).max(CONTACT_LIST_LIMIT).optional(),
  type: z.preprocess(typedText, z.string().max(60, 'type is at most 60 characters')).optional(),
})

/** The contacts list's URL (a GET form): the search text, cut at 200 characters rather than refused. */
export const contactsSearchParamsSchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' ? typedText(value.slice(0, 200)) : undefined),
    z.string().max(200).optional(),
  ),
})
