// The Bind Authority Production report (spec 3 §2.7, decision 0033): which policies it holds and what a
// row's Notes say, written once for the page, its API call and the tests.

/** The report's policies: those in status Book (bound and booked, the production under the authority). */
export const BIND_AUTHORITY_STATUS = 'Book'

/** The page's rows per page (default first), and the API's perPage default (the page's) and cap. */
export const BIND_AUTHORITY_PAGE_SIZES = [100, 250, 500] as const
export const BIND_AUTHORITY_API_PAGE_SIZE = BIND_AUTHORITY_PAGE_SIZES[0]
export const BIND_AUTHORITY_API_MAX_PAGE_SIZE = 1000

/** The Notes column (the spec's `error`): what the policy's ledger says about its booked premium. */
export const BIND_AUTHORITY_NOTES = {
  noInvoice: 'No invoice in the ledger',
  unpaid: 'Unpaid',
  partlyPaid: 'Partly paid',
  overpaid: 'Received more than booked',
} as const

/**
 * A row's Notes from its booked premium and funds received (cents): nothing when they match, else why
 * they do not. A policy whose ledger holds no invoice has nothing booked, which is itself worth a note.
 */
export function bindAuthorityNote(booked: number, received: number): string {
  if (booked === 0 && received === 0) return BIND_AUTHORITY_NOTES.noInvoice
  if (received === booked) return ''
  if (received === 0) return BIND_AUTHORITY_NOTES.unpaid
  if (received < booked) return BIND_AUTHORITY_NOTES.partlyPaid
  return BIND_AUTHORITY_NOTES.overpaid
}

/** The unpaid total of the report: booked premium not yet received (cents). */
export const bindAuthorityUnpaid = (totals: { booked: number; received: number }) => totals.booked - totals.received
