import { data } from '@remix-run/node'

/**
 * The form data of a page action. A body that is not a form (JSON to a page, a broken multipart)
 * answers 415 with a message instead of a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    throw data({ message: 'This address accepts only form submissions.' }, { status: 415 })
  }
  // PostgreSQL text cannot hold NUL (see stripNul): removed before the schemas read the form.
  if (![...form.values()].some((value) => typeof value === 'string' && value.includes('\u0000'))) return form
  const clean = new FormData()
  for (const [key, value] of form) clean.append(key.replaceAll('\u0000', ''), typeof value === 'string' ? value.replaceAll('\u0000', '') : value)
  return clean
}
