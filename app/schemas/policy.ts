import { z } from 'zod'
import { parseIsoDate, parseLooseDate } from '#app/domain/dates'
import { POLICY_STATUS_LIST, POLICY_SORTS, POLICY_VIEWS, POLICY_PAGE_SIZES } from '#app/domain/policies'
import { COMMISSION_PERCENT_DECIMALS, NONE_OF_THE_ABOVE } from '#app/domain/commission'
import { percentToFraction } from '#app/domain/percent'
import { apiChanges } from './api-record'
import {
  AMOUNT_FORMAT_MESSAGE,
  FIELD_REQUIRED,
  typedText,
  optionalText,
  readTextField,
  requiredText,
  versionField,
  idField,
  optionalIdField,
} from './fields'

/** Forms and API bodies of the policy screens (spec 3 §2.4–2.6, §5). */

const POLICY_DATE_MESSAGE = 'Must be M-D-YYYY'
const COMMISSION_DATE_MESSAGE = 'Must be MM-DD-YYYY'
const AMOUNT_MESSAGE = 'Must be greater than or equal to 0'
const PERCENT_MESSAGE = 'Must be a valid percentage.'

/** A date typed M-D-YYYY (one or two digit month and day, normalised): a form's (spec 3 §5). */
const dateOf = (message: string) => readTextField(parseLooseDate, message)
/** The API's dates: M-D-YYYY or YYYY-MM-DD. */
const apiDateOf = (message: string) => readTextField((text) => parseLooseDate(text) ?? parseIsoDate(text), message)
/** A date in an API body: M-D-YYYY or YYYY-MM-DD. */
export const apiPolicyDate = () => apiDateOf(POLICY_DATE_MESSAGE)
const requiredDate = (message: string) => dateOf(message).refine((value) => value !== null, FIELD_REQUIRED)

/** JSON bodies may send amounts as numbers: read as their decimal text. */
const amountText = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : typedText(value)

/** A refused amount's message: a negative number is told it must not be; anything else, the format. */
const amountMessage = (text: string) => (/^-\s*\d+(\.\d*)?$/.test(text) ? AMOUNT_MESSAGE : AMOUNT_FORMAT_MESSAGE)

/** Dollars: digits and decimals only (no commas or dollar signs), never negative; blank is null. */
export const amount = () =>
  readTextField((text) => (/^\d{1,12}(\.\d{1,2})?$/.test(text) ? text : null), amountMessage, amountText)
const requiredAmount = () => amount().refine((value) => value !== null, FIELD_REQUIRED)
const fee = () => amount().transform((value) => value ?? '0')

// A choice from a list (program, prior policy), and a contact typed by its id (the commission dialog's MGA and Sponsor).
const optionalId = optionalIdField('Pick one from the list')
const contactId = optionalIdField('Enter a contact id: digits only')

const checkbox = z.preprocess(
  (value) => value === 'on' || value === 'true' || value === '1' || value === true,
  z.boolean(),
)

/** GET /api/policies/{id}/taxes and the calculator's step 1: state and Admitted. */
export const taxChoiceSchema = z.object({
  state: z.preprocess(
    typedText,
    z
      .string({ error: FIELD_REQUIRED })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, FIELD_REQUIRED),
  ),
  admitted: checkbox.optional().transform((value) => value ?? false),
})

/** Create Policy's fields, its dates read by `date` (the form's or the API's). */
const policyCreateShape = (date: (message: string) => ReturnType<typeof dateOf>) => ({
  prid: optionalId,
  incept: date(POLICY_DATE_MESSAGE).refine((value) => value !== null, FIELD_REQUIRED),
  expiry: date(POLICY_DATE_MESSAGE),
  retro: date(POLICY_DATE_MESSAGE),
  limits: optionalText(60),
  deduc: optionalText(60),
  premium: amount(),
})

/** Create Policy on the firm's Policies tab: starts Past, expiry defaults to a year after incept. */
export const policyCreateSchema = z.object(policyCreateShape(dateOf))

/** The Edit Policy panel's fields (PUT /api/policies/{id} reads the same with the API's dates). */
const policyEditShape = (date: (message: string) => ReturnType<typeof dateOf>) => ({
  version: versionField,
  prid: optionalId,
  prodname: optionalText(60),
  zip: optionalText(10),
  insured: optionalText(),
  polnum: optionalText(60),
  ppid: optionalId,
  sales: amount(),
  status: z.enum(POLICY_STATUS_LIST, { error: FIELD_REQUIRED }),
  is_new: optionalText(20),
  carrier: optionalText(60),
  type: optionalText(20),
  incept: date(POLICY_DATE_MESSAGE),
  expiry: date(POLICY_DATE_MESSAGE),
  retro: date(POLICY_DATE_MESSAGE),
  submitted: date(POLICY_DATE_MESSAGE),
  quoted: date(POLICY_DATE_MESSAGE),
  bndreq: date(POLICY_DATE_MESSAGE),
  booked: date(POLICY_DATE_MESSAGE),
  bound: date(POLICY_DATE_MESSAGE),
  issued: date(POLICY_DATE_MESSAGE),
  canceled: date(POLICY_DATE_MESSAGE),
  cancellationcode: optionalText(20),
  limits: optionalText(60),
  ltype: optionalText(20),
  deduc: optionalText(60),
  dtype: optionalText(40),
  premium: amount(),
  down: amount(),
  doifee: fee(),
  slafee: fee(),
  profee: fee(),
  subfee: fee(),
  depfee: fee(),
  mgafee: fee(),
  srcfee: fee(),
  spnfee: fee(),
})

/** The Edit Policy panel. */
export const policyEditSchema = z.object(policyEditShape(dateOf))

/**
 * PUT /api/policies/{id}: the Edit Policy fields a body names, with the version read. The others keep
 * their values; JSON null clears a field (a fee back to 0; status cannot be cleared).
 */
export const policyPutSchema = apiChanges.pipe(
  z.object(policyEditShape(apiDateOf)).partial().extend({ version: versionField }),
)

/** Text Fields panel: saved to this policy or to the whole group. */
export const policyTextSchema = z.object({
  version: versionField,
  forms: optionalText(20_000),
  features: optionalText(20_000),
  docs: optionalText(20_000),
  note: optionalText(20_000),
})

/** Add a copy to the group: Limit, Deductible and Premium required (spec 3 §5). */
export const groupCopySchema = z.object({
  version: versionField,
  limits: requiredText(FIELD_REQUIRED, 60),
  deduc: requiredText(FIELD_REQUIRED, 60),
  premium: requiredAmount(),
})

export const versionOnlySchema = z.object({ version: versionField })

/** Delete a policy option of the group (group admin): the option's id and the version read of it. */
export const policyDeleteOptionSchema = z.object({ option: idField('Failed to get Policy'), version: versionField })

/** Commission dialog step 1 (spec 3 §2.6, §5): incept, expiry, quoted, producer and MGA required. */
export const commissionPolicySchema = z.object({
  version: versionField,
  type: optionalText(20),
  carrier: optionalText(60),
  status: z.enum(POLICY_STATUS_LIST, { error: FIELD_REQUIRED }),
  incept: requiredDate(COMMISSION_DATE_MESSAGE),
  expiry: requiredDate(COMMISSION_DATE_MESSAGE),
  quoted: requiredDate(COMMISSION_DATE_MESSAGE),
  booked: dateOf(COMMISSION_DATE_MESSAGE),
  bound: dateOf(COMMISSION_DATE_MESSAGE),
  mgaid: contactId.refine((value) => value !== null, FIELD_REQUIRED),
  spnid: contactId,
  prodname: requiredText(FIELD_REQUIRED, 60),
  is_new: optionalText(20),
})

/** Step 2: a conditional rule's id or 'None of the above'. */
export const commissionChoiceSchema = z.object({
  choice: z.union([z.literal(NONE_OF_THE_ABOVE), z.string().regex(/^\d{1,9}$/, FIELD_REQUIRED)], {
    error: FIELD_REQUIRED,
  }),
})

const percent = () => readTextField((text) => percentToFraction(text, COMMISSION_PERCENT_DECIMALS), PERCENT_MESSAGE)

/** Step 3: the four rates as percents 0 to 100, stored as fractions rounded to 4 decimals (spec 3 §5). */
export const commissionRatesSchema = z.object({
  version: versionField,
  mgacom: percent(),
  procom: percent(),
  subcom: percent(),
  spncom: percent(),
})

/**
 * The Policies tab's More filters: a GET form (bookmarkable), its browser constraints generated; the
 * tab reads the URL leniently with these fields below.
 */
export const policyFiltersFormSchema = z.object({
  pstatus: z.array(z.enum(POLICY_STATUS_LIST)).optional(),
  pcarrier: z.array(z.string().max(60)).max(50).optional(),
  ptype: z.array(z.string().max(20)).max(50).optional(),
  pq: z.string().trim().max(100, 'At most 100 characters').optional(),
})

/** The firm Policies tab's URL (p-prefixed: the viewer's other tabs share the URL). */
export const policyListSearchSchema = z.object({
  pview: z.enum(POLICY_VIEWS).catch('View'),
  pstatus: policyFiltersFormSchema.shape.pstatus.unwrap().catch([]),
  pcarrier: policyFiltersFormSchema.shape.pcarrier.unwrap().catch([]),
  ptype: policyFiltersFormSchema.shape.ptype.unwrap().catch([]),
  pq: policyFiltersFormSchema.shape.pq.unwrap().catch(''),
  psort: z.enum(POLICY_SORTS).catch('incept'),
  pdesc: z.enum(['0', '1']).catch('0'),
  ppage: z.coerce.number().int().min(1).max(10_000).catch(1),
  psize: z.coerce
    .number()
    .refine((size) => (POLICY_PAGE_SIZES as readonly number[]).includes(size))
    .catch(15),
})

/** POST /api/policies: creation sends fid, prid, incept, expiry, retro, limits, deduc, premium, status. */
export const policyPostSchema = z.object(policyCreateShape(apiDateOf)).extend({
  fid: idField(FIELD_REQUIRED),
  status: z.enum(POLICY_STATUS_LIST).optional(),
})

/** GET /api/policies/fees: formula legacy (premium, mgaFirstFee, mgaSecondFee) or DISIw (premium). */
export const feesQuery = z.discriminatedUnion(
  'formula',
  [
    z.object({
      formula: z.literal('legacy'),
      premium: requiredAmount(),
      mgaFirstFee: amount(),
      mgaSecondFee: amount(),
    }),
    z.object({ formula: z.literal('DISIw'), premium: requiredAmount() }),
  ],
  { error: "formula must be 'legacy' or 'DISIw'" },
)

/** GET /api/policies: a firm's policies, optionally of some statuses, a page at a time. */
export const policyListQuerySchema = z.object({
  fid: idField('fid is required'),
  status: z.union([z.enum(POLICY_STATUS_LIST), z.array(z.enum(POLICY_STATUS_LIST)).max(21)]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  perPage: z.coerce.number().int().min(1).max(100).optional(),
})

/** GET /api/policies/{id}/commissions: the rule chosen in step 2, when one was (as the dialog's form sends it). */
export const commissionChoiceQuerySchema = commissionChoiceSchema.partial()

/** PUT /api/policies/{id}/group: `pid`, when sent, names the policy of the address (decision 0015). */
export const groupCopyQuerySchema = z.object({ pid: idField('pid must be a policy id').optional() })

/** PUT /api/policies/group/{id}: the group's key (the firm and the program). */
export const groupKeyQuerySchema = z.object({
  fid: idField('fid must be a firm id'),
  prid: idField('prid must be a program id'),
})
