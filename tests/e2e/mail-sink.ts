/**
 * Playwright global setup: a real SMTP server (tests/support/smtp.ts) on SMTP_PORT for the whole run,
 * so every spec can send mail through the app (its SMTP_URL points here) and read what arrived with
 * `waitForMail` from tests/e2e/mail.ts. Messages are written as .eml files (with the envelope beside
 * them) to a folder per port, because specs run in other processes. Addresses at refused.example are
 * refused (550), so a spec can make a send fail.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { startSmtpServer } from '../support/smtp'
import { SMTP_PORT } from './base-url'
import { REFUSED_DOMAIN, mailDir } from './mail'

export default async function mailSink() {
  const dir = mailDir()
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  let count = 0
  const server = await startSmtpServer({
    port: SMTP_PORT,
    rejectDomains: [REFUSED_DOMAIN],
    async onMessage(mail) {
      const name = `${String(++count).padStart(5, '0')}-${Date.now()}`
      await writeFile(path.join(dir, `${name}.json`), JSON.stringify(mail.envelope))
      // The .eml appears whole (readers list *.eml): written under another name, then renamed.
      await writeFile(path.join(dir, `${name}.tmp`), mail.raw)
      await rename(path.join(dir, `${name}.tmp`), path.join(dir, `${name}.eml`))
    },
  }).catch((error: Error) => {
    throw new Error(
      `The e2e mail sink could not listen on 127.0.0.1:${SMTP_PORT} (set E2E_SMTP_PORT): ${error.message}`,
    )
  })
  return async () => {
    await server.close()
  }
}
