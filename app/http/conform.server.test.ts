import { describe, expect, it } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { parseForm } from './conform.server'

const schema = z.object({
  clid: z.string().regex(/^\d+$/, 'digits'),
  people: z.array(z.object({ name: z.string() })).optional(),
})
const query = (text: string) => new URLSearchParams(text)

describe('parseForm (issue 10 review: a crafted Conform field answered 500)', () => {
  it.each([
    'clid=1&__state__=x',
    'clid=1&__intent__=x',
    'clid=1&__intent__=%7B%7D',
    'clid=1&__intent__=%7B%22type%22%3A%22nope%22%7D',
  ])('reads %s as the form without Conform’s fields', (text) => {
    // Conform itself throws on these (the 500 this helper prevents) …
    expect(() => parseWithZod(query(text), { schema })).toThrow()
    // … parseForm parses the rest with the schema.
    const submission = parseForm(query(text), { schema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value.clid).toBe('1')
  })

  it('still refuses bad fields with the schema’s message, and a FormData works the same', () => {
    const form = new FormData()
    form.append('clid', 'x')
    form.append('__state__', '{')
    const submission = parseForm(form, { schema })
    expect(submission.status).toBe('error')
    expect(submission.reply().error).toEqual({ clid: ['digits'] })
  })

  it('keeps a real Conform intent (the contact form adds and removes people rows with them)', () => {
    const form = new FormData()
    form.append('clid', '1')
    form.append('people[0].name', 'Ann')
    form.append(
      '__intent__',
      JSON.stringify({ type: 'insert', payload: { name: 'people', defaultValue: { name: '' } } }),
    )
    const submission = parseForm(form, { schema })
    // An intent is not a submission: Conform answers it without a value, and its payload has the new row.
    expect(submission.status).toBeUndefined()
    expect((submission.payload.people as unknown[]).length).toBe(2)
  })
})
