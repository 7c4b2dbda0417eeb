import type { FieldMetadata, FormMetadata } from '@conform-to/react'
import { INPUT_CONSTRAINTS } from './field-props'

/**
 * Conform's field metadata, read the cheap way for the server's one render (decision 0021).
 *
 * Conform answers every property read of a field (`field.id`, `field.errors`, each constraint…) by
 * building a new metadata Proxy and recording the read in the form's subscription subject (copying the
 * subject's name lists each time), so a field costs about 100 µs on the server, a 55-field editor
 * 5 ms, where the input itself costs 12 µs. The subscription only matters in a browser, where a field
 * re-renders when what it read changes; the server renders once. So on the server the fields are
 * plain objects read from the same form state Conform reads (its `getState()`), each value computed
 * as Conform computes it, nested ones (`getFieldset`, `getFieldList`) too.
 * `server-fields.test.tsx` reads every property both ways over defaults, a refused submission,
 * constraints and nested names, and renders the fields both ways to the same HTML.
 *
 * The form state is reached through `form.context` (Conform's wrapper for FormProvider); if a Conform
 * version no longer offers it, the fields stay Conform's.
 */

interface ConformState {
  initialValue: Record<string, unknown>
  value: Record<string, unknown>
  error: Record<string, string[] | undefined>
  key: Record<string, string | undefined>
  valid: Record<string, boolean>
  dirty: Record<string, boolean>
  constraint: Record<string, Record<string, unknown> | undefined>
}
interface ConformContext {
  getFormId(): string
  getState(): ConformState
}

// Conform's metadata is invariant in its form shape; this works for any form's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = FormMetadata<any, string[]>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFields = Record<string, FieldMetadata<any, any, string[]>>

function contextOf(form: AnyForm): ConformContext | null {
  const wrapper = form.context as unknown as Record<symbol, unknown> | undefined
  if (!wrapper || typeof wrapper !== 'object') return null
  for (const symbol of Object.getOwnPropertySymbols(wrapper)) {
    const candidate = wrapper[symbol] as Partial<ConformContext> | undefined
    if (candidate && typeof candidate.getState === 'function' && typeof candidate.getFormId === 'function')
      return candidate as ConformContext
  }
  return null
}

/** Fields made once per name for the render; nested names are made the same way. */
type FieldOf = (name: string, conform: () => AnyFields[string]) => ServerField

type Nested = { getFieldset(): AnyFields; getFieldList(): AnyFields[string][] }

/** One field: its values are read from the form state when asked, as Conform's getters read them. */
class ServerField {
  readonly id: string
  readonly errorId: string
  readonly descriptionId: string
  constructor(
    private readonly state: ConformState,
    readonly formId: string,
    readonly name: string,
    private readonly conform: () => AnyFields[string],
    private readonly fieldOf: FieldOf,
  ) {
    this.id = `${formId}-${name}`
    this.errorId = `${this.id}-error`
    this.descriptionId = `${this.id}-description`
  }
  get initialValue() {
    return this.state.initialValue[this.name]
  }
  get defaultValue() {
    const initialValue = this.initialValue
    if (typeof initialValue === 'string') return initialValue
    if (Array.isArray(initialValue)) return initialValue[0]
    return undefined
  }
  get defaultOptions() {
    const initialValue = this.initialValue
    if (typeof initialValue === 'string') return [initialValue]
    if (Array.isArray(initialValue) && initialValue.every((item) => typeof item === 'string')) return initialValue
    return undefined
  }
  get defaultChecked() {
    return this.initialValue === 'on' ? true : undefined
  }
  get value() {
    return this.state.value[this.name]
  }
  get errors() {
    return this.state.error[this.name]
  }
  get key() {
    return this.state.key[this.name]
  }
  get valid() {
    return this.state.valid[this.name]
  }
  get dirty() {
    return this.state.dirty[this.name]
  }
  // Errors under a path (rarely read, and by Conform's path rules): Conform's own.
  get allErrors() {
    return this.conform().allErrors
  }
  // The constraints' getters are defined below the class, one per name.
  constraint(key: string) {
    return this.state.constraint[this.name]?.[key]
  }
  private nested(): Nested {
    return this.conform() as unknown as Nested
  }
  // Nested fields: `name.key` and `name[i]` as Conform names them (formatPaths), made here too.
  getFieldset() {
    const { name, fieldOf } = this
    const nested = () => this.nested()
    return new Proxy({} as Record<string, unknown>, {
      get(target, key, receiver) {
        if (typeof key !== 'string') return Reflect.get(target, key, receiver)
        if (key === '') return nested().getFieldset()[key]
        return fieldOf(name ? `${name}.${key}` : key, () => nested().getFieldset()[key])
      },
    })
  }
  getFieldList() {
    const initialValue = this.initialValue ?? []
    if (!Array.isArray(initialValue)) throw new Error('The initial value at the given name is not a list')
    return initialValue.map((_, index) =>
      this.fieldOf(`${this.name}[${index}]`, () => this.nested().getFieldList()[index]),
    )
  }
}

/** `required` and the input constraints: each a getter of the field, reading the form state as Conform's does. */
for (const key of ['required', ...INPUT_CONSTRAINTS])
  Object.defineProperty(ServerField.prototype, key, {
    get(this: ServerField) {
      return this.constraint(key)
    },
  })

/**
 * The form's fields as plain objects for a server render (see above); `fields` (Conform's) when the
 * form state cannot be reached.
 */
export function serverFieldsOf<Fields extends AnyFields>(form: AnyForm, fields: Fields): Fields {
  const context = contextOf(form)
  if (!context) return fields
  const state = context.getState()
  const formId = context.getFormId()
  const made = new Map<string, ServerField>()
  const fieldOf: FieldOf = (name, conform) => {
    let field = made.get(name)
    if (!field) {
      field = new ServerField(state, formId, name, conform, fieldOf)
      made.set(name, field)
    }
    return field
  }
  return new Proxy(fields, {
    get(target, key, receiver) {
      if (typeof key !== 'string') return Reflect.get(target, key, receiver)
      return fieldOf(key, () => target[key])
    },
  })
}
