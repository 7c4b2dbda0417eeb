import { Textarea } from '#app/ui/core'
import { textareaProps } from './field-props'
import type { Field } from './fields'

/**
 * A textarea (the kit's, Mantine's markup, growing with its text once the page runs) bound to a
 * Conform field. The server writes it `minRows` high. Mantine's own Textarea measured each one with a
 * hidden twin in a layout effect (a forced layout per textarea while the page hydrated); the kit's
 * fits every textarea of a render in one pass.
 */
export function TextareaField({
  field,
  label,
  description,
  required,
  readOnly,
  minRows = 3,
}: {
  field: Field
  label: string
  description?: string
  /** Required by what else the form holds (the schema's own constraint otherwise). */
  required?: boolean
  readOnly?: boolean
  minRows?: number
}) {
  const props = textareaProps(field)
  return (
    <Textarea
      {...props}
      key={field.key}
      label={label}
      description={description}
      required={required ?? props.required}
      readOnly={readOnly}
      autosize
      rows={minRows}
      minRows={minRows}
      maxRows={16}
      error={field.errors?.[0]}
    />
  )
}
