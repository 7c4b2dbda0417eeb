import { z } from 'zod'
import { parseLooseDate } from '#app/domain/dates'
import { emailField, extField, nameField as name, phoneField, surnameField, versionField } from './fields'

export const PERSON_REQUIRED = 'This field is required.'
export const PERSON_SAVED = 'Person was saved'

const personDate = z
  .string()
  .optional()
  .refine((value) => !value || parseLooseDate(value) !== null, 'Only valid MM-DD-YYYY')
  .transform((value) => (value ? parseLooseDate(value) : null))

/** Edit Person (spec 2 §2.6, §5) and PUT /api/people/{id}. */
export const personFields = {
  prefix: name(20),
  given: name(),
  surname: surnameField(PERSON_REQUIRED),
  suffix: name(20),
  salutation: name(),
  role: name(60),
  direct: phoneField(),
  ext: extField,
  fax: phoneField('Fax must have 10 digits'),
  mobile: phoneField('Mobile must have 10 digits'),
  home: phoneField('Home must have 10 digits'),
  born: personDate,
  licensed: personDate,
  hired: personDate,
  ssn: z
    .string()
    .optional()
    .refine((value) => !value || (value.length === 11 && /^\d{3}-\d{2}-\d{4}$/.test(value)), 'SSN must be XXX-XX-XXXX')
    .transform((value) => value || null),
  hours: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || (/^\d{1,4}(\.\d{1,2})?$/.test(value)), 'Hours must be a number')
    .transform((value) => value || null),
  ce: name(500),
  email: emailField(),
}

export const personFormSchema = z.object({ ...personFields, version: versionField })
export const personPutSchema = z.object({ ...personFields, version: versionField }).passthrough()

/** The Edit Person form's fields as the browser sends them (typing the form without Zod in the client). */
export type PersonFormValues = z.input<typeof personFormSchema>
