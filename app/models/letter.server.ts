import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { listItems } from '#app/db/schema'
import { isRecordId } from '#app/domain/ids'

/** The list type holding the note editor's letter templates (short = name, long = body). */
export const LETTERS_LIST = 'letters'

export interface LetterTemplate {
  id: number
  name: string
  body: string
}

/** GET /api/notes/forms and the editor's Letters picker: the active templates, in list order. */
export async function letterTemplates(db: DbOrTx): Promise<LetterTemplate[]> {
  const rows = await db
    .select({ id: listItems.lst_id, name: listItems.short, body: listItems.long })
    .from(listItems)
    .where(and(eq(listItems.type, LETTERS_LIST), eq(listItems.active, true)))
    .orderBy(asc(listItems.sort), asc(listItems.short))
  return rows.map((row) => ({ id: row.id, name: row.name, body: row.body ?? '' }))
}

export async function letterTemplate(db: DbOrTx, id: number): Promise<LetterTemplate | null> {
  if (!isRecordId(id)) return null
  const [row] = await db
    .select({ id: listItems.lst_id, name: listItems.short, body: listItems.long })
    .from(listItems)
    .where(and(eq(listItems.lst_id, id), eq(listItems.type, LETTERS_LIST), eq(listItems.active, true)))
  return row ? { id: row.id, name: row.name, body: row.body ?? '' } : null
}
