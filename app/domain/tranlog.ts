/** The kinds of transaction a note's log records (spec 2 §3: email, fax, letter). */
export const TRANLOG_TYPES = ['email', 'fax', 'letter'] as const
export type TranlogType = (typeof TRANLOG_TYPES)[number]
