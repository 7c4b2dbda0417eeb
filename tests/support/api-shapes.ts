import type { apiTaxRate } from '#app/features/taxes/api.server'

/**
 * What the JSON API answers, as the spec names it, for the tests that read it from both sides: the
 * integration tests (the route modules called on the real database) and the end-to-end tests (the
 * running server). One list each, so the two kinds of test check the same answer.
 */

/** The fields of a row of GET /api/notes/jobs (spec 2 §7), in name order. */
export const JOB_ROW_KEYS = [
  '_exdate',
  '_lag',
  'cstamp',
  'dated',
  'fid',
  'firm_sort',
  'nid',
  'opener',
  're',
  'staff',
  'status',
  'type',
  'version',
]

/** A rate of GET /api/taxes: the rate as a fraction, the flat fee in dollars. */
export type ApiTaxRate = ReturnType<typeof apiTaxRate>
