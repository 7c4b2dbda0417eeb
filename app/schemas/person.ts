import { z } from 'zod'
import { parseLooseDate } from '#app/domain/dates'
import { cleanName, digitsOnly } from '#app/domain/masks'
import { EMAIL_PATTERN, noNul, phoneField, versionField } from './fields'

export const PERSON_REQUIRED = 'This field is required.'
export const PERSON_SAVED = 'Person was saved'

const name = (max = 100) =>
  z.preprocess(
    noNul,
    z
      .string()
      .max(max, `At most ${max} characters`)
      .optional()
      .transform((value) => (value ? cleanName(value) || null : null)),
  )

const personDate = z
  .string()
  .optional()
  .refine((value) => !value || parseLooseDate(value) !== null, 'Only valid MM-DD-YYYY')
  .transform((value) => (value ? parseLooseDate(value) : null))

/** Edit Person (spec 2 §2.6, §5) and PUT /api/people/{id}. */
export const personFields = {
  prefix: name(20),
  given: name(),
  surname: z.preprocess(noNul, z.string({ error: PERSON_REQUIRED }))
    .pipe(z.string().max(100, 'At most 100 characters'))
    .transform(cleanName)
    .refine((value) => value.length > 0, PERSON_REQUIRED),
  suffix: name(20),
  salutation: name(),
  role: name(60),
  direct: phoneField(),
  ext: z
    .string()
    .optional()
    .refine((value) => !value || /^\d*$/.test(value.trim()), 'Numbers only')
    .refine((value) => !value || value.trim().length <= 10, 'Limit 10 digits')
    .transform((value) => (value ? digitsOnly(value) || null : null)),
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
  email: z
    .string()
    .trim()
    .max(200, 'At most 200 characters')
    .optional()
    .refine((value) => !value || EMAIL_PATTERN.test(value), 'Email must be valid')
    .transform((value) => value || null),
}

export const personFormSchema = z.object({ ...personFields, version: versionField })
export const personPutSchema = z.object({ ...personFields, version: versionField }).passthrough()

/** The Edit Person form's fields as the browser sends them (typing the form without Zod in the client). */
export type PersonFormValues = z.input<typeof personFormSchema>
