import { getDb } from '#app/db/client.server'
import { readQuery } from '#app/http/api.server'
import type { ApiHandlers } from '#app/http/api-route.server'
import { listItems, nuStates, searchListTypes, states, type ListItem } from '#app/models/list.server'
import { listSearchQuerySchema, listsQuerySchema, type ListColumn } from '#app/schemas/lists'

/**
 * GET /api/lists?type=carrier,ptype&orderBy=sort&directions=ASC&fields=short,long: the entries of the
 * named lists (all lists without type) as one array, in list order unless orderBy says otherwise.
 */
export const listsApi: ApiHandlers = {
  GET: async ({ request }) => {
    const query = readQuery(request, listsQuerySchema)
    const grouped = await listItems(getDb(), query.type.length ? query.type : undefined)
    const rows = Object.values(grouped).flat()
    const order = [...query.orderBy, ...query.sort]
    if (order.length) rows.sort(compareBy(order, query.directions))
    const fields = query.fields.length ? query.fields : null
    return fields ? rows.map((row) => pick(row, fields)) : rows
  },
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

/** GET /api/lists/search?search={listtype}: the entries of the list types whose name contains the text. */
export const listSearchApi: ApiHandlers = {
  GET: ({ request }) => searchListTypes(getDb(), readQuery(request, listSearchQuerySchema).search),
}

/** GET /api/states: every jurisdiction (50 states, DC, territories), code and name, by code. */
export const statesApi: ApiHandlers = {
  GET: () => states(getDb()),
}

/** GET /api/nu-states: the 50 states and DC, name and code, by name. */
export const nuStatesApi: ApiHandlers = {
  GET: () => nuStates(getDb()),
}
