import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'
import {
  between0and1,
  fraction,
  identity,
  inList,
  isoDate,
  money,
  nonNegative,
  notBlank,
  requiredRef,
  version,
  versioned,
} from './columns'
import { contacts } from './contacts'
import { firms } from './firms'
import { POLICY_STATUS_LIST, type PolicyStatusName } from '#app/domain/policies'

/** The 21 policy statuses of spec 3 §4, in the order the status list shows them (app/domain/policies.ts). */
export const POLICY_STATUSES = POLICY_STATUS_LIST
export type PolicyStatus = PolicyStatusName

/**
 * An underwriting program: who takes which fee or commission on its policies and who collects the
 * taxes. Every *id is a contact cid: mga (MGA 2nd fee), pro (producer), dep (MGA 1st fee), sub
 * (sub-producer), src (source), spn (sponsor), doi and sla (the taxing entities).
 */
export const programs = pgTable(
  'programs',
  {
    prid: identity('prid'),
    /** A label for pickers; the spec's program has no name of its own. */
    name: text('name'),
    mgaid: integer('mgaid').references(() => contacts.cid),
    proid: integer('proid').references(() => contacts.cid),
    depid: integer('depid').references(() => contacts.cid),
    subid: integer('subid').references(() => contacts.cid),
    srcid: integer('srcid').references(() => contacts.cid),
    spnid: integer('spnid').references(() => contacts.cid),
    doiid: integer('doiid').references(() => contacts.cid),
    slaid: integer('slaid').references(() => contacts.cid),
    /** How the program's policies are taxed: 'SL' (surplus lines, non-admitted) or 'Admitted'. */
    tax_type: text('tax_type'),
    ...versioned(),
  },
  (t) => [index('programs_sort_idx').on(t.mgaid, t.proid, t.spnid)],
)

/** A binding contract with a carrier (for the bordereaux), named like 'B0123XY2024'. */
export const contracts = pgTable(
  'contracts',
  {
    id: identity('id'),
    contract: text('contract').notNull().unique(),
    start_date: isoDate('start_date'),
    end_date: isoDate('end_date'),
    /** The `short` of the carrier list. */
    carrier: text('carrier'),
    // The bordereau's contract settings (decision 0034): what a binding contract says of itself and
    // the bordereau reports on each row. Null when not set; the bordereau then leaves the cell empty.
    /** The coverholder named in the contract (the claims bordereau's heading). */
    coverholder: text('coverholder'),
    /** The contract's section the office binds under (the bordereau's sectionnum). */
    section: text('section'),
    /** The Lloyd's risk code of the contract's class of business (the claims bordereau's risk_code). */
    risk_code: text('risk_code'),
    /** The carrier's NAIC company code (an alien insurer's NAIC id, AA-…, for Lloyd's). */
    naic_code: text('naic_code'),
    version: version(),
  },
  (t) => [
    check('contracts_name_not_blank', notBlank(t.contract)),
    check(
      'contracts_dates_ordered',
      sql`${t.start_date} IS NULL OR ${t.end_date} IS NULL OR ${t.end_date} >= ${t.start_date}`,
    ),
  ],
)

/**
 * A policy or quote (spec 3 §2.4). taxes, fees and total are generated from the individual fees so
 * they can never disagree with them (spec 3 §3): taxes = doifee + slafee; fees = the six other fees;
 * total = premium + taxes + fees. Commission fields are fractions.
 */
export const policies = pgTable(
  'policies',
  {
    pid: identity('pid'),
    fid: requiredRef('fid', () => firms.fid),
    prid: integer('prid').references(() => programs.prid),
    /** Option group within (fid, prid); 0 is "no group". */
    grpnum: integer('grpnum').notNull().default(0),
    /** The producer's `short` from the `name` list. */
    prodname: text('prodname'),
    zip: text('zip'),
    insured: text('insured'),
    polnum: text('polnum'),
    /** Prior policy. */
    ppid: integer('ppid').references((): AnyPgColumn => policies.pid, { onDelete: 'set null' }),
    sales: money('sales'),
    status: text('status', { enum: POLICY_STATUSES }).notNull(),
    /** Placement, the `short` of the is_new list: New, Renewal, Rewrite. */
    is_new: text('is_new'),
    carrier: text('carrier'),
    type: text('type'),
    incept: isoDate('incept'),
    expiry: isoDate('expiry'),
    retro: isoDate('retro'),
    /** When the policy was booked (the bind authority report's stamp). */
    bstamp: timestamp('bstamp', { withTimezone: true }),
    submitted: isoDate('submitted'),
    quoted: isoDate('quoted'),
    bndreq: isoDate('bndreq'),
    booked: isoDate('booked'),
    bound: isoDate('bound'),
    issued: isoDate('issued'),
    canceled: isoDate('canceled'),
    /** The `short` of the cancat list. */
    cancellationcode: text('cancellationcode'),
    limits: text('limits'),
    ltype: text('ltype'),
    deduc: text('deduc'),
    dtype: text('dtype'),
    premium: money('premium'),
    doifee: money('doifee').notNull().default('0'),
    slafee: money('slafee').notNull().default('0'),
    profee: money('profee').notNull().default('0'),
    subfee: money('subfee').notNull().default('0'),
    depfee: money('depfee').notNull().default('0'),
    mgafee: money('mgafee').notNull().default('0'),
    srcfee: money('srcfee').notNull().default('0'),
    spnfee: money('spnfee').notNull().default('0'),
    taxes: money('taxes').generatedAlwaysAs(sql`"doifee" + "slafee"`),
    fees: money('fees').generatedAlwaysAs(sql`"profee" + "subfee" + "depfee" + "mgafee" + "srcfee" + "spnfee"`),
    total: money('total').generatedAlwaysAs(
      sql`COALESCE("premium", 0) + "doifee" + "slafee" + "profee" + "subfee" + "depfee" + "mgafee" + "srcfee" + "spnfee"`,
    ),
    down: money('down'),
    forms: text('forms'),
    features: text('features'),
    docs: text('docs'),
    note: text('note'),
    contract: integer('contract').references(() => contracts.id),
    /** The bordereau month the policy reports in, YYYY-MM. */
    period: text('period'),
    mgaid: integer('mgaid').references(() => contacts.cid),
    spnid: integer('spnid').references(() => contacts.cid),
    mgacom: fraction('mgacom'),
    procom: fraction('procom'),
    subcom: fraction('subcom'),
    spncom: fraction('spncom'),
    /**
     * How many ledger entries the policy has, kept by a trigger on ledgers (migration 0022, decision
     * 0037) so the policies without any (a Past policy never billed) are one partial index. Never written by the app.
     */
    ledger_entries: integer('ledger_entries').notNull().default(0),
    ...versioned(),
  },
  (t) => [
    check('policies_status_valid', sql`${t.status} IN (${inList(POLICY_STATUSES)})`),
    check('policies_grpnum_non_negative', nonNegative(t.grpnum)),
    check('policies_dates_ordered', sql`${t.incept} IS NULL OR ${t.expiry} IS NULL OR ${t.expiry} >= ${t.incept}`),
    check('policies_period_shape', sql`${t.period} IS NULL OR ${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('policies_premium_non_negative', sql`${t.premium} IS NULL OR ${t.premium} >= 0`),
    check(
      'policies_fees_non_negative',
      sql`${t.doifee} >= 0 AND ${t.slafee} >= 0 AND ${t.profee} >= 0 AND ${t.subfee} >= 0 AND ${t.depfee} >= 0 AND ${t.mgafee} >= 0 AND ${t.srcfee} >= 0 AND ${t.spnfee} >= 0`,
    ),
    check('policies_mgacom_fraction', between0and1(t.mgacom)),
    check('policies_procom_fraction', between0and1(t.procom)),
    check('policies_subcom_fraction', between0and1(t.subcom)),
    check('policies_spncom_fraction', between0and1(t.spncom)),
    index('policies_fid_status_idx').on(t.fid, t.status),
    index('policies_status_idx').on(t.status),
    index('policies_prid_grpnum_idx').on(t.prid, t.grpnum),
    index('policies_ppid_idx').on(t.ppid),
    // The policies bordereau: a contract's policies by period (month booked), paged in this order.
    index('policies_contract_period_idx').on(t.contract, t.period, t.pid),
    index('policies_carrier_type_idx').on(t.carrier, t.type, t.incept),
    index('policies_incept_idx').on(t.incept),
    index('policies_polnum_idx').on(t.polnum),
    index('policies_mgaid_idx').on(t.mgaid),
  ],
)

/** A policy's accounting entry (spec 3 §3 Ledger entry). cid is the party paid or paying. */
export const ledgers = pgTable(
  'ledgers',
  {
    lid: identity('lid'),
    // Accounting history must not vanish with a policy: deleting a policy with entries is refused.
    pid: requiredRef('pid', () => policies.pid),
    cid: integer('cid').references(() => contacts.cid),
    /** The `short` of the ledgertype list. */
    type: text('type').notNull(),
    /** The `short` of the ledgeracct list. */
    acct: text('acct').notNull(),
    /** Invoice or check number. */
    num: text('num'),
    amt: money('amt').notNull(),
    due: isoDate('due'),
    paid: isoDate('paid'),
    /** Deposit date. */
    dep: isoDate('dep'),
    note: text('note'),
    ...versioned(),
  },
  (t) => [index('ledgers_pid_idx').on(t.pid), index('ledgers_cid_idx').on(t.cid), index('ledgers_due_idx').on(t.due)],
)

/**
 * The policies bordereau's totals per contract and period (decision 0034), maintained exactly by a
 * trigger on policies (migration 0018): the count, gross premium, the part retained by the provider
 * (premium × the four commission rates, rounded to the cent per policy) and the part remitted to the
 * carrier. period '' holds a contract's policies without a period. Never written by the app.
 */
export const bordereauPeriods = pgTable(
  'bordereau_periods',
  {
    contract: integer('contract')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    policies: integer('policies').notNull().default(0),
    gross: money('gross').notNull().default('0'),
    retained: money('retained').notNull().default('0'),
    remitted: money('remitted').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.contract, t.period] })],
)

/**
 * Deposits per day (ledger entries with a deposit date: how many, and their sum), kept exact by a
 * statement trigger on ledgers (migration 0022, decision 0037) for the deposit-balances report, which
 * rolls days up into months and years. Never written by the app.
 */
export const ledgerDepositDays = pgTable('ledger_deposit_days', {
  dep: isoDate('dep').primaryKey(),
  entries: integer('entries').notNull().default(0),
  amount: money('amount').notNull().default('0'),
})

/**
 * Each firm's open balances from its policies' unpaid ledger entries (decision 0037): receivables, the
 * positive entries (what the client owes); payables, the negative entries without a contact (what the
 * office owes the client), as a positive sum. Kept by triggers on ledgers and on a policy's firm
 * (migration 0022). Never written by the app.
 */
export const clientBalances = pgTable('client_balances', {
  fid: integer('fid').primaryKey(),
  receivableEntries: integer('receivable_entries').notNull().default(0),
  receivables: money('receivables').notNull().default('0'),
  payableEntries: integer('payable_entries').notNull().default(0),
  payables: money('payables').notNull().default('0'),
})
