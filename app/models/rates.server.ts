import { and, asc, eq, isNull, lte, or, gt } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { commissionRules, listItems, producerCommissions, taxRates } from '#app/db/schema'
import type { CommissionRule, ProducerCommission } from '#app/domain/commission'
import type { TaxRate } from '#app/domain/tax'

/**
 * The rate tables the policy calculators read (spec 1 §3): tax rates, MGA commission rules and
 * producer commissions. Their administration screens are separate; these are reads only.
 */

/** A tax rate's columns as the calculators and the State Rates screen read them. */
export const TAX_RATE_COLUMNS = {
  id: taxRates.id,
  state: taxRates.state,
  entity: taxRates.entity,
  rate: taxRates.rate,
  flat: taxRates.flat,
  taxed_fees: taxRates.taxed_fees,
  round: taxRates.round,
  admitted: taxRates.admitted,
  field: taxRates.field,
  start_date: taxRates.start_date,
  end_date: taxRates.end_date,
}

/** A state's tax rates in force on a date (start inclusive, end exclusive): at most one DOI and one SLA. */
export async function taxRatesOn(db: DbOrTx, state: string, date: string): Promise<TaxRate[]> {
  return db
    .select(TAX_RATE_COLUMNS)
    .from(taxRates)
    .where(
      and(
        eq(taxRates.state, state),
        lte(taxRates.start_date, date),
        or(isNull(taxRates.end_date), gt(taxRates.end_date, date)),
      ),
    )
    .orderBy(asc(taxRates.field), asc(taxRates.start_date))
}

/** Every tax rate (a few hundred rows: two per state and their history), for batch calculations. */
export async function allTaxRates(db: DbOrTx): Promise<TaxRate[]> {
  return db
    .select(TAX_RATE_COLUMNS)
    .from(taxRates)
    .orderBy(asc(taxRates.state), asc(taxRates.field), asc(taxRates.start_date))
    .limit(10_000)
}

/** An MGA commission rule's columns as the commission dialog and the MGA Rates screen read them. */
export const COMMISSION_RULE_COLUMNS = {
  id: commissionRules.id,
  mga_id: commissionRules.mga_id,
  carrier: commissionRules.carrier,
  types: commissionRules.types,
  renewal: commissionRules.renewal,
  condition: commissionRules.condition,
  commission: commissionRules.commission,
  start_date: commissionRules.start_date,
  start_date_type: commissionRules.start_date_type,
  end_date: commissionRules.end_date,
  end_date_type: commissionRules.end_date_type,
}

/** The MGA commission rules of an MGA and carrier (GET /api/commissions?mga_id&carrier). */
export async function commissionRulesFor(db: DbOrTx, mgaId: number, carrier: string): Promise<CommissionRule[]> {
  return db
    .select(COMMISSION_RULE_COLUMNS)
    .from(commissionRules)
    .where(and(eq(commissionRules.mga_id, mgaId), eq(commissionRules.carrier, carrier)))
    .orderBy(asc(commissionRules.id))
    .limit(1000)
}

/** Producer commission rates with the producer's `name` list short (null for the default rate). */
export async function producerRates(db: DbOrTx): Promise<(ProducerCommission & { id: number })[]> {
  return db
    .select({
      id: producerCommissions.id,
      short: listItems.short,
      commission: producerCommissions.commission,
      renewal: producerCommissions.renewal,
    })
    .from(producerCommissions)
    .leftJoin(listItems, eq(listItems.lst_id, producerCommissions.list_id))
    .orderBy(asc(producerCommissions.id))
    .limit(10_000)
}
