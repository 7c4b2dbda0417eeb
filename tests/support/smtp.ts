import type { AddressObject, ParsedMail } from 'mailparser'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server inside the test process (smtp-server + mailparser): it accepts every message on
 * 127.0.0.1 without TLS or authentication, keeps the raw bytes, the SMTP envelope and the parsed
 * message, and lets a test wait for what it expects. Used by integration tests and by e2e specs (the
 * e2e app server's SMTP_URL points at E2E_SMTP_PORT).
 */

export interface ReceivedMail {
  /** MAIL FROM and RCPT TO as the server saw them (Bcc recipients are only here). */
  envelope: { from: string | null; to: string[] }
  raw: Buffer
  parsed: ParsedMail
}

export interface TestSmtpServer {
  port: number
  url: string
  messages: ReceivedMail[]
  /** Resolves with the first message (already received or still to come) that `match` accepts. */
  waitFor(match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  clear(): void
  close(): Promise<void>
}

export interface TestSmtpOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Refuse RCPT TO for these addresses with 550, as a real server refuses unknown mailboxes. */
  rejectRecipients?: readonly string[]
  /** Refuse RCPT TO for every address of these domains (e2e: a send to them fails). */
  rejectDomains?: readonly string[]
  /** Wait this long before answering the message data (to test send time limits). */
  delayDataMs?: number
  /** Called with each message once received (the e2e sink writes it to a folder). */
  onMessage?: (mail: ReceivedMail) => void | Promise<void>
}

/** The addresses of a parsed To/Cc/Bcc header, lower-cased. */
export function addressesOf(header: AddressObject | AddressObject[] | undefined): string[] {
  const groups = header ? (Array.isArray(header) ? header : [header]) : []
  return groups.flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()))
}

export async function startSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = []
  const waiters = new Set<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>()
  const rejected = new Set((options.rejectRecipients ?? []).map((address) => address.toLowerCase()))
  const rejectedDomains = new Set((options.rejectDomains ?? []).map((domain) => domain.toLowerCase()))
  const refuses = (address: string) =>
    rejected.has(address.toLowerCase()) ||
    rejectedDomains.has(address.slice(address.lastIndexOf('@') + 1).toLowerCase())

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 40 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (refuses(address.address)) {
        const error = new Error(`5.1.1 <${address.address}>: Recipient address rejected`) as Error & {
          responseCode: number
        }
        error.responseCode = 550
        callback(error)
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        const finish = async () => {
          if (options.delayDataMs) await new Promise((resolve) => setTimeout(resolve, options.delayDataMs))
          const parsed = await simpleParser(raw)
          const mail: ReceivedMail = {
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            },
            raw,
            parsed,
          }
          messages.push(mail)
          await options.onMessage?.(mail)
          for (const waiter of [...waiters]) {
            if (waiter.match(mail)) {
              waiters.delete(waiter)
              waiter.resolve(mail)
            }
          }
        }
        finish().then(
          () => callback(),
          (error: Error) => callback(error),
        )
      })
    },
  })

  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject)
    const net = server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = net.address()
      resolve(typeof address === 'object' && address ? address.port : Number(options.port))
    })
  })

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match = () => true, timeoutMs = 10_000) {
      const already = messages.find(match)
      if (already) return Promise.resolve(already)
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = {
          match,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer)
            resolve(mail)
          },
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error(`No matching email within ${timeoutMs} ms (${messages.length} received).`))
        }, timeoutMs)
        waiters.add(waiter)
      })
    },
    clear() {
      messages.length = 0
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
