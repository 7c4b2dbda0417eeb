/**
 * The one id parser: a record id is a decimal integer 1 … 2^31-1 written with digits only
 * (no sign, exponent, fraction, spaces or leading zeros beyond "0"-free digits). `1e3`, `0x10`,
 * ` 5`, `5.0` and `-1` are all refused, the same way on every route.
 */
export const ID_PATTERN = /^[1-9][0-9]{0,9}$/
export const MAX_ID = 2 ** 31 - 1

export function parseId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 && value <= MAX_ID ? value : null
  if (typeof value !== 'string' || !ID_PATTERN.test(value)) return null
  const id = Number(value)
  return id <= MAX_ID ? id : null
}

/** Whether a number is a record id (an integer 1 … 2^31-1): what a model checks before it queries. */
export function isRecordId(id: number): boolean {
  return parseId(id) !== null
}

/** The 404 message for each kind of record a URL can name (models throw NotFoundError with it too). */
const NOT_FOUND: Record<string, string> = {
  firm: 'No such firm.',
  note: 'No such note.',
  person: 'No such person.',
  contact: 'No such contact.',
  file: 'No such file.',
  claim: 'No such claim.',
  policy: 'No such policy.',
  session: 'No such session.',
  user: 'No such user.',
  ledger: 'No such ledger entry.',
}

export type RecordKind = keyof typeof NOT_FOUND | (string & {})

export function notFoundMessage(kind: RecordKind): string {
  return NOT_FOUND[kind] ?? `No such ${kind}.`
}
