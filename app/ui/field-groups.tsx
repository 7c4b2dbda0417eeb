import type { ReactNode } from 'react'
import { Card, Stack, Title } from '#app/ui/core'
import { ExtField, PhoneField, SelectField, TextField, type Field, type FieldSize } from './fields'

/**
 * The blocks the record forms (firm, contact, person) share: a titled card of stacked fields, the
 * address fields and the phone fields. One layout, so a label or a mask changes in one place.
 */

/** A titled card of stacked fields. `order` keeps the page's heading levels (the firm form sits under an h2). */
export function FormCard({ title, order = 2, children }: { title: string; order?: 2 | 3; children: ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Title order={order} size="h5" mb="xs">
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </Card>
  )
}

type Option = { value: string; label: string }

/** Address1, Address2, City, State (from the states list) and Zip. */
export function AddressFields({
  fields,
  states,
  readOnly,
}: {
  fields: Record<'address1' | 'address2' | 'city' | 'state' | 'zip', Field>
  states: readonly Option[]
  readOnly?: boolean
}) {
  return (
    <>
      <TextField field={fields.address1} label="Address1" readOnly={readOnly} />
      <TextField field={fields.address2} label="Address2" readOnly={readOnly} />
      <TextField field={fields.city} label="City" readOnly={readOnly} />
      <SelectField field={fields.state} label="State" options={states} readOnly={readOnly} />
      <TextField field={fields.zip} label="Zip" readOnly={readOnly} />
    </>
  )
}

/**
 * Phone numbers in the order given, each masked (###) ###-####; `ext` is the extension's digits and
 * `email` an email input, so a person's or a contact's whole phone block is one list of labels.
 */
export function PhoneFields<Name extends string>({
  fields,
  items,
  readOnly,
  size,
}: {
  fields: Record<Name, Field>
  items: readonly (readonly [Name, string])[]
  readOnly?: boolean
  size?: FieldSize
}) {
  return (
    <>
      {items.map(([name, label]) => {
        const props = { field: fields[name], label, readOnly, size }
        if (name === 'ext') return <ExtField key={name} {...props} />
        if (name === 'email') return <TextField key={name} {...props} type="email" />
        return <PhoneField key={name} {...props} />
      })}
    </>
  )
}
