import { z } from 'zod'
import { getDb } from '#app/db/client.server'
import { readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { FILE_FIELDS, FILE_ORDERS, formFiles, type FileField, type FileOrder } from '#app/models/file.server'

const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')),
  )
  .transform((values) => values.map((v) => v.trim()).filter(Boolean))

/** `fields` and `orders` are comma lists of the file fields; `-field` sorts descending. */
const formsQuery = z.object({
  fields: list.refine(
    (names) => names.every((name) => (FILE_FIELDS as readonly string[]).includes(name)),
    `fields must be among ${FILE_FIELDS.join(', ')}`,
  ),
  orders: list
    .refine(
      (names) => names.every((name) => (FILE_ORDERS as readonly string[]).includes(name.replace(/^-/, ''))),
      `orders must name fields among ${FILE_ORDERS.join(', ')}`,
    )
    .transform((names) =>
      names.map((name) => ({ field: name.replace(/^-/, '') as FileOrder, desc: name.startsWith('-') })),
    ),
})

/** GET /api/file_objects/forms: the Form-type files (shared forms) with the fields asked for. */
const api = apiRoute('/api/file_objects/forms', {
  GET: ({ request }) => {
    const query = readQuery(request, formsQuery)
    return formFiles(getDb(), { fields: query.fields as FileField[], order: query.orders })
  },
})

export const loader = api.loader
export const action = api.action
