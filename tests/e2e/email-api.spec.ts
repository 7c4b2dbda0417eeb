import { createHash, randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { CLOSING, DISCLAIMER, EMAIL_MESSAGES, LICENSES_LABEL } from '#app/domain/email'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { expect, login, test } from './fixtures'
import { REFUSED_DOMAIN, addressesOf, waitForMail } from './mail'

/**
 * POST /api/emails/{nid} against the built app, its mail received by the run's SMTP sink
 * (tests/e2e/mail-sink.ts), and the log read back with GET /api/tranlogs/{nid}.
 */

interface Job {
  nid: number
  fid: number | null
  type: string
  status: string
}

interface TranlogRow {
  id: number
  nid: number
  type: string
  status: string
  queued: string
  sent: string | null
  note: string | null
}

/** One of the underwriter's open email-out jobs; the last in the list, away from the ones other specs work first. */
async function openEmailJob(page: Page): Promise<Job & { fid: number }> {
  const response = await page.request.get('/api/notes/jobs?job=all&limit=1000')
  expect(response.status()).toBe(200)
  const { result } = (await response.json()) as { result: Job[] }
  const jobs = result.filter(
    (job): job is Job & { fid: number } => job.type === 'email out' && job.fid !== null && job.status !== 'done',
  )
  expect(jobs.length, 'the underwriter has open email-out jobs in the demo data').toBeGreaterThan(1)
  return jobs[jobs.length - 1]
}

async function tranlogOf(page: Page, nid: number): Promise<TranlogRow[]> {
  const response = await page.request.get(`/api/tranlogs/${nid}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as TranlogRow[]
}

test.describe('POST /api/emails/{nid}', () => {
  // The tests share the underwriter's last open email-out job and count its log rows: one at a time.
  test.describe.configure({ mode: 'serial' })

  test('the underwriter sends an open email-out note: received with headers, the four blocks and the attachment, logged as sent', async ({
    page,
  }) => {
    await login(page, 'underwriter')
    const job = await openEmailJob(page)
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(randomUUID())])
    const upload = await page.request.post('/api/file_objects', {
      multipart: {
        fid: String(job.fid),
        file_description: 'E2E renewal quote',
        domfiles: { name: 'renewal-quote.pdf', mimeType: 'application/pdf', buffer: pdf },
      },
    })
    expect(upload.status()).toBe(201)
    const {
      result: [file],
    } = (await upload.json()) as { result: { loid: number }[] }

    const subject = `Renewal quote ${randomUUID().slice(0, 8)}`
    const before = await tranlogOf(page, job.nid)
    const response = await page.request.post(`/api/emails/${job.nid}`, {
      data: {
        username: 'underwriter',
        subject,
        body: 'Dear client,\nPlease find your renewal quote attached.',
        html: false,
        attach: true,
        loids: [file.loid],
        fid: job.fid,
        to: ['jane.client@client.example'],
        cc: ['broker@client.example'],
        bcc: ['file-copy@client.example'],
      },
    })
    expect(response.status()).toBe(200)
    const sent = (await response.json()) as {
      status: string
      message: string
      messageId: string
      tranlogId: number
      attached: string[]
    }
    expect(sent).toMatchObject({
      status: 'SENT',
      message: 'Note was saved and email was sent.',
      attached: ['renewal-quote.pdf'],
    })

    const mail = await waitForMail((candidate) => candidate.parsed.subject === subject)
    const { parsed } = mail
    expect(parsed.from?.value).toEqual([{ name: 'Ellen Brooks', address: 'underwriter@mga-desk.example' }])
    expect(addressesOf(parsed.to)).toEqual(['jane.client@client.example'])
    expect(addressesOf(parsed.cc)).toEqual(['broker@client.example'])
    expect(addressesOf(parsed.replyTo)).toEqual(['underwriter@mga-desk.example'])
    expect(mail.raw.toString()).not.toMatch(/^Bcc:/im)
    expect(mail.envelope.to).toContain('file-copy@client.example')
    expect(parsed.messageId).toBe(sent.messageId)
    // The four appended blocks, in the text part and in the HTML part.
    const text = parsed.text ?? ''
    const html = String(parsed.html)
    expect(text).toContain('Please find your renewal quote attached.')
    expect(text).toContain(`${CLOSING}\n\nEllen Brooks`)
    expect(text).toContain('Summit Professional Underwriters\n100 Congress Avenue, Suite 1200\nAustin, TX 78701')
    expect(text).toContain(`${LICENSES_LABEL}: https://mga-desk.example/licenses`)
    expect(text).toContain(DISCLAIMER)
    expect(html).toContain('<strong>Ellen Brooks</strong>')
    expect(html).toContain('Summit Professional Underwriters<br>')
    expect(html).toContain(`<a href="https://mga-desk.example/licenses">${LICENSES_LABEL}</a>`)
    expect(html).toContain('CONFIDENTIALITY NOTICE')
    expect(parsed.attachments.map((attachment) => attachment.filename)).toEqual(['renewal-quote.pdf'])
    const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
    expect(hash(parsed.attachments[0].content)).toBe(hash(pdf))

    const log = await tranlogOf(page, job.nid)
    expect(log).toHaveLength(before.length + 1)
    const row = log.find((entry) => entry.id === sent.tranlogId)!
    expect(row).toMatchObject({ nid: job.nid, type: 'email', status: 'sent' })
    expect(new Date(row.sent!).getTime()).toBeGreaterThanOrEqual(new Date(row.queued).getTime())
    expect(row.note).toContain(`Message-ID ${sent.messageId} via smtp`)
    expect(row.note).toContain(
      `To: jane.client@client.example; Cc: broker@client.example; Bcc: file-copy@client.example; Re: ${subject}; attached: renewal-quote.pdf`,
    )
  })

  test('header injection and missing fields: 400 with the message, nothing sent, nothing logged', async ({ page }) => {
    await login(page, 'underwriter')
    const job = await openEmailJob(page)
    const before = await tranlogOf(page, job.nid)
    const token = randomUUID().slice(0, 8)
    const good = {
      username: 'underwriter',
      subject: `Quote ${token}`,
      body: 'Hello',
      to: ['jane.client@client.example'],
    }
    const attempts: [Record<string, unknown>, string][] = [
      [
        { ...good, to: ['jane.client@client.example\r\nBcc: evil@x.example'] },
        EMAIL_MESSAGES.invalidAddress('jane.client@client.example\r\nBcc: evil@x.example'),
      ],
      [{ ...good, cc: ['"Evil" <evil@x.example>'] }, EMAIL_MESSAGES.invalidAddress('"Evil" <evil@x.example>')],
      [{ ...good, subject: `Quote ${token}\r\nBcc: evil@x.example` }, EMAIL_MESSAGES.invalidSubject],
      [{ ...good, subject: '' }, NOTE_MESSAGES.missingFields],
      [{ ...good, username: 'readonly' }, 'readonly is not currently available'],
    ]
    for (const [data, message] of attempts) {
      const response = await page.request.post(`/api/emails/${job.nid}`, { data })
      expect(response.status(), message).toBe(400)
      expect(await response.json()).toEqual({ status: 'INVALID_PARAMS', message })
    }
    const after = await tranlogOf(page, job.nid)
    expect(after).toEqual(before)
    expect(after.some((entry) => entry.note?.includes(token))).toBe(false)
    await expect(waitForMail((mail) => (mail.parsed.subject ?? '').includes(token), 1_500)).rejects.toThrow(
      'No matching email',
    )
  })

  test('a refused delivery: 502 with the spec messages, logged as failed', async ({ page }) => {
    await login(page, 'underwriter')
    const job = await openEmailJob(page)
    const response = await page.request.post(`/api/emails/${job.nid}`, {
      data: { username: 'underwriter', subject: 'Bounce', body: 'Hello', to: [`nobody@${REFUSED_DOMAIN}`] },
    })
    expect(response.status()).toBe(502)
    const failed = (await response.json()) as { status: string; message: string; detail: string; tranlogId: number }
    expect(failed).toMatchObject({
      status: 'SEND_FAILED',
      message: 'There was an error sending the email.',
      detail: NOTE_MESSAGES.sendFailedDetail,
    })
    const row = (await tranlogOf(page, job.nid)).find((entry) => entry.id === failed.tranlogId)!
    expect(row).toMatchObject({ status: 'failed', type: 'email', sent: null })
    expect(row.note).toContain('Recipient address rejected')
  })

  test('without email-send the call is refused; a row added by hand is changed and deleted only by an admin', async ({
    page,
  }) => {
    await login(page, 'readonly')
    const refused = await page.request.post('/api/emails/1', { data: {} })
    expect(refused.status()).toBe(403)

    await login(page, 'underwriter')
    const job = await openEmailJob(page)
    const created = await page.request.post('/api/tranlogs', {
      data: { nid: job.nid, type: 'fax', status: 'sent', note: `Faxed by hand ${randomUUID()}` },
    })
    expect(created.status()).toBe(201)
    const row = (await created.json()) as TranlogRow
    expect(row).toMatchObject({ nid: job.nid, type: 'fax', status: 'sent' })
    const put = await page.request.put(`/api/tranlogs/${row.id}`, { data: { status: 'failed' } })
    expect(put.status()).toBe(403)
    expect(await put.json()).toEqual({
      status: 'FORBIDDEN',
      message: 'Only an admin may change or delete transaction log entries.',
    })

    await login(page, 'admin')
    const changed = await page.request.put(`/api/tranlogs/${row.id}`, { data: { status: 'failed', note: 'No answer' } })
    expect(changed.status()).toBe(200)
    expect(await changed.json()).toMatchObject({ id: row.id, status: 'failed', note: 'No answer' })
    expect((await page.request.delete(`/api/tranlogs/${row.id}`)).status()).toBe(200)
    expect((await tranlogOf(page, job.nid)).some((entry) => entry.id === row.id)).toBe(false)
  })
})
