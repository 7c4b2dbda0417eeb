import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { configSchema } from '#app/config.server'
import { FILE_TYPES, notes, people, tranlogs, users } from '#app/db/schema'
import { CLOSING, DISCLAIMER, EMAIL_MESSAGES, FILES_LIST_HEADING, LICENSES_LABEL } from '#app/domain/email'
import { NOTE_MESSAGES } from '#app/domain/notes'
import type { SendNoteEmail } from '#app/models/email.server'
import { EmailSendError, sendNoteEmail } from '#app/mail/note-email.server'
import { uploadFirmFiles } from '#app/models/file.server'
import {
  NoteRuleError,
  attachNoteFiles,
  createNote,
  setNoteRecipients,
  updateNote,
  type Actor,
} from '#app/models/note.server'
import { createTranlog, deleteTranlog, listTranlogs, updateTranlog, TRANLOG_MESSAGES } from '#app/models/tranlog.server'
import { outboxTransport, smtpTransport, transportFromConfig, type MailTransport } from '#app/mail/transport.server'
import { addressesOf, startSmtpServer, type TestSmtpServer } from '../support/smtp'
import { testDb } from './db'

const FID = 1020
let smtp: TestSmtpServer
let transport: MailTransport
let admin: Actor
let underwriter: Actor
let mkent: Actor
let nid: number
let person: { plid: number; email: string }
let ccPerson: { plid: number; email: string }
let pdf: { loid: number; bytes: Buffer }
let scan: { loid: number }

async function actor(username: string, isAdmin = false): Promise<Actor> {
  const [row] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, username))
  return { id: row.id, username, isAdmin }
}

/** An open email-out note of underwriter's on FID, with one To and one Cc recipient and two files. */
async function emailNote(owner: Actor = underwriter): Promise<number> {
  const note = await createNote(testDb(), { fid: FID }, owner)
  await updateNote(
    testDb(),
    note.nid,
    note.version,
    {
      type: 'email out',
      re: 'Renewal quote',
      note: 'Dear client,\nPlease find the quote.',
      to: 'typed@client.example',
    },
    owner,
  )
  await setNoteRecipients(
    testDb(),
    note.nid,
    [
      { plid: person.plid, to: true },
      { plid: ccPerson.plid, cc: true },
    ],
    owner,
  )
  await attachNoteFiles(testDb(), note.nid, [pdf.loid, scan.loid], owner)
  return note.nid
}

const base = (overrides: Partial<SendNoteEmail> = {}): SendNoteEmail => ({
  nid,
  actor: underwriter,
  from: 'underwriter',
  to: ['jane.client@client.example'],
  subject: 'Renewal quote',
  body: 'Dear Jane,\nPlease find the quote attached.',
  html: false,
  loids: [],
  attach: true,
  ...overrides,
})

const logOf = async (id: number) =>
  (await listTranlogs(testDb(), id)).map((row) => ({
    status: row.status,
    type: row.type,
    note: row.note,
    sent: row.sent,
  }))

beforeAll(async () => {
  smtp = await startSmtpServer()
  transport = smtpTransport(smtp.url)
  admin = await actor('admin', true)
  underwriter = await actor('underwriter')
  mkent = await actor('mkent')
  const found = await testDb().execute<{ plid: number; email: string }>(
    sql`SELECT plid, email FROM people WHERE fid = ${FID} AND email LIKE '%_@_%' ORDER BY plid LIMIT 2`,
  )
  ;[person, ccPerson] = found.rows
  const pdfBytes = Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.from(Array.from({ length: 3000 }, (_, index) => index % 256)),
  ])
  const [pdfFile, scanFile] = await uploadFirmFiles(
    testDb(),
    FID,
    [
      {
        filename: 'quote-2025.pdf',
        contentType: 'application/pdf',
        data: pdfBytes,
        description: 'Renewal quote',
        type: FILE_TYPES.Other,
      },
      {
        filename: 'SCAN0001',
        contentType: 'application/octet-stream',
        data: Buffer.from('scan'),
        description: 'Signed application',
        type: FILE_TYPES.Other,
      },
    ],
    underwriter,
  )
  pdf = { loid: pdfFile.loid, bytes: pdfBytes }
  scan = { loid: scanFile.loid }
  nid = await emailNote()
})

afterAll(async () => {
  transport.close()
  await smtp.close()
})

beforeEach(() => smtp.clear())

describe('a send received by a real SMTP server', () => {
  it('carries the From with the long name, Reply-To, To, Cc, Subject, our Message-ID; Bcc only in the envelope', async () => {
    const result = await sendNoteEmail(
      testDb(),
      base({ cc: ['cc.person@client.example'], bcc: ['hidden@client.example'] }),
      { transport },
    )
    const mail = await smtp.waitFor()
    const parsed = mail.parsed
    expect(parsed.from?.value).toEqual([{ name: 'Ellen Brooks', address: 'underwriter@mga-desk.example' }])
    expect(parsed.headers.get('from')).toBeTruthy()
    expect(mail.raw.toString()).toMatch(/^From: Ellen Brooks <underwriter@mga-desk\.example>\r$/m)
    expect(addressesOf(parsed.replyTo)).toEqual(['underwriter@mga-desk.example'])
    expect(addressesOf(parsed.to)).toEqual(['jane.client@client.example'])
    expect(addressesOf(parsed.cc)).toEqual(['cc.person@client.example'])
    expect(parsed.bcc).toBeUndefined()
    expect(mail.raw.toString()).not.toMatch(/^Bcc:/im)
    expect(mail.envelope.to.sort()).toEqual([
      'cc.person@client.example',
      'hidden@client.example',
      'jane.client@client.example',
    ])
    expect(mail.envelope.from).toBe('underwriter@mga-desk.example')
    expect(parsed.subject).toBe('Renewal quote')
    expect(parsed.messageId).toBe(result.messageId)
    expect(parsed.headers.get('x-mga-note')).toBe(String(nid))
    expect(result).toMatchObject({ ok: true, transport: 'smtp', rejected: [] })
  })

  it('appends the closing with the long name, company block, licenses link and disclaimer to both parts', async () => {
    await sendNoteEmail(testDb(), base(), { transport })
    const { parsed } = await smtp.waitFor()
    const text = parsed.text ?? ''
    expect(text.startsWith('Dear Jane,\nPlease find the quote attached.\n\n')).toBe(true)
    expect(text).toContain(`${CLOSING}\n\nEllen Brooks`)
    expect(text).toContain(
      'Summit Professional Underwriters\n100 Congress Avenue, Suite 1200\nAustin, TX 78701\nMain (512) 555-0100',
    )
    expect(text).toContain(`${LICENSES_LABEL}: https://mga-desk.example/licenses`)
    expect(text).toContain(DISCLAIMER)
    const html = String(parsed.html)
    expect(html).toContain('Dear Jane,<br>Please find the quote attached.')
    expect(html).toContain(`<p>${CLOSING}</p>`)
    expect(html).toContain('<strong>Ellen Brooks</strong>')
    expect(html).toContain('Summit Professional Underwriters<br>100 Congress Avenue, Suite 1200')
    expect(html).toContain(`<a href="https://mga-desk.example/licenses">${LICENSES_LABEL}</a>`)
    expect(html).toContain('CONFIDENTIALITY NOTICE')
  })

  it('attaches files with an extension byte for byte and leaves the others out with the warning', async () => {
    const result = await sendNoteEmail(testDb(), base({ loids: [pdf.loid, scan.loid] }), { transport })
    const { parsed } = await smtp.waitFor()
    expect(parsed.attachments.map((file) => file.filename)).toEqual(['quote-2025.pdf'])
    const [attached] = parsed.attachments
    expect(attached.contentType).toBe('application/pdf')
    expect(createHash('sha256').update(attached.content).digest('hex')).toBe(
      createHash('sha256').update(pdf.bytes).digest('hex'),
    )
    expect(result.attached).toEqual(['quote-2025.pdf'])
    expect(result.warning).toBe(`${NOTE_MESSAGES.noExtension} SCAN0001 (Signed application)`)
    expect(result.skipped).toEqual([{ filename: 'SCAN0001', description: 'Signed application' }])
  })

  it('lists the files in the message instead when send-as-attachments is off', async () => {
    const result = await sendNoteEmail(testDb(), base({ loids: [pdf.loid, scan.loid], attach: false }), { transport })
    const { parsed } = await smtp.waitFor()
    expect(parsed.attachments).toEqual([])
    expect(parsed.text).toContain(
      `${FILES_LIST_HEADING}\n- quote-2025.pdf (Renewal quote)\n- SCAN0001 (Signed application)`,
    )
    expect(result.warning).toBeUndefined()
  })

  it('sends to the note saved To line and recipients when none are given', async () => {
    await sendNoteEmail(testDb(), base({ to: undefined }), { transport })
    const mail = await smtp.waitFor()
    expect(addressesOf(mail.parsed.to).sort()).toEqual(['typed@client.example', person.email.toLowerCase()].sort())
    expect(addressesOf(mail.parsed.cc)).toEqual([ccPerson.email.toLowerCase()])
  })

  it('takes people (plids) as recipients', async () => {
    await sendNoteEmail(testDb(), base({ to: [person.plid], cc: [], bcc: [ccPerson.plid] }), { transport })
    const mail = await smtp.waitFor()
    expect(addressesOf(mail.parsed.to)).toEqual([person.email.toLowerCase()])
    expect(mail.envelope.to).toContain(ccPerson.email.toLowerCase())
  })

  it('sanitises an HTML body: no script, handler, javascript: link, style, svg or iframe reaches the message', async () => {
    const body =
      '<p onclick="steal()">Hello <b>Jane</b></p><script>alert(1)</script><a href="javascript:alert(2)">x</a><style>p{}</style><svg onload="x()"></svg><iframe src="https://evil.example"></iframe>'
    await sendNoteEmail(testDb(), base({ body, html: true }), { transport })
    const { parsed } = await smtp.waitFor()
    const html = String(parsed.html)
    expect(html).toContain('<p>Hello <b>Jane</b></p>')
    for (const bad of ['<script', 'onclick', 'javascript:', '<style', '<svg', '<iframe', 'onload'])
      expect(html.toLowerCase()).not.toContain(bad)
    expect(parsed.text?.startsWith('Hello Jane')).toBe(true)
  })

  it('logs every send: queued first, then sent with the message id and recipients', async () => {
    const before = (await listTranlogs(testDb(), nid)).length
    const result = await sendNoteEmail(testDb(), base({ bcc: ['hidden@client.example'], loids: [pdf.loid] }), {
      transport,
    })
    const rows = await listTranlogs(testDb(), nid)
    expect(rows).toHaveLength(before + 1)
    const row = rows.find((candidate) => candidate.id === result.tranlogId)!
    expect(row).toMatchObject({ type: 'email', status: 'sent', createdBy: 'underwriter' })
    expect(row.sent!.getTime()).toBeGreaterThanOrEqual(row.queued.getTime())
    expect(row.note).toContain(`Message-ID ${result.messageId} via smtp`)
    expect(row.note).toContain(
      'To: jane.client@client.example; Bcc: hidden@client.example; Re: Renewal quote; attached: quote-2025.pdf',
    )
  })
})

describe('refusals: nothing sent, nothing logged', () => {
  async function expectRefused(input: Partial<SendNoteEmail>, message: string, status = 400) {
    const before = await logOf(nid)
    const error = await sendNoteEmail(testDb(), base(input), { transport }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NoteRuleError)
    expect((error as NoteRuleError).message).toBe(message)
    expect((error as NoteRuleError).status).toBe(status)
    expect(await logOf(nid)).toEqual(before)
    expect(smtp.messages).toHaveLength(0)
  }

  it.each([
    ['To', { to: [] }],
    ['From', { from: '  ' }],
    ['Re', { subject: ' ' }],
    ['body', { body: '\n' }],
    ['HTML body of only markup', { body: '<p><br></p><script>alert(1)</script>', html: true }],
  ])('needs %s: the spec message', async (_field, input) => {
    await expectRefused(input, EMAIL_MESSAGES.missingFields)
  })

  it.each<[string, Pick<SendNoteEmail, 'to' | 'cc' | 'bcc'>]>([
    ['To with CRLF Bcc', { to: ['jane@client.example\r\nBcc: evil@x.example'] }],
    ['To with LF Bcc', { to: ['jane@client.example\nBcc: evil@x.example'] }],
    ['Cc with a comma', { cc: ['cc@client.example, evil@x.example'] }],
    ['Bcc with a display name', { bcc: ['"Evil" <evil@x.example>'] }],
    ['To with a display name', { to: ['Jane <jane@client.example>'] }],
    ['To with a semicolon', { to: ['jane@client.example;evil@x.example'] }],
  ])('refuses %s', async (_case, input) => {
    const entry = [...(input.to ?? []), ...(input.cc ?? []), ...(input.bcc ?? [])][0] as string
    await expectRefused(input, EMAIL_MESSAGES.invalidAddress(entry))
  })

  it('refuses a Re line that would add a header', async () => {
    await expectRefused({ subject: 'Quote\r\nBcc: evil@x.example' }, EMAIL_MESSAGES.invalidSubject)
    await expectRefused({ subject: 'Quote\nX-Injected: 1' }, EMAIL_MESSAGES.invalidSubject)
  })

  it('refuses a person whose stored email would smuggle a recipient', async () => {
    // The table refuses spaces and line breaks in emails; these shapes get past it.
    for (const email of ['jane,evil@x.example', '"Jane"<evil@x.example>', 'jane;evil@x.example']) {
      const [row] = await testDb()
        .insert(people)
        .values({ fid: FID, surname: 'Smuggler', email })
        .returning({ plid: people.plid })
      await expectRefused({ to: [row.plid] }, EMAIL_MESSAGES.invalidAddress(email))
    }
    const [noEmail] = await testDb()
      .insert(people)
      .values({ fid: FID, surname: 'Nomail' })
      .returning({ plid: people.plid })
    await expectRefused({ to: [noEmail.plid] }, EMAIL_MESSAGES.unknownPeople([noEmail.plid]))
  })

  it('refuses a From who is not an available signer: not a signer, disabled, or unknown', async () => {
    await expectRefused({ from: 'readonly' }, 'readonly is not currently available')
    await expectRefused({ from: 'lformer' }, 'lformer is not currently available')
    await expectRefused({ from: 'nobody-here' }, 'nobody-here is not currently available')
  })

  it('refuses files that are not the note or its firm', async () => {
    const [other] = await uploadFirmFiles(
      testDb(),
      1021,
      [
        {
          filename: 'other.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('x'),
          description: 'Other firm',
          type: FILE_TYPES.Other,
        },
      ],
      underwriter,
    )
    await expectRefused({ loids: [pdf.loid, other.loid] }, EMAIL_MESSAGES.unknownFiles([other.loid]))
  })

  it('refuses a note of another firm than the one named', async () => {
    await expectRefused({ fid: 1021 }, EMAIL_MESSAGES.firmMismatch)
  })

  it("refuses someone else's note (403) and a done note (409); an admin may send another's note", async () => {
    await expectRefused({ actor: mkent, from: 'mkent' }, 'underwriter has this note', 403)
    const done = await emailNote()
    const [row] = await testDb().select({ version: notes.version }).from(notes).where(eq(notes.nid, done))
    await updateNote(testDb(), done, row.version, { status: 'done' }, underwriter)
    const error = await sendNoteEmail(testDb(), base({ nid: done }), { transport }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ message: EMAIL_MESSAGES.noteDone, status: 409 })
    await expect(sendNoteEmail(testDb(), base({ actor: admin, from: 'admin' }), { transport })).resolves.toMatchObject({
      ok: true,
    })
    expect(smtp.messages).toHaveLength(1)
  })

  it('answers 404 for a missing note', async () => {
    const error = await sendNoteEmail(testDb(), base({ nid: 2147480000 }), { transport }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toMatchObject({ message: NOTE_MESSAGES.loadFailed, status: 404 })
  })
})

describe('failed deliveries are logged as failed', () => {
  it('SMTP down: the attempt is queued, then failed with the error, and the send error carries the spec messages', async () => {
    const down = await startSmtpServer()
    const downUrl = down.url
    await down.close()
    const dead = smtpTransport(downUrl)
    const error = await sendNoteEmail(testDb(), base(), { transport: dead }).catch((caught: unknown) => caught)
    dead.close()
    expect(error).toBeInstanceOf(EmailSendError)
    const sendError = error as EmailSendError
    expect(sendError.snackbar).toBe('There was an error sending the email.')
    expect(sendError.detail).toBe(NOTE_MESSAGES.sendFailedDetail)
    const [row] = (await listTranlogs(testDb(), nid)).filter((candidate) => candidate.id === sendError.tranlogId)
    expect(row).toMatchObject({ status: 'failed', type: 'email', sent: null })
    expect(row.note).toMatch(/^Failed via smtp \(smtp:\/\/127\.0\.0\.1:\d+\): .*ECONNREFUSED/)
  })

  it('a server that refuses every recipient: failed, with its answer', async () => {
    const picky = await startSmtpServer({ rejectRecipients: ['jane.client@client.example'] })
    const via = smtpTransport(picky.url)
    const error = (await sendNoteEmail(testDb(), base(), { transport: via }).catch(
      (caught: unknown) => caught,
    )) as EmailSendError
    via.close()
    await picky.close()
    expect(error).toBeInstanceOf(EmailSendError)
    const [row] = (await listTranlogs(testDb(), nid)).filter((candidate) => candidate.id === error.tranlogId)
    expect(row.status).toBe('failed')
    expect(row.note).toContain('Recipient address rejected')
  })

  it('a server slower than the time limit: failed as timed out', async () => {
    const slow = await startSmtpServer({ delayDataMs: 3000 })
    const via = smtpTransport(slow.url)
    const error = (await sendNoteEmail(testDb(), base(), { transport: via, timeoutMs: 500 }).catch(
      (caught: unknown) => caught,
    )) as EmailSendError
    via.close()
    await slow.close()
    expect(error).toBeInstanceOf(EmailSendError)
    expect(error.timedOut).toBe(true)
    const [row] = (await listTranlogs(testDb(), nid)).filter((candidate) => candidate.id === error.tranlogId)
    expect(row).toMatchObject({ status: 'failed' })
    expect(row.note).toContain('No answer from the mail server within 1 s')
  })
})

describe('the outbox when SMTP_URL is empty', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mga-outbox-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('the configured transport is the outbox under DATA_DIR', () => {
    const outbox = transportFromConfig(configSchema.parse({ DATA_DIR: dir, SMTP_URL: '' }))
    expect(outbox).toMatchObject({ kind: 'outbox', target: path.join(dir, 'outbox') })
    const smtpConfigured = transportFromConfig(
      configSchema.parse({ DATA_DIR: dir, SMTP_URL: 'smtp://mail.example:2525' }),
    )
    expect(smtpConfigured).toMatchObject({ kind: 'smtp', target: 'smtp://mail.example:2525' })
    smtpConfigured.close()
  })

  it('writes a readable .eml with the headers, blocks and attachment, and logs it as sent', async () => {
    const outbox = outboxTransport(path.join(dir, 'outbox'))
    const result = await sendNoteEmail(testDb(), base({ loids: [pdf.loid], cc: ['cc.person@client.example'] }), {
      transport: outbox,
    })
    const files = await readdir(path.join(dir, 'outbox'))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/\.eml$/)
    const raw = await readFile(path.join(dir, 'outbox', files[0]))
    const parsed = await simpleParser(raw)
    expect(parsed.from?.value).toEqual([{ name: 'Ellen Brooks', address: 'underwriter@mga-desk.example' }])
    expect(addressesOf(parsed.to)).toEqual(['jane.client@client.example'])
    expect(parsed.subject).toBe('Renewal quote')
    expect(parsed.messageId).toBe(result.messageId)
    expect(parsed.text).toContain(DISCLAIMER)
    expect(parsed.attachments[0].content.equals(pdf.bytes)).toBe(true)
    expect(result.transport).toBe('outbox')
    const [row] = (await listTranlogs(testDb(), nid)).filter((candidate) => candidate.id === result.tranlogId)
    expect(row.status).toBe('sent')
    expect(row.note).toContain(`via outbox (${path.join(dir, 'outbox')})`)
    expect(smtp.messages).toHaveLength(0)
  })
})

describe('tranlog by hand', () => {
  it('lists oldest first; the owner may add a row, others may not', async () => {
    const own = await emailNote()
    const queued = new Date('2025-03-01T10:00:00Z')
    const row = await createTranlog(
      testDb(),
      { nid: own, type: 'fax', status: 'sent', queued, sent: new Date('2025-03-01T10:05:00Z'), note: 'Faxed by hand' },
      underwriter,
    )
    expect(row).toMatchObject({
      nid: own,
      type: 'fax',
      status: 'sent',
      note: 'Faxed by hand',
      createdBy: 'underwriter',
    })
    await createTranlog(
      testDb(),
      { nid: own, type: 'letter', status: 'queued', queued: new Date('2025-02-01T10:00:00Z') },
      underwriter,
    )
    expect((await listTranlogs(testDb(), own)).map((entry) => entry.type)).toEqual(['letter', 'fax'])
    await expect(createTranlog(testDb(), { nid: own, type: 'fax', status: 'sent' }, mkent)).rejects.toThrow(
      'underwriter has this note',
    )
    await expect(
      createTranlog(
        testDb(),
        { nid: own, type: 'fax', status: 'sent', queued, sent: new Date('2025-02-01T00:00:00Z') },
        underwriter,
      ),
    ).rejects.toThrow(TRANLOG_MESSAGES.sentBeforeQueued)
    await expect(createTranlog(testDb(), { nid: 2147480000, type: 'fax', status: 'sent' }, admin)).rejects.toThrow(
      NOTE_MESSAGES.loadFailed,
    )
  })

  it('only the admin group changes or deletes rows', async () => {
    const own = await emailNote()
    const row = await createTranlog(testDb(), { nid: own, type: 'email', status: 'queued' }, underwriter)
    await expect(updateTranlog(testDb(), row.id, { status: 'failed' }, underwriter)).rejects.toThrow(
      TRANLOG_MESSAGES.adminOnly,
    )
    await expect(deleteTranlog(testDb(), row.id, underwriter)).rejects.toThrow(TRANLOG_MESSAGES.adminOnly)
    const updated = await updateTranlog(testDb(), row.id, { status: 'failed', note: 'Bounced' }, admin)
    expect(updated).toMatchObject({ status: 'failed', note: 'Bounced' })
    await expect(
      updateTranlog(testDb(), row.id, { sent: new Date(row.queued.getTime() - 1000) }, admin),
    ).rejects.toThrow(TRANLOG_MESSAGES.sentBeforeQueued)
    await deleteTranlog(testDb(), row.id, admin)
    expect(await testDb().select().from(tranlogs).where(eq(tranlogs.id, row.id))).toEqual([])
    await expect(deleteTranlog(testDb(), row.id, admin)).rejects.toThrow(TRANLOG_MESSAGES.notFound)
  })
})
