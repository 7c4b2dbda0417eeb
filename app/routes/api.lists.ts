import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { listItems, type ListItem } from '#app/models/list.server'
import { readQuery } from '#app/http/api.server'
import { listsQuerySchema, type ListColumn } from '#app/schemas/lists'

// GET /api/lists?type=carrier,ptype&orderBy=sort&directions=ASC&fields=short,long — the entries of
// the named lists (all lists without type) as one array, in list order unless orderBy says otherwise.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, '/api/lists')
  const query = readQuery(request, listsQuerySchema)
  const grouped = await listItems(getDb(), query.type.length ? query.type : undefined)
  const rows = Object.values(grouped).flat()
  const order = [...query.orderBy, ...query.sort]
  if (order.length) rows.sort(compareBy(order, query.directions))
  const fields = query.fields.length ? query.fields : null
  return Response.json(fields ? rows.map((row) => pick(row, fields)) : rows)
}

function compareBy(columns: ListColumn[], directions: ('ASC' | 'DESC')[]) {
  return (a: ListItem, b: ListItem) => {
    for (const [i, column] of columns.entries()) {
      const left = a[column] ?? ''
      const right = b[column] ?? ''
      const sign = directions[i] === 'DESC' ? -1 : 1
      if (left < right) return -sign
      if (left > right) return sign
    }
    return 0
  }
}

function pick(row: ListItem, fields: ListColumn[]) {
  return Object.fromEntries(fields.map((field) => [field, row[field]]))
}
