import { SimpleGrid } from '#app/ui/core'
import { SelectField } from '#app/ui/fields'
import { CLAIM_MESSAGES } from '#app/domain/claims'
import { Section } from './section'
import type { ClaimFieldSet, CounselChoice, Values } from './types'

/**
 * Counsel (spec 3 §2.3): claims handler and counsel from the Adjuster contacts, defense firm and
 * counsel from the Panel contacts; a person is chosen only after the firm (handler) is.
 */
export function CounselSection({
  fields,
  values,
  adjusters,
  panel,
}: {
  fields: ClaimFieldSet
  values: Values
  adjusters: CounselChoice[]
  panel: CounselChoice[]
}) {
  const handler = String(values.adj_cid ?? '')
  const firm = String(values.def_cid ?? '')
  const people = (contacts: CounselChoice[], cid: string) =>
    (contacts.find((contact) => String(contact.cid) === cid)?.people ?? []).map((person) => ({
      value: String(person.plid),
      label: person.name,
    }))
  // A handler or firm changed in the form: its counsel list is another one, so the counsel starts
  // blank (drawn again for the new list) instead of keeping a person of the previous one.
  const changed = (field: ClaimFieldSet['adj_cid'], now: string) => now !== String(field.initialValue ?? '')
  return (
    <Section title="Counsel">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
        <SelectField
          field={fields.adj_cid}
          label="Claims Handler"
          options={adjusters.map((c) => ({ value: String(c.cid), label: c.name1 }))}
        />
        <SelectField
          key={`adj_plid-${handler}`}
          field={fields.adj_plid}
          label="Claims Counsel"
          options={people(adjusters, handler)}
          dropUnlisted={changed(fields.adj_cid, handler)}
          disabled={!handler}
          description={handler ? undefined : CLAIM_MESSAGES.counselNeedsHandler}
        />
        <SelectField
          field={fields.def_cid}
          label="Defense Firm"
          options={panel.map((c) => ({ value: String(c.cid), label: c.name1 }))}
        />
        <SelectField
          key={`def_plid-${firm}`}
          field={fields.def_plid}
          label="Defense Counsel"
          options={people(panel, firm)}
          dropUnlisted={changed(fields.def_cid, firm)}
          disabled={!firm}
          description={firm ? undefined : CLAIM_MESSAGES.defenseNeedsFirm}
        />
      </SimpleGrid>
    </Section>
  )
}
