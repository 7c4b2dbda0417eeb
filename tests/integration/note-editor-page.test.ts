import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { resetConfig } from '#app/config.server'
import { people, tranlogs, userAcls, users } from '#app/db/schema'
import { DESCRIPTION_REQUIRED } from '#app/domain/files'
import { EMAIL_MESSAGES } from '#app/domain/email'
import { NOTE_MESSAGES } from '#app/domain/notes'
import type { EditorView } from '#app/features/note-editor/types'
import { uploadFirmFiles } from '#app/models/file.server'
import { createNote, getNote, noteFiles, noteRecipientsOf, updateNote, type Actor } from '#app/models/note.server'
import * as EditNoteEmail from '#app/routes/EditNoteEmail.$id/route'
import * as editNoteEmail from '#app/routes/editNoteEmail.$id'
import * as noteFilesApi from '#app/routes/api.notes.$id.files'
import * as recipientsApi from '#app/routes/api.recipients.$nid'
import * as userAclsApi from '#app/routes/api.users.$id.acls'
import { startSmtpServer, type TestSmtpServer } from '../support/smtp'
import { testDb } from './db'
import { cookieFor, get, post, userWithoutScopes, userWithScopes, type Answer } from './route-calls'

/**
 * The Note/Email editor through its route modules (pageRoute, the intent table run by intentAction)
 * on the real database: the loader's ownership rules and its 404, the guard, each intent's refusal
 * (the one 403 shape), the validation answers with the spec's messages, the 409 with the current note,
 * give and take, the file and recipient families, and Send through a real SMTP server in this process.
 */

const FID = 1020
const NO_SUCH_NOTE = 2147480000
const REFUSED_DOMAIN = 'refused.example'
const editor = (nid: number, query = '') => `/editNoteEmail/${nid}${query}`
const params = (nid: number | string) => ({ id: String(nid) })
const CROSS_SITE = { 'Sec-Fetch-Site': 'cross-site' }

let smtp: TestSmtpServer
const smtpBefore = process.env.SMTP_URL
let cookies: Record<'underwriter' | 'mkent' | 'admin' | 'readonly' | 'writer' | 'noScopes', string>
const actors: Record<string, Actor> = {}

async function actor(username: string, isAdmin = false): Promise<Actor> {
  const [row] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, username))
  return { id: row.id, username, isAdmin }
}

beforeAll(async () => {
  smtp = await startSmtpServer({ rejectDomains: [REFUSED_DOMAIN] })
  process.env.SMTP_URL = smtp.url
  resetConfig()
  // note-edit without email-send or firmfile-upload; and a user with no scopes at all.
  const writer = await userWithScopes('editor.writer', ['firm-view', 'note-edit'])
  const noScopes = await userWithoutScopes('editor.noscopes')
  const names = ['underwriter', 'mkent', 'admin', 'readonly'] as const
  const [underwriter, mkent, admin, readonly] = await Promise.all(names.map(cookieFor))
  cookies = { underwriter, mkent, admin, readonly, writer, noScopes }
  for (const name of ['underwriter', 'mkent', 'editor.writer']) actors[name] = await actor(name)
  actors.admin = await actor('admin', true)
  // underwriter may give notes to mkent (the For list is the user's ACL).
  const [acl] = await testDb()
    .select()
    .from(userAcls)
    .where(and(eq(userAcls.userId, actors.underwriter.id), eq(userAcls.allowedUserId, actors.mkent.id)))
  if (!acl) await testDb().insert(userAcls).values({ userId: actors.underwriter.id, allowedUserId: actors.mkent.id })
})

afterAll(async () => {
  if (smtpBefore === undefined) delete process.env.SMTP_URL
  else process.env.SMTP_URL = smtpBefore
  resetConfig()
  await smtp.close()
})

beforeEach(() => smtp.clear())

const newNote = async (owner = 'underwriter') => (await createNote(testDb(), { fid: FID }, actors[owner])).nid
const viewOf = (answer: Answer) => answer.body as unknown as EditorView
const answerView = (answer: Answer) => answer.body.view as EditorView

/** Opens the editor as `who` from the app itself (same-origin), as the browser does. */
async function open(nid: number, who: keyof typeof cookies = 'underwriter', query = '') {
  const answer = await get(editNoteEmail, cookies[who], editor(nid, query), params(nid), {
    'Sec-Fetch-Site': 'same-origin',
  })
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200)
  return viewOf(answer)
}

/** The editor's form as the page sends it (multipart, every field), with `fields` changed. */
function formOf(view: EditorView, intent: string, fields: Record<string, string | string[]> = {}): FormData {
  const values = view.values
  const all: Record<string, string | string[]> = {
    intent,
    version: String(view.note.version),
    dated: values.dated,
    type: values.type,
    status: values.status,
    staff: values.staff,
    pid: values.pid,
    signer: values.signer,
    to: values.to,
    re: values.re,
    note: values.note,
    html: values.html ? '1' : '0',
    attach: 'on',
    letter: values.letter,
    rq: '',
    rcpt: view.recipients.map((row) => String(row.plid)),
    rcptTo: view.recipients.filter((row) => row.to).map((row) => String(row.plid)),
    ...fields,
  }
  const form = new FormData()
  for (const [name, value] of Object.entries(all))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one)
  return form
}

const submit = (nid: number, who: keyof typeof cookies, form: FormData, query = '') =>
  post(editNoteEmail, cookies[who], editor(nid, query), params(nid), form)

async function firmPerson(withEmail: boolean) {
  if (!withEmail) {
    const [row] = await testDb().insert(people).values({ fid: FID, given: 'Nomail', surname: 'Editortest' }).returning()
    return row
  }
  const [row] = await testDb()
    .select()
    .from(people)
    .where(sql`${people.fid} = ${FID} AND ${people.email} LIKE '%@%'`)
    .limit(1)
  return row
}

describe('opening the editor (loader)', () => {
  it("answers the spec's load-failed 404 for an unknown or malformed id, on both addresses", async () => {
    for (const [module, path, id] of [
      [editNoteEmail, editor(NO_SUCH_NOTE), String(NO_SUCH_NOTE)],
      [editNoteEmail, '/editNoteEmail/abc', 'abc'],
      [EditNoteEmail, `/EditNoteEmail/${NO_SUCH_NOTE}`, String(NO_SUCH_NOTE)],
    ] as const) {
      const answer = await get(module, cookies.underwriter, path, { id })
      expect(answer, path).toMatchObject({ status: 404, body: { message: NOTE_MESSAGES.loadFailed } })
    }
  })

  it('sends anonymous users to sign in, and a reader without firm-view home (the API refuses them too)', async () => {
    const nid = await newNote()
    const anonymous = await get(editNoteEmail, null, editor(nid), params(nid))
    expect(anonymous.status).toBe(302)
    expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent(editor(nid))}`)
    for (const module of [editNoteEmail, EditNoteEmail]) {
      const refused = await get(module, cookies.noScopes, editor(nid), params(nid))
      expect(refused).toMatchObject({ status: 302, location: '/' })
    }
    const posted = await post(editNoteEmail, null, editor(nid), params(nid), { intent: 'save' })
    expect(posted.status).toBe(302)
    expect(posted.location).toMatch(/^\/login\?redirectTo=/)
  })

  it('takes a note not in your name for a same-origin GET, and only shows it (with Take) for a cross-site one', async () => {
    const crossSite = await newNote('mkent')
    const shown = viewOf(
      await get(editNoteEmail, cookies.underwriter, editor(crossSite), params(crossSite), CROSS_SITE),
    )
    expect(shown).toMatchObject({ mode: 'read', can: { take: true }, dialog: { kind: 'takeHere', owner: 'mkent' } })
    expect((await getNote(testDb(), crossSite, actors.underwriter))!.staff).toBe('mkent')

    const sameOrigin = await newNote('mkent')
    const taken = await open(sameOrigin)
    expect(taken).toMatchObject({ mode: 'edit', note: { staff: 'underwriter' }, dialog: null })
    expect((await getNote(testDb(), sameOrigin, actors.underwriter))!.tasks).toMatch(/underwriter: took from mkent/)
  })

  it('read-only without note-edit; an admin is asked before taking; a closed note of someone else is not taken', async () => {
    const nid = await newNote()
    expect(await open(nid, 'readonly')).toMatchObject({
      mode: 'read',
      can: { take: false, send: false },
      dialog: { kind: 'notInYourName', text: NOTE_MESSAGES.ownerHasNote('underwriter') },
    })
    expect(await open(nid, 'admin')).toMatchObject({ mode: 'edit', dialog: { kind: 'take', owner: 'underwriter' } })
    expect((await getNote(testDb(), nid, actors.admin))!.staff).toBe('underwriter')

    const closed = await newNote('mkent')
    const note = (await getNote(testDb(), closed, actors.mkent))!
    await updateNote(testDb(), closed, note.version, { status: 'done' }, actors.mkent)
    expect(await open(closed)).toMatchObject({ mode: 'read', dialog: { kind: 'notInYourName' }, can: { take: false } })
    expect((await getNote(testDb(), closed, actors.underwriter))!.staff).toBe('mkent')
  })
})

describe('refusals of the intents (the one 403 shape)', () => {
  it('refuses every intent to a user without note-edit, whatever the form', async () => {
    const nid = await newNote()
    const view = await open(nid)
    for (const intent of ['save', 'take', 'edit', 'template', 'detach:1', 'detach:', 'add:to:1', 'remove:1', 'send']) {
      const answer = await submit(nid, 'readonly', formOf(view, intent))
      expect(answer, intent).toMatchObject({
        status: 403,
        body: { intent, error: 'You do not have permission to edit notes.' },
      })
    }
    expect((await getNote(testDb(), nid, actors.underwriter))!.version).toBe(view.note.version)
  })

  it('refuses send without email-send and upload without firmfile-upload; an unknown intent is 400', async () => {
    const nid = await newNote('editor.writer')
    const view = await open(nid, 'writer')
    const send = await submit(nid, 'writer', formOf(view, 'send-confirmed', { to: 'a@client.example', note: 'Hi' }))
    expect(send).toMatchObject({ status: 403, body: { error: 'You do not have permission to send email.' } })
    const upload = await submit(nid, 'writer', formOf(view, 'upload'))
    expect(upload).toMatchObject({ status: 403, body: { error: 'You do not have permission to upload files.' } })
    const unknown = await submit(nid, 'writer', formOf(view, 'publish'))
    expect(unknown).toMatchObject({ status: 400, body: { intent: 'publish', error: 'This form cannot be sent here.' } })
    expect(smtp.messages).toHaveLength(0)
  })

  it("refuses a note shown read-only (someone else's), and one given away, with the page as sent", async () => {
    const nid = await newNote('mkent')
    const view = viewOf(await get(editNoteEmail, cookies.underwriter, editor(nid), params(nid), CROSS_SITE))
    const save = await submit(nid, 'underwriter', formOf(view, 'save', { re: 'Not mine' }))
    expect(save).toMatchObject({ status: 403, body: { intent: 'save', error: NOTE_MESSAGES.ownerHasNote('mkent') } })
    expect(answerView(save)).toMatchObject({
      mode: 'read',
      values: { re: 'Not mine' },
      alert: { kind: 'error', text: NOTE_MESSAGES.ownerHasNote('mkent') },
    })
    expect((await getNote(testDb(), nid, actors.underwriter))!.re).not.toBe('Not mine')
  })
})

describe('validation answers (400, the spec’s messages, the form as sent)', () => {
  it('marks a refused address at its field and keeps every typed value; nothing is saved', async () => {
    const nid = await newNote()
    const view = await open(nid)
    const answer = await submit(nid, 'underwriter', formOf(view, 'save', { re: 'Kept', to: 'a@b.example, nope' }))
    const message = EMAIL_MESSAGES.invalidAddress('nope')
    expect(answer).toMatchObject({ status: 400, body: { intent: 'save', error: message } })
    const shown = answerView(answer)
    expect(shown.values).toMatchObject({ re: 'Kept', to: 'a@b.example, nope' })
    expect(shown.result?.error).toMatchObject({ to: [message] })
    // The typed body is sent back once (in the view), not again in Conform's reply.
    expect(shown.result).not.toHaveProperty('initialValue')
    expect(answer.body.result).not.toHaveProperty('initialValue')
    expect((await getNote(testDb(), nid, actors.underwriter))!.re).toBe('NEW NOTE')
  })

  it('a template needs one chosen; Send names what is missing, and a From who may not sign', async () => {
    const nid = await newNote()
    const view = await open(nid)
    const template = await submit(nid, 'underwriter', formOf(view, 'template', { letter: '' }))
    expect(template).toMatchObject({ status: 400, body: { error: 'Choose a letter template.' } })
    expect(answerView(template).result?.error).toMatchObject({ letter: ['Choose a letter template.'] })

    const missing = await submit(nid, 'underwriter', formOf(view, 'send', { to: '', note: 'Body' }))
    expect(missing).toMatchObject({ status: 400, body: { error: NOTE_MESSAGES.missingFields } })
    expect(answerView(missing)).toMatchObject({ dialog: { kind: 'missing' }, alert: null, values: { note: 'Body' } })

    const from = await submit(
      nid,
      'underwriter',
      formOf(view, 'send', { to: 'a@client.example', note: 'Hi', signer: 'readonly' }),
    )
    expect(from).toMatchObject({ status: 400, body: { error: NOTE_MESSAGES.invalidFrom('readonly') } })
    expect(answerView(from).dialog).toEqual({ kind: 'invalidFrom', from: 'readonly' })

    const confirm = await submit(nid, 'underwriter', formOf(view, 'send', { to: 'a@client.example', note: 'Hi' }))
    expect(confirm.status).toBe(200)
    expect(answerView(confirm).dialog).toEqual({ kind: 'confirmSend' })
    expect(smtp.messages).toHaveLength(0)
  })

  it('an upload needs a description per file (the rows marked); with one, the file is on the note', async () => {
    const nid = await newNote()
    const view = await open(nid)
    const file = new File(['%PDF-1.4 binder'], 'binder.pdf', { type: 'application/pdf' })
    const bare = formOf(view, 'upload')
    bare.append('file', file)
    const refused = await submit(nid, 'underwriter', bare)
    expect(refused).toMatchObject({ status: 400, body: { intent: 'upload', error: DESCRIPTION_REQUIRED } })
    expect(answerView(refused).upload).toEqual({ missing: true, error: DESCRIPTION_REQUIRED })

    const described = formOf(view, 'upload', { re: 'Typed, not saved' })
    described.append('file', file)
    described.append('fileDescription', 'Binder')
    const uploaded = await submit(nid, 'underwriter', described)
    expect(uploaded.status).toBe(200)
    expect(answerView(uploaded)).toMatchObject({
      alert: { kind: 'info', text: 'File uploaded.' },
      values: { re: 'Typed, not saved' },
      files: [{ filename: 'binder.pdf', file_description: 'Binder' }],
    })
  })
})

describe('saving, giving and taking', () => {
  it('refuses a stale version with 409, the message and the current note; nothing is overwritten', async () => {
    const nid = await newNote()
    const view = await open(nid)
    const first = await submit(nid, 'underwriter', formOf(view, 'save', { re: 'First wording' }))
    expect(first).toMatchObject({ status: 302, location: editor(nid), flash: { message: NOTE_MESSAGES.saved } })
    const stale = await submit(nid, 'underwriter', formOf(view, 'save', { re: 'Second wording' }))
    expect(stale).toMatchObject({
      status: 409,
      body: { intent: 'save', error: NOTE_MESSAGES.conflict, current: { nid, re: 'First wording' } },
    })
    expect(answerView(stale)).toMatchObject({
      mode: 'edit',
      values: { re: 'First wording' },
      note: { version: view.note.version + 1 },
      alert: { kind: 'conflict', text: NOTE_MESSAGES.conflict },
    })
    expect((await getNote(testDb(), nid, actors.underwriter))!.re).toBe('First wording')
  })

  it('asks before giving a note away; given, it is read-only until saved back to oneself', async () => {
    const nid = await newNote()
    const view = await open(nid)
    const asked = await submit(nid, 'underwriter', formOf(view, 'save', { staff: 'mkent' }))
    expect(asked.status).toBe(200)
    expect(answerView(asked)).toMatchObject({ dialog: { kind: 'reassign', to: 'mkent' }, values: { staff: 'mkent' } })
    expect((await getNote(testDb(), nid, actors.underwriter))!.staff).toBe('underwriter')

    const given = await submit(nid, 'underwriter', formOf(view, 'give', { staff: 'mkent' }))
    expect(given).toMatchObject({
      status: 302,
      location: `${editor(nid)}?given=1`,
      flash: { message: NOTE_MESSAGES.saved },
    })
    const readOnly = await open(nid, 'underwriter', '?given=1')
    expect(readOnly).toMatchObject({ mode: 'given', note: { staff: 'mkent' }, dialog: { kind: 'given' } })
    const edit = await submit(nid, 'underwriter', formOf(readOnly, 'template'), '?given=1')
    expect(edit).toMatchObject({ status: 403, body: { error: NOTE_MESSAGES.readOnlyGivenAway('mkent') } })
    const back = await submit(nid, 'underwriter', formOf(readOnly, 'save', { staff: 'underwriter' }), '?given=1')
    expect(back).toMatchObject({ status: 302, location: editor(nid), flash: { message: NOTE_MESSAGES.saved } })
    const after = (await getNote(testDb(), nid, actors.underwriter))!
    expect(after.staff).toBe('underwriter')
    expect(after.tasks).toMatch(/underwriter: took from mkent/)
  })

  it('Take takes an open note shown read-only; a closed one is refused to a non-admin, taken by an admin', async () => {
    const nid = await newNote('mkent')
    const view = viewOf(await get(editNoteEmail, cookies.underwriter, editor(nid), params(nid), CROSS_SITE))
    const taken = await submit(nid, 'underwriter', formOf(view, 'take'))
    expect(taken).toMatchObject({
      status: 302,
      location: editor(nid),
      flash: { message: 'You took this note from mkent.' },
    })
    expect((await getNote(testDb(), nid, actors.underwriter))!.staff).toBe('underwriter')
    const stale = await submit(nid, 'admin', formOf(view, 'take'))
    expect(stale).toMatchObject({ status: 409, body: { intent: 'take', error: NOTE_MESSAGES.conflict } })

    const closed = await newNote('mkent')
    const note = (await getNote(testDb(), closed, actors.mkent))!
    await updateNote(testDb(), closed, note.version, { status: 'done' }, actors.mkent)
    const closedView = await open(closed, 'underwriter', '?seen=1')
    const refused = await submit(closed, 'underwriter', formOf(closedView, 'take'))
    expect(refused).toMatchObject({ status: 403, body: { error: NOTE_MESSAGES.ownerHasNote('mkent') } })
    const byAdmin = await post(
      EditNoteEmail,
      cookies.admin,
      `/EditNoteEmail/${closed}`,
      params(closed),
      formOf(closedView, 'take'),
    )
    expect(byAdmin).toMatchObject({ status: 302, location: `/EditNoteEmail/${closed}` })
    expect((await getNote(testDb(), closed, actors.admin))!.staff).toBe('admin')
  })
})

describe('the families: recipients (add:, remove:) and files (detach:)', () => {
  it('adds a person of the search as To and removes them, refusing a firm person without an email', async () => {
    const nid = await newNote()
    const view = await open(nid)
    const person = await firmPerson(true)
    const added = await submit(nid, 'underwriter', formOf(view, `add:to:${person.plid}`, { rq: 'abc' }))
    expect(added.status).toBe(200)
    expect(answerView(added)).toMatchObject({ prep: true, recipients: [{ plid: person.plid, to: true, cc: false }] })
    const withPerson = answerView(added)
    const removed = await submit(nid, 'underwriter', formOf(withPerson, `remove:${person.plid}`))
    expect(answerView(removed).recipients).toEqual([])

    const noEmail = await firmPerson(false)
    const refused = await submit(nid, 'underwriter', formOf(view, `add:cc:${noEmail.plid}`))
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'That person cannot be added: people of a firm need an email address.' },
    })
    for (const crafted of ['add:', 'add:to:x', 'remove:'])
      expect(await submit(nid, 'underwriter', formOf(view, crafted)), crafted).toMatchObject({
        status: 400,
        body: { intent: crafted, error: 'Unknown action.' },
      })
    // Nothing of that is saved until Save.
    expect(await noteRecipientsOf(testDb(), nid)).toEqual([])
  })

  it('attaches firm files and detaches one; a detach without a file of the note is refused', async () => {
    const nid = await newNote()
    const [file] = await uploadFirmFiles(
      testDb(),
      FID,
      [
        {
          filename: 'quote.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4'),
          description: 'Quote',
          type: 6,
        },
      ],
      actors.underwriter,
    )
    const view = await open(nid)
    expect(view.firmFiles.map((row) => row.loid)).toContain(file.loid)
    const none = await submit(nid, 'underwriter', formOf(view, 'attach'))
    expect(none).toMatchObject({ status: 400, body: { error: 'Choose the firm files to attach.' } })
    const attached = await submit(nid, 'underwriter', formOf(view, 'attach', { attachLoid: String(file.loid) }))
    expect(attached.status).toBe(200)
    expect(answerView(attached)).toMatchObject({ alert: { text: 'File attached.' }, files: [{ loid: file.loid }] })

    const detached = await submit(nid, 'underwriter', formOf(view, `detach:${file.loid}`))
    expect(detached.status).toBe(200)
    expect(answerView(detached)).toMatchObject({ alert: { text: 'File removed from the note.' }, files: [] })
    expect(await noteFiles(testDb(), nid, actors.underwriter)).toEqual([])
    for (const crafted of ['detach:', 'detach:abc'])
      expect(await submit(nid, 'underwriter', formOf(view, crafted)), crafted).toMatchObject({
        status: 400,
        body: { error: 'No such file.' },
      })
  })
})

describe('Send (through the mail service, to a real SMTP server)', () => {
  const sendForm = (view: EditorView, to: string, subject: string, extra: Record<string, string> = {}) =>
    formOf(view, 'send-confirmed', { to, re: subject, note: 'Please find the quote.', signer: 'underwriter', ...extra })

  it('saves, sends and answers the snackbar: a redirect without JavaScript, the outcome for a script', async () => {
    const nid = await newNote()
    const view = await open(nid)
    const sent = await submit(nid, 'underwriter', sendForm(view, 'client@client.example', 'Quote one'))
    expect(sent).toMatchObject({
      status: 302,
      location: editor(nid),
      flash: { message: NOTE_MESSAGES.sent, kind: 'success' },
    })
    const mail = await smtp.waitFor((candidate) => candidate.parsed.subject === 'Quote one')
    expect(mail.envelope.to).toEqual(['client@client.example'])
    expect((await getNote(testDb(), nid, actors.underwriter))!).toMatchObject({
      re: 'Quote one',
      to: 'client@client.example',
    })

    const again = await open(nid)
    const scripted = await submit(
      nid,
      'underwriter',
      sendForm(again, 'client@client.example', 'Quote two', { js: '1' }),
    )
    expect(scripted).toMatchObject({
      status: 200,
      body: { intent: 'send-confirmed', sent: true, message: NOTE_MESSAGES.sent, next: editor(nid) },
    })
    await smtp.waitFor((candidate) => candidate.parsed.subject === 'Quote two')
  })

  it('a delivery the server refuses: saved, logged as failed, and the error snackbar with the detail', async () => {
    const nid = await newNote()
    const view = await open(nid)
    const failed = await submit(nid, 'underwriter', sendForm(view, `nobody@${REFUSED_DOMAIN}`, 'Bounce one'))
    expect(failed).toMatchObject({ status: 302, location: editor(nid), flash: { kind: 'error' } })
    expect(failed.flash!.message).toContain(NOTE_MESSAGES.sendFailed)
    const scripted = await submit(
      nid,
      'underwriter',
      sendForm(await open(nid), `nobody@${REFUSED_DOMAIN}`, 'Bounce two', { js: '1' }),
    )
    expect(scripted).toMatchObject({
      status: 502,
      body: { intent: 'send-confirmed', error: NOTE_MESSAGES.sendFailed, next: editor(nid) },
    })
    expect(scripted.body.detail).toContain(NOTE_MESSAGES.sendFailedDetail)
    const rows = await testDb().select().from(tranlogs).where(eq(tranlogs.nid, nid))
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed'])
    expect(smtp.messages).toHaveLength(0)
    expect((await getNote(testDb(), nid, actors.underwriter))!.re).toBe('Bounce two')
  })

  it('refuses to send a done note (409); a stale version by script answers the message and the reload', async () => {
    const nid = await newNote()
    const view = await open(nid)
    const done = await submit(nid, 'underwriter', sendForm(view, 'client@client.example', 'Done', { status: 'done' }))
    expect(done).toMatchObject({ status: 409, body: { error: EMAIL_MESSAGES.noteDone } })
    await submit(nid, 'underwriter', formOf(view, 'save', { re: 'Moved on' }))
    const stale = await submit(nid, 'underwriter', sendForm(view, 'client@client.example', 'Late', { js: '1' }))
    expect(stale).toMatchObject({ status: 409, body: { error: NOTE_MESSAGES.conflict, next: editor(nid) } })
    expect(stale.body).not.toHaveProperty('view')
    expect(smtp.messages).toHaveLength(0)
  })
})

describe('the editor’s calls (API route modules on the feature’s handlers)', () => {
  it('uploads to a note through the same reader as the page: a description is needed, the right too', async () => {
    const nid = await newNote()
    const upload = (who: keyof typeof cookies, description?: string) => {
      const form = new FormData()
      form.append('file', new File(['%PDF-1.4 api'], 'api.pdf', { type: 'application/pdf' }))
      if (description) form.append('fileDescription', description)
      return post(noteFilesApi, cookies[who], `/api/notes/${nid}/files`, params(nid), form)
    }
    expect(await upload('underwriter')).toMatchObject({
      status: 400,
      body: { status: 'INVALID_PARAMS', message: DESCRIPTION_REQUIRED },
    })
    expect(await upload('underwriter', 'From the API')).toMatchObject({
      status: 201,
      body: { files: [{ filename: 'api.pdf' }] },
    })
    const writerNote = await newNote('editor.writer')
    const form = new FormData()
    form.append('file', new File(['x'], 'x.pdf', { type: 'application/pdf' }))
    form.append('fileDescription', 'X')
    expect(
      await post(noteFilesApi, cookies.writer, `/api/notes/${writerNote}/files`, params(writerNote), form),
    ).toMatchObject({
      status: 403,
      body: { status: 'FORBIDDEN', message: 'You do not have permission to upload files.' },
    })
  })

  it('searches recipients from two characters, and reads only one’s own ACL', async () => {
    const nid = await newNote()
    const search = (term: string) =>
      get(recipientsApi, cookies.underwriter, `/api/recipients/${nid}?search=${term}`, { nid: String(nid) })
    expect(await search('a')).toMatchObject({ status: 200, body: { count: 0, message: NOTE_MESSAGES.recipientsMin } })
    expect(await search('qqzzxxyyq')).toMatchObject({ status: 200, body: { message: NOTE_MESSAGES.recipientsNone } })
    const own = await get(userAclsApi, cookies.underwriter, `/api/users/${actors.underwriter.id}/acls`, {
      id: String(actors.underwriter.id),
    })
    expect(own).toMatchObject({ status: 200, body: { username: 'underwriter' } })
    const other = await get(userAclsApi, cookies.underwriter, `/api/users/${actors.mkent.id}/acls`, {
      id: String(actors.mkent.id),
    })
    expect(other).toMatchObject({ status: 403, body: { message: 'You may read only your own ACL.' } })
  })
})
