import { TextInput } from '#app/ui/core'
import { inputProps } from '#app/ui/field-props'
import { CLAIM_MESSAGES, formatRemaining, remainingCents, toCents, type ClaimAmounts } from '#app/domain/claims'
import { AmountsGrid } from '../amounts-grid'
import { Section } from './section'
import type { ClaimFieldSet, Field, Values } from './types'

function Amount({ field, label, value }: { field: Field; label: string; value: unknown }) {
  const props = inputProps(field, { type: 'text' })
  const negative = (toCents(typeof value === 'string' ? value.replace(/[$,\s]/g, '') : null) ?? 0) < 0
  return (
    <TextInput
      {...props}
      key={field.key}
      aria-label={label}
      inputMode="decimal"
      leftSection="$"
      size="xs"
      error={field.errors?.[0] ?? (negative ? CLAIM_MESSAGES.mustBeNonNegative : undefined)}
    />
  )
}

/**
 * Amounts (spec 3 §2.3): reserve, incurred and current for monitor, defense and damages with the
 * remaining (reserve − incurred − current, negative shown '--'), deductible and paid deductible.
 */
export function AmountsSection({ fields, values }: { fields: ClaimFieldSet; values: Values }) {
  const amounts = values as unknown as ClaimAmounts
  return (
    <Section title="Amounts">
      <AmountsGrid
        cell={(field, label) => <Amount field={fields[field]} label={label} value={values[field]} />}
        remaining={(bucket) => formatRemaining(remainingCents(amounts, bucket))}
      />
    </Section>
  )
}
