import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { MantineProvider } from '@mantine/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseForm } from '#app/http/conform.server'
import { MultiSelectField, RadioGroupField, SelectField, TextField } from './fields'
import { INPUT_CONSTRAINTS, inputProps, selectProps, textareaProps } from './field-props'
import { serverFieldsOf } from './server-fields'
import { TextareaField } from './textarea-field'

const schema = z.object({
  name: z.string().max(5, 'Name is at most 5 characters'),
  email: z.string().email('Enter an email'),
  kind: z.enum(['a', 'b']),
  tags: z.array(z.string()).min(2, 'Pick two tags'),
  agree: z.literal('on', { error: 'Agree first' }),
  people: z.array(z.object({ given: z.string().min(1, 'Given name is required'), surname: z.string() })),
  note: z.string().optional(),
})

const constraint = {
  name: { required: true, maxLength: 5 },
  email: { required: true, pattern: '.+@.+' },
  kind: { required: true },
  tags: { required: true, multiple: true },
  agree: { required: true },
  'people[].given': { required: true, minLength: 1 },
  note: { maxLength: 200, minLength: 0, min: 1, max: '9', step: 1, accept: 'text/plain' },
}

const defaults = {
  name: 'Ann',
  email: 'ann@example.com',
  kind: 'b',
  tags: ['x', 'y'],
  agree: 'on',
  people: [
    { given: 'Ann', surname: 'Lee' },
    { given: '', surname: 'Ng' },
  ],
  note: 'Hello',
}

function refused(): SubmissionResult<string[]> {
  const form = new URLSearchParams([
    ['name', 'Annabelle'],
    ['email', 'nope'],
    ['kind', 'c'],
    ['tags', 'x'],
    ['people[0].given', ''],
    ['people[0].surname', 'Lee'],
    ['people[1].given', 'Bo'],
    ['people[1].surname', 'Ng'],
  ])
  return parseForm(form, { schema }).reply()
}

const PROPERTIES = [
  'id',
  'name',
  'formId',
  'errorId',
  'descriptionId',
  'initialValue',
  'defaultValue',
  'defaultOptions',
  'defaultChecked',
  'value',
  'errors',
  'key',
  'valid',
  'dirty',
  'allErrors',
  'required',
  ...INPUT_CONSTRAINTS,
] as const
const KIND_OPTIONS = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
]
const NAMES = ['name', 'email', 'kind', 'tags', 'agree', 'people', 'note', 'missing']

type Fields = ReturnType<typeof useForm<Record<string, unknown>>>[1]
type Any = Record<string, unknown> & { getFieldset(): Record<string, Any>; getFieldList(): Any[] }

/** Conform's fields and the server's, from one useForm in a server render. */
function bothFields(lastResult?: SubmissionResult<string[]>) {
  let pair: [Fields, Fields] | undefined
  function Probe() {
    const [form, fields] = useForm<Record<string, unknown>>({
      id: 'probe',
      constraint,
      defaultValue: defaults as never,
      lastResult,
      shouldValidate: 'onSubmit',
    })
    pair = [fields, serverFieldsOf(form, fields)]
    return null
  }
  renderToString(<Probe />)
  return pair!
}

function snapshot(field: Any) {
  return {
    ...Object.fromEntries(PROPERTIES.map((property) => [property, field[property]])),
    input: getInputProps(field as never, { type: 'text' }),
    checkbox: getInputProps(field as never, { type: 'checkbox' }),
    select: getSelectProps(field as never),
    textarea: getTextareaProps(field as never),
    collection: getCollectionProps(field as never, { type: 'checkbox', options: ['x', 'y', 'z'] }),
  }
}

describe('serverFieldsOf', () => {
  for (const [label, lastResult] of [
    ['defaults', undefined],
    ['a refused submission', refused()],
  ] as const) {
    it(`reads every property as Conform does (${label}), nested fields too`, () => {
      const [conform, server] = bothFields(lastResult)
      const c = conform as unknown as Record<string, Any>
      const s = server as unknown as Record<string, Any>
      for (const name of NAMES) expect(snapshot(s[name]), name).toEqual(snapshot(c[name]))
      const conformRows = c.people.getFieldList()
      const serverRows = s.people.getFieldList()
      expect(serverRows).toHaveLength(conformRows.length)
      serverRows.forEach((row, index) => {
        expect(snapshot(row), `people[${index}]`).toEqual(snapshot(conformRows[index]))
        for (const key of ['given', 'surname'])
          expect(snapshot(row.getFieldset()[key]), `people[${index}].${key}`).toEqual(
            snapshot(conformRows[index].getFieldset()[key]),
          )
      })
      expect(() => s.name.getFieldList()).toThrow('The initial value at the given name is not a list')
    })
  }

  it('renders the fields to the same HTML as Conform’s own', () => {
    for (const lastResult of [undefined, refused()]) {
      const html = (pick: 0 | 1) => {
        function Page() {
          const [form, fields] = useForm<Record<string, unknown>>({
            id: 'page',
            constraint,
            defaultValue: defaults as never,
            lastResult,
            shouldValidate: 'onSubmit',
          })
          const chosen = (pick === 0 ? fields : serverFieldsOf(form, fields)) as unknown as Record<string, Any>
          const rows = chosen.people.getFieldList()
          return (
            <form id={form.id}>
              <TextField field={chosen.name as never} label="Name" />
              <TextField field={chosen.email as never} label="Email" />
              <SelectField field={chosen.kind as never} label="Kind" options={KIND_OPTIONS} />
              <MultiSelectField field={chosen.tags as never} label="Tags" options={['x', 'y', 'z']} />
              <RadioGroupField field={chosen.kind as never} label="Kind" options={KIND_OPTIONS} />
              <TextareaField field={chosen.note as never} label="Note" />
              {rows.map((row) => (
                <TextField key={String(row.key)} field={row.getFieldset().given as never} label="Given" />
              ))}
            </form>
          )
        }
        return renderToString(
          <MantineProvider>
            <Page />
          </MantineProvider>,
        )
      }
      expect(html(1)).toBe(html(0))
    }
  })

  it('stays Conform’s when the form state cannot be reached', () => {
    const fields = { name: { id: 'x' } }
    expect(serverFieldsOf({ context: {} } as never, fields as never)).toBe(fields)
  })
})

describe('inputProps, selectProps, textareaProps', () => {
  /** The same props as Conform's helpers, keys in the same order (the order attributes are written). */
  const same = (ours: object, conform: object) => {
    expect(ours).toEqual(conform)
    expect(Object.keys(ours)).toEqual(Object.keys(conform))
  }
  for (const [label, lastResult] of [
    ['defaults', undefined],
    ['a refused submission', refused()],
  ] as const) {
    it(`answer as Conform's helpers do (${label}), from Conform's fields and the server's`, () => {
      for (const fields of bothFields(lastResult)) {
        const all = fields as unknown as Record<string, Any>
        const rows = all.people.getFieldList()
        const named = [
          ...NAMES.map((name) => all[name]),
          ...rows,
          ...rows.flatMap((row) => [row.getFieldset().given, row.getFieldset().surname]),
        ]
        for (const field of named) {
          for (const type of ['text', 'password', 'number', 'datetime-local', 'hidden'])
            same(inputProps(field as never, { type }), getInputProps(field as never, { type: type as 'text' }))
          for (const type of ['checkbox', 'radio'] as const) {
            for (const value of [undefined, 'on', 'x', 'b', true, false] as const)
              same(inputProps(field as never, { type, value }), getInputProps(field as never, { type, value }))
          }
          same(selectProps(field as never), getSelectProps(field as never))
          same(textareaProps(field as never), getTextareaProps(field as never))
        }
      }
    })
  }
})
