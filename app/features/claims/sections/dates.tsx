import { SimpleGrid } from '#app/ui/core'
import { TextField } from '#app/ui/fields'
import { formatDisplayDate } from '#app/domain/dates'
import { Section } from './section'
import type { ClaimFieldSet, Field, Values } from './types'

const CLAIM_DATES = [
  ['engaged', 'Engaged'],
  ['error', 'Error'],
  ['claim', 'Claim'],
  ['report', 'Report'],
] as const
const HANDLING_DATES = [
  ['clm_ack', 'Claims Acknowledged'],
  ['first_rep', 'First Report'],
  ['last_rep', 'Last Report'],
  ['close', 'Close'],
] as const

function DateField({ field, label, value }: { field: Field; label: string; value: unknown }) {
  // The picker takes the date; the line under it reads it DD MMM YYYY (spec 3 §2.3).
  return (
    <TextField
      field={field}
      label={label}
      type="date"
      description={formatDisplayDate(typeof value === 'string' ? value : '') || ' '}
    />
  )
}

/** Claim Dates and Handling Dates; an emptied date is saved as null. */
export function DatesSection({ fields, values }: { fields: ClaimFieldSet; values: Values }) {
  return (
    <>
      <section aria-label="Claim Dates">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
          {CLAIM_DATES.map(([name, label]) => (
            <DateField key={name} field={fields[name]} label={label} value={values[name]} />
          ))}
        </SimpleGrid>
      </section>
      <section aria-label="Handling Dates">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" mt="xs">
          {HANDLING_DATES.map(([name, label]) => (
            <DateField key={name} field={fields[name]} label={label} value={values[name]} />
          ))}
        </SimpleGrid>
      </section>
    </>
  )
}

export function DatesCard(props: { fields: ClaimFieldSet; values: Values }) {
  return (
    <Section title="Claim Dates and Handling Dates">
      <DatesSection {...props} />
    </Section>
  )
}
