import type { DbOrTx } from '#app/db/client.server'
import { contactsOfTypes, type ContactOfType } from '#app/models/contact.server'

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

/** The Adjuster and Panel contacts with their people, as the claim search's and editor's counsel pickers list them. */
export async function counselOptions(db: DbOrTx): Promise<{ adjusters: CounselOption[]; panel: CounselOption[] }> {
  const [adjusters = [], panel = []] = await contactsOfTypes(db, ['Adjuster', 'Panel'])
  return { adjusters: options(adjusters), panel: options(panel) }
}
