import { z } from 'zod'
import { parseLooseDate } from '#app/domain/dates'
import { PERSON_REQUIRED, PERSON_RULES } from '#app/domain/person-rules'
import { emailField, extField, nameField as name, phoneField, surnameField, versionField } from './fields'

export { PERSON_REQUIRED }
export const PERSON_SAVED = 'Person was saved'

// The rules are the domain's (app/domain/person-rules.ts): the form's client code checks the same.
const ruled = (rule: (value: string) => string | null) => (value: string | undefined, ctx: z.RefinementCtx) => {
  const problem = rule(value ?? '')
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
}

const personDate = z
  .string()
  .optional()
  .superRefine(ruled(PERSON_RULES.date))
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
    .superRefine(ruled(PERSON_RULES.ssn))
    .transform((value) => value || null),
  hours: z
    .string()
    .trim()
    .optional()
    .superRefine(ruled(PERSON_RULES.hours))
    .transform((value) => value || null),
  ce: name(500),
  email: emailField(),
}

export const personFormSchema = z.object({ ...personFields, version: versionField })
export const personPutSchema = z.object({ ...personFields, version: versionField }).passthrough()

/** The Edit Person form's fields as the browser sends them (typing the form without Zod in the client). */
export type PersonFormValues = z.input<typeof personFormSchema>
