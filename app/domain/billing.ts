import { formatScaled, parseScaled } from './money'

/**
 * MGA Billing Entities and Producer Rates (spec 1 §2.10, §2.11, §3, §4, §5, §8, §9): the screens'
 * messages, page sizes and placement choices, as pure rules the forms, the API and the tests share.
 */

/** The spec's required-field message (spec 1 §5 MGA billing, producer commission). */
export const REQUIRED = 'This field is required.'
/** The spec's percent message (spec 1 §5 producer commission). */
export const PERCENT_INVALID = 'Must be a valid percentage.'

export const BILLING_MESSAGES = {
  /** Spec 1 §8: the one success message of the screen (create, change and delete alike). */
  updated: 'MGA successfully updated.',
  required: REQUIRED,
  // Our wording (the spec names none): the table has one row per MGA (a unique contact_id).
  duplicate: 'This MGA already has a billing entity.',
  noContact: 'No such contact.',
  missing: 'No such MGA billing entity.',
  conflict:
    'Someone else changed this MGA billing entity after you opened it. Your change was not saved; the table now shows the current entity.',
} as const

export const PRODUCER_MESSAGES = {
  /** Spec 1 §8. */
  defaultUpdated: 'Default commission successfully updated.',
  // Our wording for the rest (the spec names only the default's).
  created: 'Producer commission successfully created.',
  updated: 'Producer commission successfully updated.',
  deleted: 'Producer commission successfully deleted.',
  required: REQUIRED,
  percent: PERCENT_INVALID,
  duplicate: 'This producer already has a rate for this placement.',
  noProducer: 'No such producer.',
  defaultKept: 'The default rate cannot be deleted.',
  missing: 'No such producer commission.',
  conflict:
    'Someone else changed this producer commission after you opened it. Your change was not saved; the table now shows the current rate.',
} as const

// ── Page sizes (spec 1 §9: 50, 100, 150 and all) ───────────────────────────────────────────────────

export const BILLING_PAGE_SIZES = [50, 100, 150] as const
/**
 * "All" is a page of this many rows: one row per MGA contact, and the contact lists are capped at
 * 2000 (CONTACT_LIST_LIMIT), so in practice every row; past it the pager still goes on.
 */
export const BILLING_ALL_ROWS = 1000
export const BILLING_DEFAULT_SIZE = 50

/** The `size` parameter of the table: 50, 100, 150 or 'all' (anything else is the default). */
export function billingPageSize(raw: string | null | undefined): number {
  if (raw === 'all') return BILLING_ALL_ROWS
  const size = BILLING_PAGE_SIZES.find((choice) => String(choice) === raw)
  return size ?? BILLING_DEFAULT_SIZE
}

export const BILLING_SORTS = ['mga', 'billing'] as const
export type BillingSort = (typeof BILLING_SORTS)[number]

/**
 * What an update of a producer commission writes: the commission, and the placement except on the
 * default rate, which is updated with only its commission (spec 1 §4), whatever else is sent.
 */
export function producerUpdate(
  isDefault: boolean,
  change: { commission: string; renewal?: boolean | null },
): { commission: string; renewal?: boolean | null } {
  if (isDefault || change.renewal === undefined) return { commission: change.commission }
  return { commission: change.commission, renewal: change.renewal }
}

/** The snackbar of a saved producer commission: the spec's own for the default rate. */
export function producerSavedMessage(isDefault: boolean): string {
  return isDefault ? PRODUCER_MESSAGES.defaultUpdated : PRODUCER_MESSAGES.updated
}

/**
 * A fraction the API is sent (0.125 or '0.125'), from 0 to 1, as the column stores it (six decimals,
 * '0.125000'); null for anything else.
 */
export function fractionText(value: string | number): string | null {
  const micro = parseScaled(value, 6)
  if (micro === null || micro < 0n || micro > 1_000_000n) return null
  return formatScaled(micro, 6, 6)
}
