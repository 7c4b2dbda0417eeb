import { describe, expect, it } from 'vitest'
import { getPolicy, type PolicyRow } from '#app/models/policy.server'
import * as editPolicyPage from '#app/routes/editPolicy.$id'
import * as viewPolicyPage from '#app/routes/ViewPolicy.$id'
import { testDb } from './db'
import { makeFirmPolicy } from './factories'
import { get, post, signedIn, type FormFields } from './route-calls'

/**
 * The policy editor's and viewer's route modules on the real database (issue 23 item 6): the loader,
 * every intent of the editor's table (refusals, the form's 400 with its summary, the lost race's 409
 * with the current policy, the Book question, redirects with their snackbar), the viewer's 404.
 */

const FIX = 'Please correct the fields marked below.'
const DENIED = 'You do not have permission to view this page'

const as = signedIn('admin', 'underwriter', 'readonly')

/** A Quote of the first program on a new firm ($1,000.00 premium unless given). */
const newPolicy = async (overrides: { premium?: string } = {}) => (await makeFirmPolicy(testDb(), overrides)).policy

const at = (pid: number) => ({ path: `/editPolicy/${pid}`, params: { id: String(pid) } })
/** A POST of the policy editor's form (an intent and its fields) as `cookie`'s user. */
const postEditor = (cookie: string | null, pid: number, fields: FormFields) =>
  post(editPolicyPage, cookie, at(pid).path, at(pid).params, fields)
/** The Edit Policy panel's form as the page posts it for a policy made by newPolicy, with changes typed. */
const editForm = (policy: PolicyRow, fields: Record<string, string> = {}) => ({
  version: String(policy.version),
  status: policy.status,
  prid: String(policy.prid),
  insured: policy.insured ?? '',
  prodname: policy.prodname ?? '',
  zip: policy.zip ?? '',
  incept: '3-1-2025',
  expiry: '3-1-2026',
  limits: '1M',
  deduc: '5K',
  premium: '1000.00',
  ...fields,
})

/** The editor's Save of a policy made by newPolicy, with changes typed into its form. */
const saveForm = (cookie: string | null, policy: PolicyRow, typed: Record<string, string> = {}) =>
  postEditor(cookie, policy.pid, { intent: 'policy-save', ...editForm(policy, typed) })

describe('the policy editor (/editPolicy/:id)', () => {
  it('loads the policy, its options, ledger, programs, lists and rights', async () => {
    const policy = await newPolicy()
    const { path, params } = at(policy.pid)
    const page = await get(editPolicyPage, as.underwriter, `${path}?fees=1`, params)
    expect(page.status).toBe(200)
    expect(page.body.policy).toMatchObject({ pid: policy.pid, premium: '1000.00' })
    expect(page.body.showFees).toBe(true)
    expect(page.body.can).toEqual({ edit: true, deleteOption: false, upload: true })
    expect((page.body.programs as unknown[]).length).toBeGreaterThan(0)
  })

  it("answers a bad or unknown policy id with the spec's 404 'Failed to get Policy'", async () => {
    for (const id of ['x1', '999999999']) {
      const page = await get(editPolicyPage, as.underwriter, `/editPolicy/${id}`, { id })
      expect(page.status, id).toBe(404)
      expect(page.body.message, id).toBe('Failed to get Policy')
    }
  })

  it('sends the anonymous to sign in and a user without policy-edit away, for the page and its forms', async () => {
    const policy = await newPolicy()
    const { path, params } = at(policy.pid)
    const anonymous = await saveForm(null, policy)
    expect(anonymous.status).toBe(302)
    expect(anonymous.location).toMatch(/^\/login\?redirectTo=/)
    for (const answer of [await get(editPolicyPage, as.readonly, path, params), await saveForm(as.readonly, policy)]) {
      expect(answer.status).toBe(302)
      expect(answer.location).toBe('/')
    }
    expect((await getPolicy(testDb(), policy.pid))?.version).toBe(policy.version)
  })

  it('saves on the version read, with the snackbar', async () => {
    const policy = await newPolicy()
    const { path } = at(policy.pid)
    const saved = await saveForm(as.underwriter, policy, { premium: '2500.50', zip: '80202', quoted: '3-5-2025' })
    expect(saved.status).toBe(302)
    expect(saved.location).toBe(path)
    expect(saved.flash).toEqual({ message: 'Policy changes have been saved', kind: 'success' })
    expect(await getPolicy(testDb(), policy.pid)).toMatchObject({
      premium: '2500.50',
      zip: '80202',
      quoted: '2025-03-05',
    })
  })

  it("refuses a bad field with 400, the screen's summary and the field's own message", async () => {
    const policy = await newPolicy()
    const refused = await saveForm(as.underwriter, policy, { quoted: '13-45-2025', premium: '-3' })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ intent: 'policy-save', error: FIX })
    const errors = (refused.body.result as { error: Record<string, string[]> }).error
    expect(errors.quoted).toEqual(['Must be M-D-YYYY'])
    expect(errors.premium).toEqual(['Must be greater than or equal to 0'])
    expect((await getPolicy(testDb(), policy.pid))?.version).toBe(policy.version)
  })

  it('answers a lost race with 409, the conflict message and the current policy', async () => {
    const policy = await newPolicy()
    const first = await saveForm(as.underwriter, policy, { premium: '22222' })
    expect(first.status).toBe(302)
    const late = await saveForm(as.admin, policy, { premium: '11111' })
    expect(late.status).toBe(409)
    expect(late.body.intent).toBe('policy-save')
    expect(typeof late.body.error).toBe('string')
    expect(late.body.current).toMatchObject({ pid: policy.pid, premium: '22222.00', version: policy.version + 1 })
    expect((await getPolicy(testDb(), policy.pid))?.premium).toBe('22222.00')
  })

  it('books: straight away when nothing changed; with unsaved changes the Book question, then each answer', async () => {
    const clean = await newPolicy()
    const booked = await postEditor(as.underwriter, clean.pid, {
      intent: 'policy-book',
      ...editForm(clean, { premium: '1000' }),
    })
    expect(booked.status).toBe(302)
    expect(booked.flash).toEqual({ message: 'Policy was booked.', kind: 'success' })
    expect((await getPolicy(testDb(), clean.pid))?.status).toBe('Book')

    const policy = await newPolicy()
    const typed = editForm(policy, { premium: '1500' })
    const asked = await postEditor(as.underwriter, policy.pid, { intent: 'policy-book', ...typed })
    expect(asked.status).toBe(200)
    expect(asked.body).toMatchObject({ intent: 'policy-book', bookConfirm: true })
    expect(asked.body.values).toMatchObject({ premium: '1500', version: String(policy.version) })
    expect((await getPolicy(testDb(), policy.pid))?.status).toBe('Quote')

    const cancelled = await postEditor(as.underwriter, policy.pid, {
      intent: 'policy-book-cancel',
      ...typed,
    })
    // The form again with what was typed, no dialog, and nothing saved or booked.
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({
      intent: 'policy-book-cancel',
      result: { initialValue: expect.objectContaining({ premium: '1500', version: String(policy.version) }) },
    })
    expect(cancelled.body).not.toHaveProperty('bookConfirm')
    expect(await getPolicy(testDb(), policy.pid)).toMatchObject({ version: policy.version, status: 'Quote' })

    const savedAndBooked = await postEditor(as.underwriter, policy.pid, {
      intent: 'policy-save-book',
      ...typed,
    })
    expect(savedAndBooked.status).toBe(302)
    expect(savedAndBooked.flash?.message).toBe('Policy was booked.')
    expect(await getPolicy(testDb(), policy.pid)).toMatchObject({ status: 'Book', premium: '1500.00' })

    const other = await newPolicy()
    const only = await postEditor(as.underwriter, other.pid, {
      intent: 'policy-book-only',
      version: String(other.version),
    })
    expect(only.status).toBe(302)
    expect(await getPolicy(testDb(), other.pid)).toMatchObject({ status: 'Book', premium: '1000.00' })
    const noVersion = await postEditor(as.underwriter, other.pid, {
      intent: 'policy-book-only',
    })
    expect(noVersion.status).toBe(400)
    expect(noVersion.body.error).toBe(FIX)
  })

  it('saves the text fields to the policy and to its group, and adds a copy to the group', async () => {
    const policy = await newPolicy()
    const copied = await postEditor(as.underwriter, policy.pid, {
      intent: 'policy-group-copy',
      version: String(policy.version),
      limits: '2M',
      deduc: '10K',
      premium: '1800',
    })
    expect(copied.status).toBe(302)
    expect(copied.flash?.message).toBe('Policy was added to the group.')
    const grouped = (await getPolicy(testDb(), policy.pid))!
    expect(grouped.grpnum).toBeGreaterThan(0)

    const missing = await postEditor(as.underwriter, policy.pid, {
      intent: 'policy-group-copy',
      version: String(grouped.version),
      limits: '',
      deduc: '10K',
      premium: '1800',
    })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe(FIX)
    expect((missing.body.result as { error: Record<string, string[]> }).error.limits).toBeDefined()

    const text = await postEditor(as.underwriter, policy.pid, {
      intent: 'policy-text',
      version: String(grouped.version),
      forms: 'FPL-100',
    })
    expect(text.flash?.message).toBe('Policy changes have been saved')
    const afterText = (await getPolicy(testDb(), policy.pid))!
    expect(afterText.forms).toBe('FPL-100')
    const toGroup = await postEditor(as.underwriter, policy.pid, {
      intent: 'policy-text-group',
      version: String(afterText.version),
      forms: 'FPL-200 group',
    })
    expect(toGroup.flash?.message).toBe('Text fields have been saved to group')
  })

  it("deletes another option of the group as group admin only; anything else is refused or 'Failed to get Policy'", async () => {
    const policy = await newPolicy()
    const { path, params } = at(policy.pid)
    await postEditor(as.admin, policy.pid, {
      intent: 'policy-group-copy',
      version: String(policy.version),
      limits: '2M',
      deduc: '10K',
      premium: '1800',
    })
    const page = await get(editPolicyPage, as.admin, path, params)
    const [option] = page.body.options as { pid: number; version: number }[]
    const form = { intent: 'policy-delete-option', option: String(option.pid), version: String(option.version) }

    const refused = await postEditor(as.underwriter, policy.pid, form)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ intent: 'policy-delete-option', error: DENIED })
    const self = await postEditor(as.admin, policy.pid, { ...form, option: String(policy.pid) })
    expect(self.status).toBe(404)
    expect(self.body.error).toBe('Failed to get Policy')
    const stranger = await newPolicy()
    const elsewhere = await postEditor(as.admin, policy.pid, { ...form, option: String(stranger.pid) })
    expect(elsewhere.status).toBe(404)

    const deleted = await postEditor(as.admin, policy.pid, form)
    expect(deleted.status).toBe(302)
    expect(deleted.flash?.message).toBe('Policy has been deleted.')
    expect(await getPolicy(testDb(), option.pid)).toBeNull()
  })

  it('uploads a policy file with the upload rules; a type the user may not give is refused', async () => {
    const policy = await newPolicy()
    const { path, params } = at(policy.pid)
    const file = new File(['%PDF-1.4 policy'], 'policy.pdf', { type: 'application/pdf' })
    // A multipart form (the fields hold a File), as the editor's upload posts it.
    const upload = (type: string) =>
      postEditor(as.underwriter, policy.pid, { intent: 'policy-file-upload', file, description: 'The policy', type })
    const refused = await upload('Admin')
    expect(refused.status).toBe(403)
    expect(refused.body.intent).toBe('policy-file-upload')
    expect(await get(editPolicyPage, as.underwriter, path, params)).toMatchObject({ body: { files: [] } })

    const uploaded = await upload('Other')
    expect(uploaded.status).toBe(302)
    expect(uploaded.flash?.message).toBe('File uploaded.')
    const page = await get(editPolicyPage, as.underwriter, path, params)
    expect((page.body.files as { filename: string }[]).map((row) => row.filename)).toEqual(['policy.pdf'])
  })

  it('answers an intent the page does not serve with 400', async () => {
    const policy = await newPolicy()
    const unknown = await postEditor(as.underwriter, policy.pid, { intent: 'policy-nothing' })
    expect(unknown).toMatchObject({
      status: 400,
      body: { intent: 'policy-nothing', error: 'This form cannot be sent here.' },
    })
  })
})

describe('the policy view (/ViewPolicy/:id)', () => {
  it('shows the policy read-only to a user with firm-view but no policy-edit (readonly)', async () => {
    const policy = await newPolicy()
    const page = await get(viewPolicyPage, as.readonly, `/ViewPolicy/${policy.pid}`, { id: String(policy.pid) })
    expect(page.status).toBe(200)
    expect(page.body.policy).toMatchObject({ pid: policy.pid })
    expect(page.body.can).toMatchObject({ edit: false })
  })

  it("answers a bad or unknown policy id with the spec's 404 'Failed to get Policy'", async () => {
    for (const id of ['0', 'abc', '999999999']) {
      const page = await get(viewPolicyPage, as.readonly, `/ViewPolicy/${id}`, { id })
      expect(page.status, id).toBe(404)
      expect(page.body.message, id).toBe('Failed to get Policy')
    }
  })

  it('has no forms', async () => {
    const policy = await newPolicy()
    expect((viewPolicyPage as { action?: unknown }).action).toBeUndefined()
    const page = await get(viewPolicyPage, null, `/ViewPolicy/${policy.pid}`, { id: String(policy.pid) })
    expect(page.location).toMatch(/^\/login\?redirectTo=/)
  })
})
