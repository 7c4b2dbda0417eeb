import type { DbOrTx } from '#app/db/client.server'
import { contactsOfTypes, type ContactOfType } from '#app/models/contact.server'
import { versionedCache } from '#app/models/data-version.server'

export type CounselOption = { cid: number; name1: string; people: { plid: number; name: string }[] }

const options = (contacts: ContactOfType[]): CounselOption[] =>
  contacts.map((contact) => ({
    cid: contact.cid,
    name1: contact.name1,
    people: contact.people.map((person) => ({
      plid: person.plid,
      name: [person.given, person.surname].filter(Boolean).join(' '),
    })),
  }))

/**
 * The `data_versions` row bumped at commit by every write that can change the counsel pickers: a
 * contact inserted or deleted, or its id, name or types changed; a person inserted or deleted, or their
 * id, contact, names or salutation changed (migration 0032, decision 0038 §13).
 */
export const COUNSEL_VERSION = 'counsel'
const kept = versionedCache(COUNSEL_VERSION, 1)

/** For tests: forget the kept pickers. */
export const clearCounselCache = () => kept.clear()

/**
 * The Adjuster and Panel contacts with their people, as the claim search's and editor's counsel pickers
 * list them: kept under the counsel version (one indexed row read instead of two statements).
 */
export async function counselOptions(db: DbOrTx): Promise<{ adjusters: CounselOption[]; panel: CounselOption[] }> {
  const cache = await kept.open(db)
  return cache.get('counsel', () => counselOptionsRead(db))
}

/** The counsel pickers read from the tables (exported for the cache's test). */
export async function counselOptionsRead(db: DbOrTx): Promise<{ adjusters: CounselOption[]; panel: CounselOption[] }> {
  const [adjusters = [], panel = []] = await contactsOfTypes(db, ['Adjuster', 'Panel'])
  return { adjusters: options(adjusters), panel: options(panel) }
}
