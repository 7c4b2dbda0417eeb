import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { contacts, ledgers } from '#app/db/schema'

/** A policy's ledger (spec 3 §3 Ledger entry; GET /api/ledgers/?pid=), read only on the policy screens. */

export interface LedgerEntry {
  lid: number
  pid: number
  cid: number | null
  contact: string | null
  type: string
  acct: string
  num: string | null
  amt: string
  due: string | null
  paid: string | null
  dep: string | null
  note: string | null
}

/** A policy's entries by due date; a policy has a handful, capped all the same. */
export async function policyLedger(db: DbOrTx, pid: number, limit = 200): Promise<LedgerEntry[]> {
  return db
    .select({
      lid: ledgers.lid,
      pid: ledgers.pid,
      cid: ledgers.cid,
      contact: contacts.sort,
      type: ledgers.type,
      acct: ledgers.acct,
      num: ledgers.num,
      amt: ledgers.amt,
      due: ledgers.due,
      paid: ledgers.paid,
      dep: ledgers.dep,
      note: ledgers.note,
    })
    .from(ledgers)
    .leftJoin(contacts, eq(contacts.cid, ledgers.cid))
    .where(eq(ledgers.pid, pid))
    .orderBy(asc(ledgers.due), asc(ledgers.lid))
    .limit(limit)
}

export async function getLedgerEntry(db: DbOrTx, lid: number): Promise<LedgerEntry | null> {
  const [row] = await db
    .select({
      lid: ledgers.lid,
      pid: ledgers.pid,
      cid: ledgers.cid,
      contact: contacts.sort,
      type: ledgers.type,
      acct: ledgers.acct,
      num: ledgers.num,
      amt: ledgers.amt,
      due: ledgers.due,
      paid: ledgers.paid,
      dep: ledgers.dep,
      note: ledgers.note,
    })
    .from(ledgers)
    .leftJoin(contacts, eq(contacts.cid, ledgers.cid))
    .where(eq(ledgers.lid, lid))
  return row ?? null
}
