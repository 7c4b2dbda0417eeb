import { describe, expect, it } from 'vitest'
import { constraints as preferencesConstraints } from '#app/domain/form-constraints/preferences'
import { formConstraints } from './form-constraints'

// Every generated module, by its form's name (claims-search.ts → claimsSearch).
const generated = Object.fromEntries(
  Object.entries(import.meta.glob<{ constraints: unknown }>('../domain/form-constraints/*.ts', { eager: true })).map(
    ([file, module]) => [
      file
        .replace(/^.*\//, '')
        .replace(/\.ts$/, '')
        .replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      module.constraints,
    ],
  ),
)

describe('generated form constraints', () => {
  it('match the schemas, one module per form (after a schema change run `npm run form-constraints`)', () => {
    expect(JSON.parse(JSON.stringify(generated))).toEqual(JSON.parse(JSON.stringify(formConstraints())))
  })

  it('never ask the browser to tick a checkbox', () => {
    expect(preferencesConstraints.noTooltips.required).toBe(false)
    expect(preferencesConstraints.dense.required).toBe(false)
  })
})
