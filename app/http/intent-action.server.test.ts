import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { CurrentUser } from '#app/auth/guard.server'
import { RuleError } from '#app/domain/errors'
import { intent, intentAction } from './intent-action.server'

const handle = () => null

/** A page's context without a user (no ability is checked: the abilities are not what these tests are about). */
function contextOf(fields: Record<string, string>) {
  const request = new Request('http://localhost/editContact/1', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
  return { request, params: { id: '1' }, url: new URL(request.url), user: null as unknown as CurrentUser, ids: {} }
}
type Answer = { data: Record<string, unknown>; init?: ResponseInit | null }

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

  const schema = z.object({ name: z.string({ error: 'Required' }), rows: z.array(z.string()).optional() })
  const contactTable = (save: () => unknown) => ({
    save: intent({ schema, handle: save }),
    delete: intent({ handle }),
    unlink: intent({ handle }),
  })

  it('answers a Conform control intent (a row added without JavaScript) with the form again, not a refusal', async () => {
    const run = intentAction('/editContact/:id', contactTable(handle), { defaultIntent: 'save' })
    const insert = JSON.stringify({ type: 'insert', payload: { name: 'rows' } })
    const answer = (await run(contextOf({ __intent__: insert }))) as Answer
    expect(answer.init?.status ?? 200).toBe(200)
    expect(answer.data).toMatchObject({ intent: 'save', result: { initialValue: { rows: [undefined] } } })
    expect(answer.data).not.toHaveProperty('error')
    const refused = (await run(contextOf({}))) as Answer
    expect(refused.init?.status).toBe(400)
    expect(refused.data).toMatchObject({ intent: 'save', error: 'Required' })
  })

  it("marks the field a handler's DomainError names, whatever its status", async () => {
    const run = intentAction(
      '/editContact/:id',
      contactTable(() => {
        throw new RuleError('You may see only your own hours.', 403, { field: 'name' })
      }),
      { defaultIntent: 'save' },
    )
    const answer = (await run(contextOf({ name: 'someone' }))) as Answer
    expect(answer.init?.status).toBe(403)
    expect(answer.data).toMatchObject({
      intent: 'save',
      error: 'You may see only your own hours.',
      result: { error: { name: ['You may see only your own hours.'] } },
    })
  })
})
