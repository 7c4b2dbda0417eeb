import { z } from 'zod'
import { idField, typedText, optionalText, versionField } from './fields'
import { apiPolicyDate } from './policy'

/** The policy ledger calls of spec 3 §7 (`/api/ledgers…`): entry bodies, the PUT forms and the search. */

export const LEDGER_AMOUNT_MESSAGE = 'amt: an amount like 1234.56 (a credit may be negative)'

/** An entry's amount: digits and up to two decimals, negative for a credit; JSON numbers read as text. */
const ledgerAmount = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : typedText(value)),
  z
    .string({ error: 'amt is required' })
    .trim()
    .regex(/^-?\d{1,12}(\.\d{1,2})?$/, LEDGER_AMOUNT_MESSAGE),
)

/** JSON null clears a field: read as blank, which the field schemas turn into null. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema)

const optionalCid = z.preprocess(
  (value) => (value === '' ? null : value),
  idField('cid must be a contact id').nullable().optional(),
)

/** The fields of a ledger entry (spec 3 §3): cid, type, acct, num, amt, due, paid, dep, note. */
const entryFields = {
  cid: optionalCid,
  type: z.preprocess(typedText, z.string({ error: 'type is required' }).trim().min(1, 'type is required').max(40)),
  acct: z.preprocess(typedText, z.string({ error: 'acct is required' }).trim().min(1, 'acct is required').max(40)),
  num: clearable(optionalText(60)),
  amt: ledgerAmount,
  due: clearable(apiPolicyDate()),
  paid: clearable(apiPolicyDate()),
  dep: clearable(apiPolicyDate()),
  note: clearable(optionalText(2000)),
}

/** POST /api/ledgers: a new entry of a policy. */
export const ledgerPostSchema = z.object({ pid: idField('pid must be a policy id'), ...entryFields }).strict()
export type LedgerPost = z.output<typeof ledgerPostSchema>

/** The changes of one entry: any of its fields (pid stays: an entry does not move between policies). */
export const ledgerChangesSchema = z
  .object({
    cid: entryFields.cid,
    type: entryFields.type.optional(),
    acct: entryFields.acct.optional(),
    num: entryFields.num,
    amt: ledgerAmount.optional(),
    due: entryFields.due,
    paid: entryFields.paid,
    dep: entryFields.dep,
    note: entryFields.note,
  })
  .partial()
  .strict()

/** PUT /api/ledgers/{id}: the changes with the version read (a lost race is a 409 with the current entry). */
export const ledgerPutSchema = ledgerChangesSchema.extend({ version: versionField }).strict()

/** PUT /api/ledgers with an array: several entries, each with its lid and version, in one transaction. */
export const ledgerBatchSchema = z
  .array(
    ledgerChangesSchema.extend({ lid: idField('lid must be a ledger entry id'), version: versionField }).strict(),
    { error: 'Send an array of entries, or ?pid= with one set of changes.' },
  )
  .min(1, 'Send at least one entry.')
  .max(500, 'At most 500 entries at once.')

/** PUT /api/ledgers?pid=: one set of changes for every entry of the policy (versions not needed: the caller's explicit choice). */
export const ledgerByPidQuery = z.object({ pid: idField('pid must be a policy id') })

/** GET /api/ledgers/?pid=: one policy's entries. */
export const ledgerListQuery = z.object({ pid: idField('pid must be a policy id') })

const isoOrLoose = apiPolicyDate()

/** GET /api/ledgers/search: entries across policies, a page at a time. */
export const ledgerSearchQuery = z.object({
  pid: idField('pid must be a policy id').optional(),
  fid: idField('fid must be a firm id').optional(),
  cid: idField('cid must be a contact id').optional(),
  type: optionalText(40),
  acct: optionalText(40),
  num: optionalText(60),
  dueFrom: isoOrLoose,
  dueTo: isoOrLoose,
  /** 'yes': paid entries only; 'no': unpaid only. */
  paid: z.enum(['yes', 'no'], { error: "paid must be 'yes' or 'no'" }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
})
export type LedgerSearch = z.output<typeof ledgerSearchQuery>
