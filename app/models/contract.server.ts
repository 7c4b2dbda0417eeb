import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { contracts } from '#app/db/schema'

/**
 * Binding contracts with carriers (spec 3 §3 Contract: id and name), the bordereaux's and the
 * aggregate reports' contract pickers. A few per year of business: read whole, by name.
 */

export interface ContractOption {
  id: number
  contract: string
}

export interface ContractRecord extends ContractOption {
  start_date: string | null
  end_date: string | null
  carrier: string | null
  /** The bordereau's contract settings (decision 0034). */
  coverholder: string | null
  section: string | null
  risk_code: string | null
  naic_code: string | null
}

/**
 * Spec 3 §7: POST /api/contracts answers a list whose first entry the pickers skip. It is the
 * "none chosen" entry, not a contract: id 0 (no contract has it, ids start at 1) and an empty name.
 */
export const NO_CONTRACT: ContractOption = Object.freeze({ id: 0, contract: '' })

/** Every contract, id and name, by name (the pickers' order). */
export async function listContracts(db: DbOrTx): Promise<ContractOption[]> {
  return db.select({ id: contracts.id, contract: contracts.contract }).from(contracts).orderBy(asc(contracts.contract))
}

/** The list POST /api/contracts answers: the empty entry the page skips, then every contract. */
export async function contractPickerList(db: DbOrTx): Promise<ContractOption[]> {
  return [NO_CONTRACT, ...(await listContracts(db))]
}

/** One contract with its term, carrier and bordereau settings (the claims bordereau's heading), or null. */
export async function findContract(db: DbOrTx, id: number): Promise<ContractRecord | null> {
  const [row] = await db
    .select({
      id: contracts.id,
      contract: contracts.contract,
      start_date: contracts.start_date,
      end_date: contracts.end_date,
      carrier: contracts.carrier,
      coverholder: contracts.coverholder,
      section: contracts.section,
      risk_code: contracts.risk_code,
      naic_code: contracts.naic_code,
    })
    .from(contracts)
    .where(eq(contracts.id, id))
  return row ?? null
}
