/**
 * Reading the mail the app sent during an e2e run (see tests/e2e/mail-sink.ts): every spec may send;
 * match on something unique to the test (a subject with a random token, say), as specs run in parallel.
 */
import { readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import type { ReceivedMail } from '../support/smtp'
import { SMTP_PORT } from './base-url'

export { addressesOf, type ReceivedMail } from '../support/smtp'

/** Recipients at this domain are refused by the sink with 550: a send to one of them fails. */
export const REFUSED_DOMAIN = 'refused.example'

export function mailDir(): string {
  return path.join(tmpdir(), `mga-e2e-mail-${SMTP_PORT}`)
}

const seen = new Map<string, ReceivedMail>()

async function receivedMail(): Promise<ReceivedMail[]> {
  const names = (await readdir(mailDir()).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort()
  for (const name of names) {
    if (seen.has(name)) continue
    const raw = await readFile(path.join(mailDir(), name))
    const envelope = JSON.parse(
      await readFile(path.join(mailDir(), name.replace(/\.eml$/, '.json')), 'utf8'),
    ) as ReceivedMail['envelope']
    seen.set(name, { envelope, raw, parsed: await simpleParser(raw) })
  }
  return names.map((name) => seen.get(name)!)
}

/** The first message the app sent in this run that `match` accepts, waiting for it up to `timeoutMs`. */
export async function waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const found = (await receivedMail()).find(match)
    if (found) return found
    if (Date.now() > until) throw new Error(`No matching email within ${timeoutMs} ms in ${mailDir()}.`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
