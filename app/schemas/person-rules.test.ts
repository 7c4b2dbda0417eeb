import { describe, expect, it } from 'vitest'
import { personFormSchema } from './person'
import { personProblems } from '#app/domain/person-rules'

/** The schema's first message per field, as the server answers a form. */
function schemaProblems(values: Record<string, string>): Record<string, string> {
  const parsed = personFormSchema.safeParse({ ...values, version: '1' })
  const problems: Record<string, string> = {}
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0])
    problems[field] ??= issue.message
  }
  return problems
}

const SAMPLES: Record<string, string>[] = [
  { surname: 'Zed' },
  { surname: '' },
  { surname: '   ' },
  { surname: 'Zed', born: '13-45-2020', licensed: '2-29-2024', hired: '2020-01-01' },
  { surname: 'Zed', born: '3-5-1980', licensed: '12/31/2020', hired: '02-29-2023' },
  { surname: 'Zed', ssn: '12-34' },
  { surname: 'Zed', ssn: '123-45-6789' },
  { surname: 'Zed', ssn: '123456789' },
  { surname: 'Zed', hours: '40' },
  { surname: 'Zed', hours: '12345' },
  { surname: 'Zed', hours: '7.5', email: 'bad@' },
  { surname: 'Zed', email: 'ann@example.com' },
  { surname: 'Zed', email: '  ' },
  { surname: 'Zed', ext: '12a' },
  { surname: 'Zed', ext: '12345678901' },
  { surname: 'Zed', ext: '1234' },
  { surname: 'Zed', direct: '(303) 555-01', fax: '3035550100', mobile: '555', home: '(303) 555-0100' },
  { surname: '', born: 'x', ssn: 'x', hours: 'x', email: 'x', ext: 'x', direct: '1', fax: '1', mobile: '1', home: '1' },
]

describe('person rules', () => {
  it.each(SAMPLES.map((values) => [JSON.stringify(values), values] as const))(
    'say what the schema says: %s',
    (_, values) => {
      expect(personProblems(values)).toEqual(schemaProblems(values))
    },
  )
})
