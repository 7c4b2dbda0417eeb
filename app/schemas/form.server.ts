import { data } from '@remix-run/node'

/**
 * The form data of a page action. A body that is not a form (JSON to a page, a broken multipart)
 * answers 415 with a message instead of a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw data({ message: 'This address accepts only form submissions.' }, { status: 415 })
  }
}
