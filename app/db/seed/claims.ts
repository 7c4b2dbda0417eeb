import type { claimLedger, claims } from '../schema'
import { addDays, daysBetween, maxIso, minIso } from './calendar'
import { cents, idSequence, money, type SeedContext } from './context'
import { GIVEN_FEMALE, GIVEN_MALE, SURNAMES } from './data/names'
import { fidOf, type ContactDirectory, type ContactInfo, type FirmDirectory } from './directory'
import type { PolicyRefs } from './policies'
import type { Rng } from './prng'

const CLAIMS_AT_SCALE_1 = 250

const ERROR_BY_AOP: Record<string, readonly string[]> = {
  RE: ['MD', 'FKL', 'CLE', 'ID'],
  EP: ['PE', 'FKL', 'CLE', 'FFI'],
  PI: ['MD', 'ID', 'FOC'],
  CORP: ['CI', 'FKL', 'PE'],
  TAX: ['FKL', 'MD', 'PE'],
  FAM: ['FOC', 'FFI', 'CI'],
  LIT: ['MD', 'ID', 'PE', 'FOC'],
  BK: ['MD', 'FKL', 'CLE'],
  AUD: ['ID', 'FKL', 'FIW'],
  BKP: ['CLE', 'MD', 'FIW'],
  PCL: ['FPC', 'CLE', 'FFI'],
  TTL: ['CLE', 'FFI', 'FIW'],
}

export interface ClaimRows {
  claims: (typeof claims.$inferInsert)[]
  claimLedger: (typeof claimLedger.$inferInsert)[]
}

export const CLAIM_ID_BASE = 7001
/** Claims per batch handed out: the rows of all of them are never held at once. */
const CLAIMS_PER_BATCH = 2000

/**
 * Claims against booked policies, with counsel from the Adjuster and Panel contacts. Money is
 * consistent: incurred never exceeds reserve for open claims, closed claims have no current amounts
 * and reserves equal to incurred, and the claim ledger's payments per bucket add up to incurred.
 */
export function* generateClaims(
  ctx: SeedContext,
  directory: ContactDirectory,
  firms: FirmDirectory,
  policyRefs: PolicyRefs,
): Generator<ClaimRows> {
  const rng = ctx.rng.fork('claims')
  const adjusters = directory.contactInfo.filter(
    (contact) => contact.types.includes('Adjuster') && contact.people.length > 0,
  )
  const panel = directory.contactInfo.filter((contact) => contact.types.includes('Panel') && contact.people.length > 0)
  // Claims-made policies: a claim falls within a booked policy's term, before today.
  const latestIncept = addDays(ctx.today, -20)
  const claimable = policyRefs.positions(
    (index) => policyRefs.isBooked(index) && policyRefs.inceptOf(index) < latestIncept,
  )
  let rows: (typeof claims.$inferInsert)[] = []
  let ledger: (typeof claimLedger.$inferInsert)[] = []
  const nextClid = idSequence(CLAIM_ID_BASE)
  const nextLedgerId = idSequence(1)
  const sequenceByYear = new Map<string, number>()

  const total = claimable.length === 0 ? 0 : ctx.count(CLAIMS_AT_SCALE_1)
  for (let index = 0; index < total; index++) {
    // rng.pick over the claimable policies, by position: the same draw picks the same policy.
    const policy = policyRefs.ref(claimable[rng.int(0, claimable.length - 1)])
    const firm = firms.firm(policy.fid - fidOf(0))
    const clid = nextClid()
    const claimDate = addDays(
      policy.incept,
      rng.int(0, Math.max(0, daysBetween(policy.incept, minIso(addDays(policy.expiry, -1), addDays(ctx.today, -15))))),
    )
    const error = addDays(claimDate, -rng.int(30, 1500))
    const engaged = addDays(error, -rng.int(0, 700))
    const report = minIso(addDays(claimDate, rng.int(0, 30)), addDays(ctx.today, -10))
    const clmAck = minIso(addDays(report, rng.int(1, 5)), addDays(ctx.today, -5))
    const firstRep = minIso(addDays(clmAck, rng.int(15, 60)), ctx.today)
    const lastRep = minIso(addDays(firstRep, rng.int(0, 400)), ctx.today)
    const status = claimStatus(rng, daysBetween(claimDate, ctx.today))
    const closed = status === 'Closed' || status === 'Denied'
    const close = closed ? minIso(addDays(lastRep, rng.int(0, 60)), ctx.today) : null
    const insuit = rng.weighted<'yes' | 'no' | null>([
      ['yes', 35],
      ['no', 55],
      [null, 10],
    ])
    const aop = aopFor(rng, firm.type)
    const adjuster = rng.pick(adjusters)
    const defense = insuit === 'yes' || rng.chance(0.2) ? rng.pick(panel) : null
    const year = claimDate.slice(2, 4)
    const sequence = (sequenceByYear.get(year) ?? 0) + 1
    sequenceByYear.set(year, sequence)

    const buckets = {
      monitor: money3(rng, closed, rng.chance(0.5) ? rng.amount(2500, 15_000, 250) : 0),
      defense: money3(rng, closed, status === 'Incident' ? 0 : rng.amount(5000, 150_000, 500)),
      damages: money3(
        rng,
        closed,
        status === 'Incident' || status === 'Denied' || rng.chance(0.3) ? 0 : rng.amount(10_000, 750_000, 1000),
      ),
    }
    const deductible = policy.deductible
    const paidDed = Math.min(deductible, buckets.defense.incurred + buckets.damages.incurred)
    const insured = firm.people.slice(0, rng.int(1, Math.min(2, firm.people.length)))
    const resolved =
      status === 'Closed' && buckets.damages.incurred > 0
        ? rng.weighted<'judgement' | 'settlement'>([
            ['settlement', 85],
            ['judgement', 15],
          ])
        : null

    rows.push({
      clid,
      fid: firm.fid,
      pid: policy.pid,
      carrier: policy.carrier,
      type: policy.type,
      clm_num: `${policy.carrier.slice(0, 2).toUpperCase()}${year}-${String(sequence).padStart(5, '0')}`,
      claimant: claimant(rng),
      insdef: [firm.insured, ...insured.map((person) => `${person.surname}, ${person.given}`)].join('; '),
      othdef: rng.chance(0.2)
        ? rng.pick(['Title insurer', 'Co-counsel', 'Escrow agent', 'Outside appraiser', 'Former partner'])
        : null,
      plt_code: rng.pick(['CL', 'CL', 'CL', 'FC', 'TP', 'OP', 'BT', 'BN']),
      def_code: rng.pick(['FRM', 'PTR', 'ASC', 'EMP', 'FEM']),
      aop_code: aop,
      err_code: rng.pick(ERROR_BY_AOP[aop] ?? ['CLE']),
      state: rng.chance(0.9) ? firm.state : rng.pick(['TX', 'CA', 'FL', 'NY', 'IL']),
      insuit,
      est_size: aop === 'EP' ? money(rng.amount(250_000, 8_000_000, 5000)) : null,
      resolved,
      status,
      note: rng.chance(0.6) ? claimNote(rng, status) : null,
      facts: claimFacts(rng, aop),
      feefund: rng.chance(0.05) ? money(rng.amount(1000, 10_000, 100)) : null,
      engaged,
      error,
      claim: claimDate,
      report,
      clm_ack: clmAck,
      first_rep: firstRep,
      last_rep: lastRep,
      close,
      adj_cid: adjuster.cid,
      adj_plid: rng.pick(adjuster.people).plid,
      def_cid: defense?.cid ?? null,
      def_plid: defense ? rng.pick(defense.people).plid : null,
      res_mon: money(buckets.monitor.reserve),
      monitor: money(buckets.monitor.incurred),
      cur_mon: money(buckets.monitor.current),
      res_def: money(buckets.defense.reserve),
      defense: money(buckets.defense.incurred),
      cur_def: money(buckets.defense.current),
      reserve: money(buckets.damages.reserve),
      damages: money(buckets.damages.incurred),
      cur_dam: money(buckets.damages.current),
      deductible: money(deductible),
      paid_ded: money(paidDed),
      stamp: new Date(`${report}T16:00:00Z`),
    })

    const payee = { monitor: adjuster, defense: defense ?? adjuster, damages: null } satisfies Record<
      string,
      ContactInfo | null
    >
    for (const bucket of ['monitor', 'defense', 'damages'] as const) {
      const parts = split(rng, buckets[bucket].incurred, rng.int(1, 3))
      for (const amount of parts) {
        ledger.push({
          id: nextLedgerId(),
          clid,
          type: bucket,
          acct: 'Claims Paid',
          cid: payee[bucket]?.cid ?? null,
          num: `CHK-${rng.digits(6)}`,
          amt: money(amount),
          dated: addDays(clmAck, rng.int(0, Math.max(0, daysBetween(clmAck, close ?? ctx.today)))),
          note:
            bucket === 'damages' ? 'Indemnity payment' : `${bucket === 'monitor' ? 'Monitoring' : 'Defense'} invoice`,
          createdBy: 'claims',
        })
      }
    }
    if (paidDed > 0) {
      ledger.push({
        id: nextLedgerId(),
        clid,
        type: 'deductible',
        acct: 'Deductible',
        cid: null,
        num: `DED-${clid}`,
        amt: money(paidDed),
        dated: maxIso(clmAck, minIso(addDays(clmAck, rng.int(30, 120)), ctx.today)),
        note: 'Deductible received from insured',
        createdBy: 'accounting',
      })
    }
    if (rows.length === CLAIMS_PER_BATCH) {
      yield { claims: rows, claimLedger: ledger }
      rows = []
      ledger = []
    }
  }
  if (rows.length > 0) yield { claims: rows, claimLedger: ledger }
}

/** Reserve, incurred (paid to date) and current (billed, unpaid) of one bucket. */
function money3(rng: Rng, closed: boolean, size: number) {
  if (size === 0) return { reserve: 0, incurred: 0, current: 0 }
  const incurred = cents(size * (closed ? rng.next() * 0.9 + 0.1 : rng.next() * 0.7))
  if (closed) return { reserve: incurred, incurred, current: 0 }
  const current = rng.chance(0.4) ? cents(size * rng.next() * 0.15) : 0
  // One open claim in ten is over its reserve: the screen shows '--' for the negative remaining.
  const reserve = rng.chance(0.1) ? Math.max(0, cents(incurred + current - rng.amount(500, 5000, 100))) : size
  return { reserve, incurred, current }
}

/** Splits an amount into n positive parts whose cents add up exactly. */
function split(rng: Rng, amount: number, parts: number): number[] {
  if (amount <= 0) return []
  const totalCents = Math.round(amount * 100)
  if (totalCents < parts) return [amount]
  const cuts = Array.from({ length: parts - 1 }, () => rng.int(1, totalCents - 1)).sort((a, b) => a - b)
  const bounds = [0, ...cuts, totalCents]
  return bounds
    .slice(1)
    .map((bound, index) => bound - bounds[index])
    .filter((part) => part > 0)
    .map((part) => part / 100)
}

function claimStatus(rng: Rng, ageDays: number): string {
  if (ageDays > 730)
    return rng.weighted<string>([
      ['Closed', 80],
      ['Open', 10],
      ['Litigation', 5],
      ['Denied', 5],
    ])
  if (ageDays > 240)
    return rng.weighted<string>([
      ['Closed', 40],
      ['Open', 35],
      ['Litigation', 12],
      ['Reopened', 5],
      ['Denied', 8],
    ])
  return rng.weighted<string>([
    ['Open', 60],
    ['Incident', 25],
    ['Litigation', 10],
    ['Denied', 5],
  ])
}

function aopFor(rng: Rng, firmType: string): string {
  switch (firmType) {
    case 'Law Firm':
      return rng.pick(['RE', 'RE', 'EP', 'EP', 'PI', 'CORP', 'FAM', 'LIT', 'LIT', 'BK', 'TAX'])
    case 'Accounting Firm':
      return rng.pick(['TAX', 'TAX', 'AUD', 'BKP'])
    case 'Insurance Agency':
      return 'PCL'
    default:
      return rng.pick(['TTL', 'RE'])
  }
}

function claimant(rng: Rng): string {
  if (rng.chance(0.25)) {
    return `${rng.pick(SURNAMES)} ${rng.pick(['Holdings, LLC', 'Family Trust', 'Development Corp.', 'Properties, Inc.', 'Estate'])}`
  }
  return `${rng.pick([...GIVEN_FEMALE, ...GIVEN_MALE])} ${rng.pick(SURNAMES)}`
}

function claimNote(rng: Rng, status: string): string {
  const lines = [
    status === 'Closed' ? 'File closed; final report received.' : 'Awaiting status report from defense counsel.',
    rng.pick([
      'Mediation scheduled.',
      'Insured cooperating.',
      'Coverage position letter sent.',
      'Reservation of rights issued.',
    ]),
  ]
  return rng.chance(0.5) ? `<p>${lines.join('</p><p>')}</p>` : lines.join('\n')
}

function claimFacts(rng: Rng, aop: string): string {
  const facts: Record<string, string> = {
    RE: 'Claimant alleges the insured failed to identify an easement before closing, reducing the value of the property.',
    EP: 'Beneficiaries allege the will was not executed with the required formalities and the estate passed by intestacy.',
    PI: 'Claimant alleges the insured missed the statute of limitations on an automobile accident claim.',
    CORP: 'Former client alleges a conflict of interest in representing both parties to a business sale.',
    TAX: 'Client alleges an incorrect tax position led to penalties and interest after an audit.',
    FAM: 'Client alleges the settlement agreement omitted a retirement account from the property division.',
    LIT: 'Client alleges failure to designate an expert witness before the deadline, leading to summary judgment.',
    BK: 'Trustee alleges improper preference payments were not disclosed in the schedules.',
    AUD: 'Lender alleges reliance on audited statements that failed to detect inventory overstatement.',
    BKP: 'Client alleges payroll tax deposits were missed for three quarters.',
    PCL: 'Insured client alleges the agency failed to bind flood coverage before a loss.',
    TTL: 'Buyer alleges escrow funds were disbursed against an unreleased lien.',
  }
  const text = facts[aop] ?? 'Claimant alleges professional negligence.'
  return rng.chance(0.3) ? `<p>${text}</p><p><em>Demand:</em> policy limits.</p>` : text
}
