import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { CurrentUser } from '#app/auth/guard.server'
import { ConflictError, InvalidError, RuleError } from '#app/domain/errors'
import { intentsOf } from '#app/auth/action-intents'
import { intent, intentAction } from './intent-action.server'

const handle = () => null

/** A page's context without a user (no ability is checked: the abilities are not what these tests are about). */
function contextOf(fields: Record<string, string>, path = '/editContact/1') {
  const request = new Request(`http://localhost${path}`, {
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

  /** The note editor's table (it has families), every intent answering its own name. */
  const editorTable = (overrides: Record<string, ReturnType<typeof intent>> = {}) => ({
    ...Object.fromEntries(
      intentsOf('/editNoteEmail/:id').map((name) => [
        name,
        intent({ handle: ({ intent: sent }) => ({ served: name, sent }) }),
      ]),
    ),
    ...overrides,
  })
  const editor = (fields: Record<string, string>) => contextOf(fields, '/editNoteEmail/1')

  it("serves a family's members, and its bare name (whose handler refuses the missing id)", async () => {
    const run = intentAction('/editNoteEmail/:id', editorTable(), { defaultIntent: 'save' })
    expect(await run(editor({ intent: 'detach:45' }))).toEqual({ served: 'detach:', sent: 'detach:45' })
    expect(await run(editor({ intent: 'detach:' }))).toEqual({ served: 'detach:', sent: 'detach:' })
    expect(await run(editor({ intent: 'add:to:7' }))).toEqual({ served: 'add:', sent: 'add:to:7' })
    const unknown = (await run(editor({ intent: 'detach' }))) as Answer
    expect(unknown.init?.status).toBe(400)
    expect(unknown.data).toMatchObject({ intent: 'detach', error: 'This form cannot be sent here.' })
  })

  it("adds an intent's refused fields to its refusals: the schema's (an InvalidError) and a handler's DomainError", async () => {
    const seen: unknown[] = []
    const refused = ({ error, result }: { error: Error; result?: unknown }) => {
      seen.push([error.constructor.name, error.message, Boolean(result)])
      return { page: 'again', result: undefined }
    }
    const run = intentAction(
      '/editNoteEmail/:id',
      editorTable({
        save: intent({ schema, refused, handle: () => ({ saved: true }) }),
        take: intent({
          refused,
          handle: () => {
            throw new ConflictError({ version: 2 }, 'Someone else saved it.')
          },
        }),
      }),
      { defaultIntent: 'save' },
    )
    const invalid = (await run(editor({}))) as Answer
    expect(invalid.init?.status).toBe(400)
    expect(invalid.data).toMatchObject({ intent: 'save', error: 'Required', page: 'again' })
    expect(invalid.data.result).toBeUndefined()
    const conflict = (await run(editor({ intent: 'take' }))) as Answer
    expect(conflict.init?.status).toBe(409)
    expect(conflict.data).toMatchObject({ intent: 'take', error: 'Someone else saved it.', current: { version: 2 } })
    expect(conflict.data.page).toBe('again')
    expect(seen).toEqual([
      [InvalidError.name, 'Required', true],
      [ConflictError.name, 'Someone else saved it.', false],
    ])
    expect(await run(editor({ name: 'x' }))).toEqual({ saved: true })
  })

  it("caps a page's forms at its maxBytes, with its own message", async () => {
    const run = intentAction('/editNoteEmail/:id', editorTable(), { maxBytes: 100, tooLarge: 'Files must be small.' })
    const thrown = await run(editor({ intent: 'save', note: 'x'.repeat(500) })).catch((error: unknown) => error)
    expect(thrown).toMatchObject({ data: { message: 'Files must be small.' }, init: { status: 413 } })
  })
})
