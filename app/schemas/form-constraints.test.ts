import { describe, expect, it } from 'vitest'
import { FORM_CONSTRAINTS } from '#app/domain/form-constraints'
import { formConstraints } from './form-constraints'

describe('generated form constraints', () => {
  it('match the schemas (after a schema change run `npm run form-constraints`)', () => {
    expect(JSON.parse(JSON.stringify(FORM_CONSTRAINTS))).toEqual(JSON.parse(JSON.stringify(formConstraints())))
  })

  it('never ask the browser to tick a checkbox', () => {
    expect(FORM_CONSTRAINTS.preferences.noTooltips.required).toBe(false)
    expect(FORM_CONSTRAINTS.preferences.dense.required).toBe(false)
  })
})
