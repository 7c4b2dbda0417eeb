import { notFoundMessage, parseId, type RecordKind } from '#app/domain/ids'

export { notFoundMessage, type RecordKind }

/**
 * The id in a URL parameter, or a thrown 404 (JSON `{ status: 'NOT_FOUND', message }`, which API
 * callers read and page ErrorBoundaries show). A bad id is never a 500 and never a different answer
 * from an unknown one. `message` overrides the kind's default (the spec's wording for that screen).
 */
export function requireId(param: string | undefined, kind: RecordKind, message?: string): number {
  const id = parseId(param)
  if (id === null)
    throw Response.json({ status: 'NOT_FOUND', message: message ?? notFoundMessage(kind) }, { status: 404 })
  return id
}
