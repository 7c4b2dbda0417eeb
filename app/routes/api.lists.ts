import { getDb } from '#app/db/client.server'
import { readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { listItems, type ListItem } from '#app/models/list.server'
import { listsQuerySchema, type ListColumn } from '#app/schemas/lists'

// GET /api/lists?type=carrier,ptype&orderBy=sort&directions=ASC&fields=short,long — the entries of
// the named lists (all lists without type) as one array, in list order unless orderBy says otherwise.
const api = apiRoute('/api/lists', {
  GET: async ({ request }) => {
    const query = readQuery(request, listsQuerySchema)
    const grouped = await listItems(getDb(), query.type.length ? query.type : undefined)
    const rows = Object.values(grouped).flat()
    const order = [...query.orderBy, ...query.sort]
    if (order.length) rows.sort(compareBy(order, query.directions))
    const fields = query.fields.length ? query.fields : null
    return fields ? rows.map((row) => pick(row, fields)) : rows
  },
})

export const loader = api.loader
export const action = api.action

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
