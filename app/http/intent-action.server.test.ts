import { describe, expect, it } from 'vitest'
import { intent, intentAction } from './intent-action.server'

const handle = () => null

describe('intentAction', () => {
  it('refuses, when a route module loads, a table that differs from action-intents (planted)', () => {
    const listed = ['save', 'zero', 'ledger-add', 'ledger-edit', 'ledger-delete']
    const table = Object.fromEntries(listed.map((name) => [name, intent({ handle })]))
    expect(() => intentAction('/editClaim/:id', table)).not.toThrow()
    const { zero: _zero, ...missing } = table
    expect(() => intentAction('/editClaim/:id', missing)).toThrow(/not served: zero/)
    expect(() => intentAction('/editClaim/:id', { ...table, extra: intent({ handle }) })).toThrow(/not listed: extra/)
    expect(() => intentAction('/no/such/route', { save: intent({ handle }) })).toThrow(/not listed: save/)
  })
})
