import { parseId } from '#app/domain/ids'

/** The 404 message for each kind of record a URL can name. */
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

/**
 * The id in a URL parameter, or a thrown 404 (JSON `{ status: 'NOT_FOUND', message }`, which API
 * callers read and page ErrorBoundaries show). A bad id is never a 500 and never a different answer
 * from an unknown one. `message` overrides the kind's default (the spec's wording for that screen).
 */
export function requireId(param: string | undefined, kind: RecordKind, message?: string): number {
  const id = parseId(param)
  if (id === null) throw Response.json({ status: 'NOT_FOUND', message: message ?? notFoundMessage(kind) }, { status: 404 })
  return id
}
