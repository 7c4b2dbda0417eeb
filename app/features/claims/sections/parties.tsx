import { SimpleGrid } from '#app/ui/core'
import { SelectField, TextField } from '#app/ui/fields'
import { Section } from './section'
import type { ClaimFieldSet, ClaimLists } from './types'

/** Parties (spec 3 §2.3): claimant, insured and other defendants, plaintiff and defendant codes. */
export function PartiesSection({ fields, lists }: { fields: ClaimFieldSet; lists: ClaimLists }) {
  return (
    <Section title="Parties">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
        <TextField field={fields.claimant} label="Claimant" />
        <TextField field={fields.insdef} label="Insured Defendants" />
        <TextField field={fields.othdef} label="Other Defendants" />
        <SelectField field={fields.plt_code} label="Plaintiff Code" options={lists.plt_code} />
        <SelectField field={fields.def_code} label="Defendant Code" options={lists.def_code} />
      </SimpleGrid>
    </Section>
  )
}
