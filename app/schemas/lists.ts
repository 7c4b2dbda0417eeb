import { z } from 'zod'
import { commaList } from './fields'
import { requiredParam, sortOrderParam } from './query'

const LIST_COLUMNS = ['lst_id', 'type', 'short', 'long', 'sort', 'active'] as const
export type ListColumn = (typeof LIST_COLUMNS)[number]

/** Comma lists or repeated parameters (?type=a&type=b or ?type=a,b). */
const csv = <T extends z.ZodType<unknown, string>>(item: T) => commaList.pipe(z.array(item))

/** GET /api/lists: type, fields, orderBy and directions, each from a whitelist. */
export const listsQuerySchema = z
  .object({
    type: csv(z.string().max(40, 'A list type is at most 40 characters')).pipe(
      z.array(z.string()).max(50, 'At most 50 list types at once'),
    ),
    fields: csv(z.enum(LIST_COLUMNS, { error: `fields must be among ${LIST_COLUMNS.join(', ')}` })),
    orderBy: csv(z.enum(LIST_COLUMNS, { error: `orderBy must be among ${LIST_COLUMNS.join(', ')}` })),
    sort: csv(z.enum(LIST_COLUMNS, { error: `sort must be among ${LIST_COLUMNS.join(', ')}` })),
    directions: csv(sortOrderParam('directions')),
  })
  .strip()

export const listSearchQuerySchema = z.object({
  search: requiredParam('search', 40),
})
