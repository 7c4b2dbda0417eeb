/**
 * Conform's `getInputProps`, `getSelectProps` and `getTextareaProps` (the options this app uses:
 * `type` and `value`), building each answer once instead of through three object spreads and a
 * pass deleting what is undefined: the same props, in the same order, from the same field metadata
 * (`server-fields.test.tsx` compares them with Conform's over defaults, refusals and constraints).
 * The app's field components sit on these; a page's form has up to a hundred fields.
 */

/** The HTML constraints an input takes from its field, in the order Conform's getInputProps writes them. */
export const INPUT_CONSTRAINTS = [
  'minLength',
  'maxLength',
  'min',
  'max',
  'step',
  'pattern',
  'multiple',
  'accept',
] as const

/** The HTML constraints a field carries (Conform's, from the form's generated constraints). */
interface Constraints {
  minLength?: number
  maxLength?: number
  min?: string | number
  max?: string | number
  step?: string | number
  pattern?: string
  multiple?: boolean
  accept?: string
}

/** What these read of a Conform field (its metadata, or the server's plain fields). */
export interface FieldLike extends Constraints {
  id: string
  name: string
  formId: string
  errorId: string
  errors?: unknown
  initialValue?: unknown
  required?: boolean
}

type Props = Record<string, unknown>

export interface ControlProps {
  required?: boolean
  id: string
  name: string
  form: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}
export interface InputProps extends ControlProps, Constraints {
  type: string
  value?: string
  defaultChecked?: boolean
  defaultValue?: string
}
export interface SelectProps extends ControlProps {
  multiple?: boolean
  defaultValue?: string | string[]
}
export interface TextareaProps extends ControlProps {
  minLength?: number
  maxLength?: number
  defaultValue?: string
}

function put(props: Props, key: string, value: unknown) {
  if (value !== undefined) props[key] = value
}

/** The props every control gets: required, id, name, form, and the error's aria wiring. */
function controlProps(field: FieldLike): Props {
  const props: Props = {}
  put(props, 'required', field.required || undefined)
  put(props, 'id', field.id)
  put(props, 'name', field.name)
  put(props, 'form', field.formId)
  if (field.errors !== undefined) {
    props['aria-invalid'] = true
    props['aria-describedby'] = field.errorId
  }
  return props
}

export function inputProps(field: FieldLike, options: { type: string; value?: string | boolean }): InputProps {
  const props = controlProps(field)
  put(props, 'type', options.type)
  for (const key of INPUT_CONSTRAINTS) put(props, key, field[key])
  if (options.value === undefined || options.value) {
    const initialValue = field.initialValue
    if (options.type === 'checkbox' || options.type === 'radio') {
      const value = typeof options.value === 'string' ? options.value : 'on'
      props.value = value
      props.defaultChecked = Array.isArray(initialValue) ? initialValue.includes(options.value) : initialValue === value
    } else if (typeof initialValue === 'string') {
      props.defaultValue = initialValue
    }
  }
  return props as unknown as InputProps
}

export function selectProps(field: FieldLike): SelectProps {
  const props = controlProps(field)
  put(props, 'multiple', field.multiple)
  const initialValue = field.initialValue
  put(
    props,
    'defaultValue',
    Array.isArray(initialValue)
      ? initialValue.map((item) => `${item ?? ''}`)
      : (initialValue as { toString(): string } | null | undefined)?.toString(),
  )
  return props as unknown as SelectProps
}

export function textareaProps(field: FieldLike): TextareaProps {
  const props = controlProps(field)
  put(props, 'minLength', field.minLength)
  put(props, 'maxLength', field.maxLength)
  put(props, 'defaultValue', (field.initialValue as { toString(): string } | null | undefined)?.toString())
  return props as unknown as TextareaProps
}
