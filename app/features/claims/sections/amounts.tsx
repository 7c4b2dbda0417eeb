import { getInputProps } from '@conform-to/react'
import { TextInput } from '@mantine/core'
import { BUCKETS, CLAIM_MESSAGES, formatRemaining, remainingCents, toCents, type ClaimAmounts } from '#app/domain/claims'
import { Section } from './section'
import type { ClaimFieldSet, Field, Values } from './types'

function Amount({ field, label, value }: { field: Field; label: string; value: unknown }) {
  const { key: _key, ...props } = getInputProps(field, { type: 'text' })
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
      <table className="data-table data-table-dense" aria-label="Amounts">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">Reserve</th>
            <th scope="col">Incurred</th>
            <th scope="col">Current</th>
            <th scope="col">Remaining</th>
          </tr>
        </thead>
        <tbody>
          {BUCKETS.map((bucket) => (
            <tr key={bucket.key}>
              <th scope="row">{bucket.label}</th>
              <td>
                <Amount field={fields[bucket.reserve]} label={`${bucket.label} Reserve`} value={values[bucket.reserve]} />
              </td>
              <td>
                <Amount field={fields[bucket.incurred]} label={`${bucket.label} Incurred`} value={values[bucket.incurred]} />
              </td>
              <td>
                <Amount field={fields[bucket.current]} label={`${bucket.label} Current`} value={values[bucket.current]} />
              </td>
              <td className="nowrap" aria-label={`${bucket.label} Remaining`}>
                {formatRemaining(remainingCents(amounts, bucket))}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">Deductible</th>
            <td>
              <Amount field={fields.deductible} label="Deductible" value={values.deductible} />
            </td>
            <th scope="row">Paid Deductible</th>
            <td>
              <Amount field={fields.paid_ded} label="Paid Deductible" value={values.paid_ded} />
            </td>
            <td />
          </tr>
        </tbody>
      </table>
    </Section>
  )
}
