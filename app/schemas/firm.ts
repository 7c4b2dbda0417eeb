import { z } from 'zod'
import {
  FIELD_REQUIRED,
  typedText,
  emailField,
  optionalText,
  phoneField,
  requiredText,
  stateField,
  versionField,
} from './fields'

export { FIRM_REQUIRED_DIALOG, FIRM_SAVED } from '#app/domain/firm-form'

const optionalInt = (min: number, max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .optional()
    .transform((value) => value ?? null)

/** The Edit Firm form and PUT /api/firms/{id} (spec 2 §3, §5). Undefined values are saved as null. */
export const firmFields = {
  type: requiredText(FIELD_REQUIRED, 60),
  status: requiredText(FIELD_REQUIRED, 60),
  source: optionalText(60),
  contact: optionalText(),
  name1: optionalText(),
  name2: optionalText(),
  sort: requiredText(FIELD_REQUIRED),
  insured: requiredText(FIELD_REQUIRED),
  entity: optionalText(60),
  fein: optionalText(20),
  phone: phoneField(),
  fax: phoneField('Fax must have 10 digits'),
  producer: requiredText(FIELD_REQUIRED, 60),
  solicitor: optionalText(60),
  agent: optionalText(60),
  address1: optionalText(),
  address2: optionalText(),
  city: optionalText(100),
  state: stateField,
  zip: optionalText(10),
  website: optionalText(),
  email: emailField(),
  note: z.preprocess(
    typedText,
    z
      .string()
      .max(100_000, 'The note is at most 100,000 characters')
      .optional()
      .transform((value) => value ?? null),
  ),
  salutation: optionalText(),
  estab: optionalInt(1600, 2200, 'Year must be between 1600 and 2200'),
  sales: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.replace(/[$,\s]/g, '') : ''))
    .refine((value) => value === '' || /^\d{1,12}(\.\d{1,2})?$/.test(value), 'Sales must be an amount in dollars')
    .transform((value) => (value === '' ? null : value)),
  people: optionalInt(0, 1_000_000, 'People must be a whole number'),
}

export const firmFormSchema = z.object({
  ...firmFields,
  version: versionField,
  returnTo: z.string().max(2000).optional(),
})
export type FirmFormValues = z.input<typeof firmFormSchema>

/** PUT /api/firms/{id}: the firm fields (policies is dropped on save) and the version it was read at. */
export const firmPutSchema = z
  .object({ ...firmFields, version: versionField, policies: z.unknown().optional() })
  .transform(({ policies: _policies, ...firm }) => firm)
