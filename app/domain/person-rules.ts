import { parseLooseDate } from './dates'
import { FIELD_RULES } from './field-rules'
import { cleanName } from './masks'

/**
 * The Edit Person form's rules (spec 2 §5) as plain functions: the schema (app/schemas/person.ts)
 * refuses with them on the server, and the form's client code keeps Save disabled while one fails
 * ("Save enabled only when valid and changed") without sending Zod to the browser.
 * `app/schemas/person-rules.test.ts` holds them to the schema's answers.
 */
export const PERSON_REQUIRED = 'This field is required.'

export const PERSON_RULES = {
  surname: (value: string) => (cleanName(value).length > 0 ? null : PERSON_REQUIRED),
  date: (value: string) => (!value || parseLooseDate(value) !== null ? null : 'Only valid MM-DD-YYYY'),
  ssn: (value: string) => (!value || /^\d{3}-\d{2}-\d{4}$/.test(value) ? null : 'SSN must be XXX-XX-XXXX'),
  hours: (value: string) =>
    !value.trim() || /^\d{1,4}(\.\d{1,2})?$/.test(value.trim()) ? null : 'Hours must be a number',
  ...FIELD_RULES,
}

const FIELDS: Record<string, (value: string) => string | null> = {
  surname: PERSON_RULES.surname,
  born: PERSON_RULES.date,
  licensed: PERSON_RULES.date,
  hired: PERSON_RULES.date,
  ssn: PERSON_RULES.ssn,
  hours: PERSON_RULES.hours,
  email: PERSON_RULES.email,
  ext: PERSON_RULES.ext,
  direct: PERSON_RULES.phone('Phone'),
  fax: PERSON_RULES.phone('Fax'),
  mobile: PERSON_RULES.phone('Mobile'),
  home: PERSON_RULES.phone('Home'),
}

/** Each field's problem as the form stands (fields not sent count as blank). */
export function personProblems(values: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const [name, rule] of Object.entries(FIELDS)) {
    const value = values[name]
    const problem = rule(typeof value === 'string' ? value : '')
    if (problem) problems[name] = problem
  }
  return problems
}
