import { describe, expect, it } from 'vitest'
import { contactFormSchema } from './contact'
import { contactProblems } from '#app/domain/contact-rules'

/** The schema's first message per field, named as the form names it (people[0].surname). */
function schemaProblems(values: Record<string, unknown>): Record<string, string> {
  const parsed = contactFormSchema.safeParse(values)
  const problems: Record<string, string> = {}
  for (const issue of parsed.error?.issues ?? []) {
    const [first, index, field] = issue.path
    const name = first === 'people' ? `people[${String(index)}].${String(field)}` : String(first)
    problems[name] ??= issue.message
  }
  return problems
}

const VALID = { name1: 'Anchor Adjusting', sort: 'ANCHOR', type: 'Adjuster' }

const SAMPLES: Record<string, unknown>[] = [
  VALID,
  {},
  { ...VALID, name1: '   ' },
  { ...VALID, sort: 'ELEVENCHARS' },
  { ...VALID, sort: '' },
  { ...VALID, type: [] },
  { ...VALID, type: ['Adjuster', 'Panel Counsel'] },
  { ...VALID, email: 'x@y' },
  { ...VALID, email: 'ann@example.com', phone: '(303) 555-01', fax: '3035550100' },
  { ...VALID, phone: '(303) 555-0100', fax: '555' },
  { ...VALID, people: [{ surname: 'Lee' }] },
  {
    ...VALID,
    people: [
      { surname: '' },
      { surname: 'Ok', direct: '1', ext: '12a', mobile: '(303) 555-0100', home: '12', fax: '3', email: 'bad' },
    ],
  },
  { ...VALID, people: [{ surname: 'Ok', ext: '12345678901' }] },
  { name1: '', sort: 'WAYTOOLONGSORT', email: 'x', phone: '1', fax: '1', people: [{ surname: ' ', email: 'x' }] },
]

describe('contact rules', () => {
  it.each(SAMPLES.map((values) => [JSON.stringify(values), values] as const))(
    'say what the schema says: %s',
    (_, values) => {
      expect(contactProblems(values)).toEqual(schemaProblems(values))
    },
  )
})
