import { Fragment } from 'react'
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
  // A handler or firm changed in the form: its counsel list is another one, so the counsel starts
  // blank (drawn again for the new list) instead of keeping a person of the previous one.
  const changed = (field: ClaimFieldSet['adj_cid'], now: string) => now !== String(field.initialValue ?? '')
  const pairs = [
    {
      contact: 'adj_cid',
      counsel: 'adj_plid',
      labels: ['Claims Handler', 'Claims Counsel'],
      contacts: adjusters,
      noContact: CLAIM_MESSAGES.counselNeedsHandler,
    },
    {
      contact: 'def_cid',
      counsel: 'def_plid',
      labels: ['Defense Firm', 'Defense Counsel'],
      contacts: panel,
      noContact: CLAIM_MESSAGES.defenseNeedsFirm,
    },
  ] as const
  return (
    <Section title="Counsel">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
        {pairs.map(({ contact, counsel, labels: [contactLabel, counselLabel], contacts, noContact }) => {
          const cid = String(values[contact] ?? '')
          const people = contacts.find((choice) => String(choice.cid) === cid)?.people ?? []
          return (
            <Fragment key={contact}>
              <SelectField
                field={fields[contact]}
                label={contactLabel}
                options={contacts.map((c) => ({ value: String(c.cid), label: c.name1 }))}
              />
              <SelectField
                key={`${counsel}-${cid}`}
                field={fields[counsel]}
                label={counselLabel}
                options={people.map((person) => ({ value: String(person.plid), label: person.name }))}
                dropUnlisted={changed(fields[contact], cid)}
                disabled={!cid}
                description={cid ? undefined : noContact}
              />
            </Fragment>
          )
        })}
      </SimpleGrid>
    </Section>
  )
}
