import { data } from '@remix-run/node'
import { bodyKindOf, bodyLimit, BodyTooLargeError, formFromBytes, readCappedBytes } from './body.server'

export const FORM_ONLY_MESSAGE = 'This address accepts only form submissions.'
export const FORM_TOO_LARGE_MESSAGE = 'The form is too large to send.'

/**
 * The form data of a page action, read with the one byte cap (form-encoded: BODY_MAX_BYTES,
 * multipart: UPLOAD_MAX_BYTES, or a page's smaller `maxBytes`; over it → 413 with `tooLarge`, once
 * the rest was read and dropped). A body that is
 * not a form (JSON to a page, a broken multipart) answers 415 with a message instead of a 500.
 */
export async function readFormData(
  request: Request,
  options: { tooLarge?: string; maxBytes?: number } = {},
): Promise<FormData> {
  const kind = bodyKindOf(request)
  if (kind !== 'form' && kind !== 'multipart') throw data({ message: FORM_ONLY_MESSAGE }, { status: 415 })
  let bytes: Uint8Array
  try {
    bytes = await readCappedBytes(request, Math.min(bodyLimit(kind), options.maxBytes ?? Infinity))
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      throw data({ message: options.tooLarge ?? FORM_TOO_LARGE_MESSAGE }, { status: 413 })
    throw error
  }
  const form = await formFromBytes(request, bytes)
  if (!form) throw data({ message: FORM_ONLY_MESSAGE }, { status: 415 })
  // PostgreSQL text cannot hold NUL (see stripNul): removed before the schemas read the form.
  if (
    ![...form.entries()].some(
      ([key, value]) => key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000')),
    )
  )
    return form
  const clean = new FormData()
  for (const [key, value] of form)
    clean.append(key.replaceAll('\u0000', ''), typeof value === 'string' ? value.replaceAll('\u0000', '') : value)
  return clean
}
