import { Checkbox, SimpleGrid, TextInput } from '#app/ui/core'
import { inputProps } from '#app/ui/field-props'
import { SelectField, TextField } from '#app/ui/fields'
import { RESOLUTIONS } from '../options'
import { insuitChecked } from '#app/domain/claims'
import { Section } from './section'
import type { ClaimFieldSet, ClaimLists } from './types'

/** Claim Details and More Details (spec 3 §2.3): In Suit stored yes/no, Firm State read-only. */
export function DetailsSection({
  fields,
  lists,
  firmState,
}: {
  fields: ClaimFieldSet
  lists: ClaimLists
  firmState: string | null
}) {
  const insuit = inputProps(fields.insuit, { type: 'checkbox', value: 'on' })
  return (
    <>
      <Section title="Claim Details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
          <SelectField field={fields.state} label="Claim State" options={lists.states} />
          <SelectField field={fields.err_code} label="Error Type" options={lists.err_code} />
          <TextInput label="Firm State" value={firmState ?? ''} readOnly />
          <Checkbox
            {...insuit}
            key={fields.insuit.key}
            label="In Suit"
            defaultChecked={insuitChecked(fields.insuit.initialValue as string | undefined)}
            mt="lg"
          />
        </SimpleGrid>
      </Section>
      <Section title="More Details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
          <TextField field={fields.est_size} label="Estate Size" inputMode="decimal" />
          <SelectField field={fields.aop_code} label="AOP" options={lists.aop_code} />
          <SelectField field={fields.resolved} label="Resolution" options={RESOLUTIONS} />
          <SelectField field={fields.status} label="Status" options={lists.clmstatus} />
        </SimpleGrid>
      </Section>
    </>
  )
}
