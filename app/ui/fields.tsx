import { getCollectionProps, type FieldMetadata } from '@conform-to/react'
import { NativeSelect, Text, TextInput, type NativeSelectProps, type TextInputProps } from '#app/ui/core'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { isoToLoose, isoToMmDdYyyy, parseLooseDate } from '#app/domain/dates'
import { maskExt, maskPhone, maskSsn } from '#app/domain/masks'
import { inputProps, selectProps } from './field-props'

/**
 * Form fields binding a Conform field to a Mantine input: name, id, default value, HTML constraints
 * (maxLength limits typing; the form is `novalidate`, the server checks), the error and its aria wiring.
 */

// Conform's metadata is invariant in its form shape; fields accept any form's metadata.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Field = FieldMetadata<unknown, any, string[]>
export type FieldSize = TextInputProps['size']
type Common = { field: Field; label: string; readOnly?: boolean } & Omit<
  TextInputProps,
  'name' | 'defaultValue' | 'error' | 'label'
>

export function TextField({ field, label, readOnly, liveError, ...rest }: Common & { liveError?: string | null }) {
  const props = inputProps(field, { type: 'text' })
  // Read-only: no required mark (nothing can be entered).
  const required = readOnly ? false : (rest.required ?? props.required)
  // A check made while typing (DateField) replaces the server's last word on the field once it has run.
  const error = liveError === undefined ? field.errors?.[0] : (liveError ?? undefined)
  const aria =
    liveError === undefined
      ? {}
      : {
          'aria-invalid': liveError ? true : undefined,
          'aria-describedby': liveError ? `${props.id}-error` : undefined,
        }
  return (
    <TextInput
      {...props}
      {...rest}
      {...aria}
      key={field.key}
      label={label}
      readOnly={readOnly}
      required={required}
      error={error}
    />
  )
}

/** How a date field is written: the policy's loose M-D-YYYY, or the zero-padded MM-DD-YYYY of the commission dialog. */
export type DateFormat = 'M-D-YYYY' | 'MM-DD-YYYY'

const DATE_CHECK_MS = 400
const DATE_NORMALISE_MS = 1000

/**
 * A date typed in the form's format (spec 1 §5 "Date fields", spec 3 §5 and §9): 400 ms after typing
 * stops the value is checked ('Must be {format}'), and a date typed loosely (01-05-2027 in an M-D-YYYY
 * field, 1-5-2027 in an MM-DD-YYYY one) is rewritten in the field's own form 1000 ms after. The server
 * checks it again on Save; without JavaScript only the server does.
 */
export function DateField({ format, ...props }: Common & { format: DateFormat }) {
  const [liveError, setLiveError] = useState<string | null | undefined>(undefined)
  const timers = useRef<ReturnType<typeof setTimeout>[]>([])
  const clear = () => timers.current.splice(0).forEach(clearTimeout)
  const later = (ms: number, run: () => void) => timers.current.push(setTimeout(run, ms))
  useEffect(() => clear, [])
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const typed = input.value
    clear()
    const iso = typed.trim() === '' ? null : parseLooseDate(typed)
    if (typed.trim() !== '' && iso === null) {
      later(DATE_CHECK_MS, () => setLiveError(`Must be ${format}`))
      return
    }
    later(DATE_CHECK_MS, () => setLiveError(null))
    const written = iso === null ? typed : format === 'M-D-YYYY' ? isoToLoose(iso) : isoToMmDdYyyy(iso)
    if (written === typed) return
    later(DATE_NORMALISE_MS, () => {
      // Only if nothing was typed since: set as typing would, so the form sees the new value.
      if (input.value !== typed) return
      input.value = written
      input.dispatchEvent(new Event('input', { bubbles: true }))
      input.dispatchEvent(new Event('change', { bubbles: true }))
    })
  }
  return <TextField {...props} placeholder={format} liveError={liveError} onChange={onChange} />
}

function maskOnInput(mask: (value: string) => string) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const masked = mask(event.currentTarget.value)
    if (masked !== event.currentTarget.value) event.currentTarget.value = masked
  }
}

/** A phone input masked (###) ###-#### while typing; the server keeps the digits. */
export function PhoneField(props: Common) {
  return <TextField {...props} inputMode="tel" placeholder="(###) ###-####" onChange={maskOnInput(maskPhone)} />
}

export function SsnField(props: Common) {
  return <TextField {...props} inputMode="numeric" placeholder="###-##-####" onChange={maskOnInput(maskSsn)} />
}

export function ExtField(props: Common) {
  return <TextField {...props} inputMode="numeric" onChange={maskOnInput(maskExt)} />
}

export function SelectField({
  field,
  label,
  options,
  placeholder = '',
  readOnly,
  dropUnlisted = false,
  ...rest
}: {
  field: Field
  label: string
  options: readonly { value: string; label: string; disabled?: boolean }[]
  /** The blank first option's label; null: no blank option (a choice is always made). */
  placeholder?: string | null
  readOnly?: boolean
  /**
   * A stored value not in the list starts blank instead of staying selectable: for a list that
   * depends on another field the user changed (a counsel of another handler is no choice at all).
   */
  dropUnlisted?: boolean
} & Omit<NativeSelectProps, 'name' | 'defaultValue' | 'error' | 'label' | 'data'>) {
  const props = selectProps(field)
  const current = typeof field.initialValue === 'string' ? field.initialValue : ''
  const unlisted = current !== '' && !options.some((option) => option.value === current)
  // A stored value no longer in the list stays selectable, so saving does not silently change it.
  const data = unlisted && !dropUnlisted ? [{ value: current, label: current }, ...options] : options
  return (
    <NativeSelect
      {...props}
      {...(unlisted && dropUnlisted ? { defaultValue: '' } : {})}
      {...rest}
      key={field.key}
      label={label}
      disabled={readOnly || rest.disabled}
      data={placeholder === null ? data : [{ value: '', label: placeholder }, ...data]}
      error={field.errors?.[0]}
    />
  )
}

/**
 * A native multiple select bound to a Conform list field: each choice is a repeated parameter, so it
 * works in a GET form without JavaScript. `size` rows show at once.
 */
export function MultiSelectField({
  field,
  label,
  options,
  size = 4,
  className,
  minWidth = 120,
}: {
  field: Field
  label: string
  options: readonly string[]
  size?: number
  className?: string
  minWidth?: number
}) {
  const { defaultValue, ...props } = selectProps(field)
  return (
    <div className={className}>
      <Text size="xs" fw={500} component="label" display="block" htmlFor={field.id}>
        {label}
      </Text>
      {/* One submitted value comes back as a string: a multiple select's default is always a list. */}
      <select
        {...props}
        defaultValue={typeof defaultValue === 'string' ? [defaultValue] : defaultValue}
        key={field.key}
        multiple
        size={size}
        style={{ minWidth }}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {field.errors?.[0] ? (
        <Text size="xs" c="red" display="block" id={field.errorId}>
          {field.errors[0]}
        </Text>
      ) : null}
    </div>
  )
}

/**
 * Radios bound to a Conform field: a fieldset (role radiogroup) whose legend asks the question, one
 * native radio per option, so it works in a plain form; the server's refusal shows under the options.
 */
export function RadioGroupField({
  field,
  label,
  options,
  description,
  inline,
}: {
  field: Field
  label: string
  options: readonly { value: string; label: string }[]
  description?: string
  /** The options side by side (two or three short ones) instead of one under another. */
  inline?: boolean
}) {
  const radios = getCollectionProps(field, { type: 'radio', options: options.map((option) => option.value) })
  const error = field.errors?.[0]
  const describedBy =
    [description ? field.descriptionId : null, error ? field.errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <fieldset
      className="radio-group"
      data-inline={inline || undefined}
      role="radiogroup"
      aria-required={field.required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    >
      <Text component="legend" size="sm" fw={500} className="radio-group-legend">
        {label}
        {field.required ? (
          <span className="radio-group-required" aria-hidden>
            {' *'}
          </span>
        ) : null}
      </Text>
      {description ? (
        <Text size="xs" c="dimmed" id={field.descriptionId} className="radio-group-description">
          {description}
        </Text>
      ) : null}
      {radios.map(({ key, ...props }, index) => (
        <label key={key} className="radio-group-option">
          <input {...props} />
          <span>{options[index].label}</span>
        </label>
      ))}
      {error ? (
        <Text size="xs" c="red" id={field.errorId}>
          {error}
        </Text>
      ) : null}
    </fieldset>
  )
}

/** A select's options from a table of value → label, in the table's order. */
export const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }))

/**
 * A Conform field's name, id, browser constraints and aria wiring, without its default value: the
 * page keeps each value in state (a controlled input), so the server's refusal still marks the field.
 */
export function controlled<Props extends { defaultValue?: unknown }>(props: Props): Omit<Props, 'defaultValue'> {
  const { defaultValue: _default, ...rest } = props
  return rest
}
