import type { listItems, listTypes } from '../schema'
import { PICKLISTS } from './data/lists'

export interface ListRows {
  listTypes: (typeof listTypes.$inferInsert)[]
  listItems: (typeof listItems.$inferInsert)[]
  /** lst_id of each entry, by list type and short. */
  idOf(type: string, short: string): number
}

/** The picklists; `sort` is the entry's position, so ntype numbers the note types 0-22. */
export function generateLists(): ListRows {
  const types: (typeof listTypes.$inferInsert)[] = []
  const items: (typeof listItems.$inferInsert)[] = []
  const ids = new Map<string, number>()
  let lstId = 1
  for (const [name, definition] of Object.entries(PICKLISTS)) {
    types.push({ name, description: definition.description })
    definition.entries.forEach((entry, sort) => {
      const [short, long] = typeof entry === 'string' ? [entry, null] : entry
      ids.set(`${name}\u0000${short}`, lstId)
      items.push({ lst_id: lstId++, type: name, short, long, sort })
    })
  }
  return {
    listTypes: types,
    listItems: items,
    idOf: (type, short) => {
      const id = ids.get(`${type}\u0000${short}`)
      if (id === undefined) throw new Error(`No ${type} list entry ${short}`)
      return id
    },
  }
}
