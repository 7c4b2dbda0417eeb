import { isSingleAddress } from './email'
import { parseId } from './ids'

/**
 * Pure rules of the Note/Email editor (spec 2 §2.5, §4, §5, §9) shared by the page, its action and the
 * recipients API: addresses, the To/Cc/Bcc lines built from recipients, the send checks and the
 * expected-files poll. The send's own checks (addresses, To/From/Re/body) are app/domain/email.ts.
 */

// ── Addresses ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The addresses typed in a To line (comma, semicolon or whitespace separated), each once, and the parts
 * that are not one bare address (the email rules of app/domain/email.ts: no display name, no second
 * header can ride along).
 */
export function parseAddressList(text: string | null | undefined): { addresses: string[]; invalid: string[] } {
  const parts = (text ?? '')
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean)
  const addresses: string[] = []
  const invalid: string[] = []
  const seen = new Set<string>()
  for (const part of parts) {
    if (!isSingleAddress(part)) {
      invalid.push(part)
      continue
    }
    if (seen.has(part.toLowerCase())) continue
    seen.add(part.toLowerCase())
    addresses.push(part)
  }
  return { addresses, invalid }
}

// ── Recipients ─────────────────────────────────────────────────────────────────────────────────────

export interface EditorRecipient {
  plid: number
  name: string
  email: string | null
  salutation?: string | null
  to: boolean
  cc: boolean
  bcc: boolean
}

export type RecipientRole = 'to' | 'cc' | 'bcc'
export const RECIPIENT_ROLES: readonly RecipientRole[] = ['to', 'cc', 'bcc']

/** The addresses of the recipients holding a role, without duplicates (case-insensitive), in list order. */
export function recipientAddresses(recipients: readonly EditorRecipient[], role: RecipientRole): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const recipient of recipients) {
    const email = recipient.email?.trim()
    if (!recipient[role] || !email || seen.has(email.toLowerCase())) continue
    seen.add(email.toLowerCase())
    out.push(email)
  }
  return out
}

/**
 * The To line stored on the note: the To recipients' addresses followed by the addresses typed in the
 * To field, each once.
 */
export function joinToLine(recipients: readonly EditorRecipient[], typed: readonly string[]): string {
  const all = [...recipientAddresses(recipients, 'to'), ...typed]
  const seen = new Set<string>()
  return all.filter((address) => !seen.has(address.toLowerCase()) && seen.add(address.toLowerCase())).join(', ')
}

/** The typed part of a stored To line: its addresses that are not already a To recipient's. */
export function typedPartOfToLine(toLine: string | null | undefined, recipients: readonly EditorRecipient[]): string {
  const fromRecipients = new Set(recipientAddresses(recipients, 'to').map((address) => address.toLowerCase()))
  const parts = (toLine ?? '')
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean)
  return parts.filter((part) => !fromRecipients.has(part.toLowerCase())).join(', ')
}

/** A recipient toggled in one role; a row left with no role is dropped when saved. */
export function toggleRole<T extends EditorRecipient>(
  recipients: readonly T[],
  plid: number,
  role: RecipientRole,
  on: boolean,
): T[] {
  return recipients.map((recipient) => (recipient.plid === plid ? { ...recipient, [role]: on } : recipient))
}

/** Adds a person in a role (or gives an existing row that role). */
export function addRecipient<T extends EditorRecipient>(
  recipients: readonly T[],
  person: Omit<T, RecipientRole>,
  role: RecipientRole,
): T[] {
  if (recipients.some((recipient) => recipient.plid === person.plid))
    return toggleRole(recipients, person.plid, role, true)
  return [...recipients, { ...person, to: role === 'to', cc: role === 'cc', bcc: role === 'bcc' } as T]
}

// ── The buttons of a family ────────────────────────────────────────────────────────────────────────

/**
 * The editor's buttons that name a record in their intent, as the page writes them: a person of the
 * search added with a role (`add:to:123`), a recipient removed (`remove:123`), a file taken off the
 * note (`detach:45`). Null for anything else (a crafted value).
 */
export function recipientToAdd(intent: string): { role: RecipientRole; plid: number } | null {
  const match = /^add:(to|cc|bcc):(\d{1,10})$/.exec(intent)
  const plid = match ? parseId(match[2]) : null
  return match && plid !== null ? { role: match[1] as RecipientRole, plid } : null
}

export function idOfIntent(intent: string, family: 'remove:' | 'detach:'): number | null {
  return intent.startsWith(family) ? parseId(intent.slice(family.length)) : null
}

// ── Expected files (spec 2 §9) ─────────────────────────────────────────────────────────────────────

/** Poll the note's files for up to 12 s, first after 250 ms, each wait 150 ms longer, at most 1 s; hint after 350 ms. */
export const EXPECTED_FILES_POLL = {
  totalMs: 12_000,
  firstMs: 250,
  stepMs: 150,
  maxMs: 1_000,
  hintAfterMs: 350,
} as const

/** The waits between polls: 250, 400, 550, 700, 850, 1000, 1000, … until 12 s have been used. */
export function expectedFilesPollDelays(
  poll: { totalMs: number; firstMs: number; stepMs: number; maxMs: number } = EXPECTED_FILES_POLL,
): number[] {
  const delays: number[] = []
  let total = 0
  let next: number = poll.firstMs
  while (total + next <= poll.totalMs) {
    delays.push(next)
    total += next
    next = Math.min(next + poll.stepMs, poll.maxMs)
  }
  return delays
}

// ── Dates ──────────────────────────────────────────────────────────────────────────────────────────

/** A datetime-local value (YYYY-MM-DDTHH:MM) of a real date-time, or null. */
export function parseDateTimeLocal(
  text: string,
): { year: number; month: number; day: number; hour: number; minute: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/.exec(text)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number)
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute))
  if (
    probe.getUTCFullYear() !== year ||
    probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  )
    return null
  if (year < 1900 || year > 2200) return null
  return { year, month, day, hour, minute }
}
