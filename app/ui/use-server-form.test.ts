import { describe, expect, it } from 'vitest'
import { formIdFor, textDefaults } from './use-server-form'

describe('textDefaults', () => {
  it('gives a record as text: null blank, phones masked, nested values left to the form', () => {
    expect(
      textDefaults(
        { fid: 7, sort: 'Acme', note: null, phone: '3035551234', fax: '123', people: [{ plid: 1 }], when: new Date(0) },
        ['phone', 'fax'],
      ),
    ).toEqual({
      fid: '7',
      sort: 'Acme',
      note: '',
      phone: '(303) 555-1234',
      fax: '123',
    })
  })
})

describe('formIdFor', () => {
  it('changes with the values and stays a valid HTML id whatever was typed', () => {
    const a = formIdFor('jobs-search', { jq: 'smith & sons' })
    expect(a).toMatch(/^jobs-search-[0-9a-z]+$/)
    expect(formIdFor('jobs-search', { jq: 'smith & sons' })).toBe(a)
    expect(formIdFor('jobs-search', { jq: 'smith and sons' })).not.toBe(a)
    expect(formIdFor('jobs-search', { jq: undefined })).toBe(formIdFor('jobs-search', { jq: '' }))
  })
})
