import { SimpleGrid, TextInput } from '#app/ui/core'
import { SelectField, TextField } from '#app/ui/fields'
import { formatDisplayDate } from '#app/domain/dates'
import { Section } from './section'
import type { ClaimFieldSet, ClaimLists } from './types'

export type PolicyChoice = {
  pid: number
  polnum: string | null
  status: string
  carrier: string | null
  type: string | null
  incept: string | null
  expiry: string | null
}

/** Policy (spec 3 §2.3): pid from the firm's Book, Past or History policies, carrier, type, read-only Firm ID. */
export function PolicySection({
  fields,
  lists,
  policies,
  fid,
}: {
  fields: ClaimFieldSet
  lists: ClaimLists
  policies: PolicyChoice[]
  fid: number
}) {
  const options = policies.map((policy) => ({
    value: String(policy.pid),
    label: `${policy.pid} ${policy.polnum ?? ''} · ${policy.status} · ${policy.carrier ?? ''} ${policy.type ?? ''} · ${formatDisplayDate(policy.incept)}`,
  }))
  return (
    <Section title="Policy">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
        <SelectField field={fields.pid} label="Policy (pid)" options={options} />
        <SelectField field={fields.carrier} label="Carrier" options={lists.carrier} />
        <SelectField field={fields.type} label="Type" options={lists.ptype} />
        <TextInput label="Firm ID" value={String(fid)} readOnly />
      </SimpleGrid>
      <TextField field={fields.clm_num} label="Claim Number" mt="xs" maw={300} />
    </Section>
  )
}
