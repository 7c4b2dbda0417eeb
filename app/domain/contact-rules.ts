import { FIELD_RULES } from './field-rules'
import { cleanName } from './masks'

/**
 * The Add/Edit Contact form's rules (spec 2 §5 Contact) as plain functions: the schema
 * (app/schemas/contact.ts) refuses with them on the server, and the form keeps its Save button
 * disabled while one fails ("Save is disabled unless contact valid, people valid, and something was
 * edited") without sending Zod to the browser. `app/schemas/contact-rules.test.ts` holds them to the
 * schema's answers.
 */
const REQUIRED = 'Required'

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const { email, ext, phone } = FIELD_RULES

const CONTACT: Record<string, (value: string) => string | null> = {
  name1: (value) => (value.trim() === '' ? REQUIRED : value.trim().length > 200 ? 'At most 200 characters' : null),
  sort: (value) =>
    value.trim() === '' ? REQUIRED : value.trim().length > 10 ? 'Sort must be no more than 10 characters' : null,
  email,
  phone: phone('Phone'),
  fax: phone('Fax'),
}

const PERSON: Record<string, (value: string) => string | null> = {
  surname: (value) => (cleanName(value).length > 0 ? null : REQUIRED),
  direct: phone('Direct'),
  ext,
  mobile: phone('Mobile'),
  home: phone('Home'),
  fax: phone('Fax'),
  email,
}

/**
 * Each field's problem as the form stands, by its name in the form (`people[0].surname` for a person
 * row); fields not sent count as blank. `type` is the checked types (one string or several).
 */
export function contactProblems(values: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const [name, rule] of Object.entries(CONTACT)) {
    const problem = rule(text(values[name]))
    if (problem) problems[name] = problem
  }
  const types = Array.isArray(values.type)
    ? values.type
    : values.type === undefined || values.type === ''
      ? []
      : [values.type]
  if (!types.some((type) => text(type).trim() !== '')) problems.type = REQUIRED
  const people = Array.isArray(values.people) ? values.people : []
  people.forEach((row, index) => {
    const person = row && typeof row === 'object' ? (row as Record<string, unknown>) : {}
    for (const [name, rule] of Object.entries(PERSON)) {
      const problem = rule(text(person[name]))
      if (problem) problems[`people[${index}].${name}`] = problem
    }
  })
  return problems
}
