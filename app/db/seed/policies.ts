import {
  POLICY_STATUSES,
  type contracts,
  type ledgers,
  type policies,
  type PolicyStatus,
  type programs,
} from '../schema'
import { addDays, addYears, at, isoDate, maxIso, minIso, monthOf, parseIso, yearOf } from './calendar'
import { cents, idSequence, money, type SeedContext } from './context'
import { DEDUCTIBLES, LIMITS, type FirmType } from './data/lists'
import { fidOf, type ContactDirectory, type FirmDirectory, type FirmInfo } from './directory'
import { int32List, uint8List } from './packed'
import type { Rng } from './prng'
import { roundTax, taxRuleOn, type CommissionRule, type RateRows } from './rates'

interface ProgramSeed {
  name: string
  mga: string
  pro?: string
  sub?: string
  src?: string
  spn?: string
  doi?: string
  sla?: string
  taxType: 'SL' | 'Admitted'
  carrier: string
  ptype: string
  firmTypes: readonly FirmType[]
}

const PROGRAMS: readonly ProgramSeed[] = [
  {
    name: 'Summit FPL Direct',
    mga: 'SUMMIT',
    taxType: 'SL',
    carrier: 'Lloyds',
    ptype: 'FPL',
    firmTypes: ['Law Firm', 'Accounting Firm', 'Insurance Agency'],
  },
  {
    name: 'Summit FPL - Anchor',
    mga: 'SUMMIT',
    pro: 'ANCHOR',
    taxType: 'SL',
    carrier: 'Lloyds',
    ptype: 'FPL',
    firmTypes: ['Law Firm', 'Insurance Agency'],
  },
  {
    name: 'Summit FPL - Texas Bar',
    mga: 'SUMMIT',
    pro: 'ANCHOR',
    spn: 'BARTRUST',
    doi: 'TXCOMPT',
    sla: 'SLTX',
    taxType: 'SL',
    carrier: 'Lloyds',
    ptype: 'FPL',
    firmTypes: ['Law Firm'],
  },
  {
    name: 'Summit FPL - Tri-State',
    mga: 'SUMMIT',
    pro: 'TRISTATE',
    taxType: 'SL',
    carrier: 'Lloyds',
    ptype: 'FPL',
    firmTypes: ['Law Firm', 'Accounting Firm'],
  },
  {
    name: 'Summit FPL - California',
    mga: 'SUMMIT',
    doi: 'CADOI',
    sla: 'SLACAL',
    taxType: 'SL',
    carrier: 'Lloyds',
    ptype: 'FPL',
    firmTypes: ['Law Firm', 'Accounting Firm'],
  },
  {
    name: 'Summit FPL - New York',
    mga: 'SUMMIT',
    pro: 'TRISTATE',
    doi: 'NYDFS',
    sla: 'ELANY',
    taxType: 'SL',
    carrier: 'Lloyds',
    ptype: 'FPL',
    firmTypes: ['Law Firm'],
  },
  {
    name: 'Summit FPL - LawyerLink',
    mga: 'SUMMIT',
    src: 'LAWLINK',
    taxType: 'SL',
    carrier: 'Lloyds',
    ptype: 'FPL',
    firmTypes: ['Law Firm'],
  },
  {
    name: 'Summit LPL Large Firm',
    mga: 'SUMMIT',
    pro: 'HERITAGE',
    sub: 'ANCHOR',
    taxType: 'SL',
    carrier: 'Lloyds',
    ptype: 'LPL',
    firmTypes: ['Law Firm'],
  },
  {
    name: 'Summit APL - CPA Trust',
    mga: 'SUMMIT',
    pro: 'HERITAGE',
    spn: 'CPATRUST',
    taxType: 'SL',
    carrier: 'Lloyds',
    ptype: 'APL',
    firmTypes: ['Accounting Firm'],
  },
  {
    name: 'Summit APL Direct',
    mga: 'SUMMIT',
    taxType: 'SL',
    carrier: 'Lloyds',
    ptype: 'APL',
    firmTypes: ['Accounting Firm'],
  },
  {
    name: 'Summit IAEO - Coastal',
    mga: 'SUMMIT',
    pro: 'COASTAL',
    src: 'COASTAL',
    doi: 'FLDOR',
    sla: 'FSLSO',
    taxType: 'SL',
    carrier: 'Lloyds',
    ptype: 'IAEO',
    firmTypes: ['Insurance Agency'],
  },
  {
    name: 'Summit Title & Realty',
    mga: 'SUMMIT',
    pro: 'HERITAGE',
    taxType: 'SL',
    carrier: 'Lexington',
    ptype: 'TEO',
    firmTypes: ['Title Agency'],
  },
  {
    name: 'Summit Realty E&O',
    mga: 'SUMMIT',
    taxType: 'SL',
    carrier: 'Lexington',
    ptype: 'REPL',
    firmTypes: ['Real Estate'],
  },
  {
    name: 'Keystone LPL',
    mga: 'KEYSTONE',
    pro: 'TRISTATE',
    taxType: 'SL',
    carrier: 'Lloyds',
    ptype: 'LPL',
    firmTypes: ['Law Firm'],
  },
  {
    name: 'Keystone Agents E&O',
    mga: 'KEYSTONE',
    pro: 'ANCHOR',
    taxType: 'SL',
    carrier: 'Scottsdale',
    ptype: 'IAEO',
    firmTypes: ['Insurance Agency'],
  },
  {
    name: 'Keystone FPL Admitted',
    mga: 'KEYSTONE',
    taxType: 'Admitted',
    carrier: 'Markel',
    ptype: 'FPL',
    firmTypes: ['Law Firm', 'Accounting Firm'],
  },
  {
    name: 'Pacific Crest APL',
    mga: 'PACCREST',
    doi: 'CADOI',
    sla: 'SLACAL',
    taxType: 'SL',
    carrier: 'Markel',
    ptype: 'APL',
    firmTypes: ['Accounting Firm'],
  },
  {
    name: 'Pacific Crest Cyber',
    mga: 'PACCREST',
    pro: 'HERITAGE',
    taxType: 'SL',
    carrier: 'Markel',
    ptype: 'CYB',
    firmTypes: ['Law Firm', 'Accounting Firm', 'Insurance Agency'],
  },
  {
    name: 'Great Lakes LPL',
    mga: 'GLRM',
    src: 'LAWLINK',
    taxType: 'SL',
    carrier: 'Evanston',
    ptype: 'LPL',
    firmTypes: ['Law Firm'],
  },
  {
    name: 'Great Lakes APL',
    mga: 'GLRM',
    pro: 'ANCHOR',
    sub: 'HERITAGE',
    spn: 'CPATRUST',
    taxType: 'SL',
    carrier: 'Evanston',
    ptype: 'APL',
    firmTypes: ['Accounting Firm'],
  },
]

/** Statuses of policies that were bound and booked (the "Policies" view of a firm). */
export const BOOKED_STATUSES: readonly PolicyStatus[] = [
  'Book',
  'dncLost',
  'Lost',
  'Past',
  'Tail',
  'Current',
  'History',
]
const QUOTE_STAGES: readonly (readonly [PolicyStatus, number])[] = [
  ['Quote', 8],
  ['Indicate', 4],
  ['IndiRate', 2],
  ['Rate', 2],
  ['Submit', 4],
  ['App', 3],
  ['Info', 2],
  ['notComp', 2],
  ['Ready', 2],
  ['Sent', 3],
  ['Comp', 2],
  ['Hold', 1],
  ['BOR', 1],
  ['Refuse', 1],
]

/**
 * Some renewals move to another carrier (the Renewal report's prior carrier differs from the carrier):
 * one renewal in 13, chosen by its pid so that no draw of the generator changes and the rest of the
 * seed stays as it was. A Lloyds renewal moves to one of four other carriers; any other comes to Lloyds.
 */
const CARRIER_CHANGE_EVERY = 13
const NEW_CARRIERS = ['Lexington', 'Markel', 'Beazley', 'Hiscox'] as const
export function renewalCarrier(programCarrier: string, pid: number, renewal: boolean): string {
  if (!renewal || pid % CARRIER_CHANGE_EVERY !== 0) return programCarrier
  return programCarrier === 'Lloyds' ? NEW_CARRIERS[(pid / CARRIER_CHANGE_EVERY) % NEW_CARRIERS.length] : 'Lloyds'
}

export interface PolicyInfo {
  pid: number
  fid: number
  status: PolicyStatus
  carrier: string
  type: string
  incept: string
  expiry: string
  deductible: number
  booked: boolean
  contractId: number | null
}

export interface PolicyRows {
  policies: (typeof policies.$inferInsert)[]
  ledgers: (typeof ledgers.$inferInsert)[]
}

/** What claims, notes and files read of a policy written earlier. */
export interface PolicyRef {
  pid: number
  fid: number
  carrier: string
  type: string
  incept: string
  expiry: string
  deductible: number
  booked: boolean
}

/**
 * Every policy written, a few bytes each (firm, program, inception, deductible), so claims, notes and
 * files can pick policies at random from a seed of a million firms without keeping the rows.
 */
export class PolicyRefs {
  private readonly firmIndex = int32List()
  private readonly program = uint8List()
  private readonly inceptDay = int32List()
  private readonly deductible = int32List()
  private readonly booked = uint8List()
  /** 1 where the policy's carrier is not its program's (renewalCarrier). */
  private readonly carrierChanged = uint8List()
  /** Where each firm's policies start; a firm's policies are consecutive, but for the extra ones. */
  private readonly firstOfFirm = int32List()
  /** Policies added after the firms' own, by firm position (the "every status" ones). */
  private readonly extras = new Map<number, number[]>()
  /** How many policies the firms' own walk wrote, once it is over. */
  private firmsEnd = -1

  constructor(private readonly programs: readonly ProgramSeed[]) {}

  get count(): number {
    return this.program.length
  }

  startFirm(firmIndex: number) {
    if (firmIndex !== this.firstOfFirm.length)
      throw new Error(`Firms must be added in order (expected ${this.firstOfFirm.length}, got ${firmIndex})`)
    this.firstOfFirm.push(this.count)
  }

  /** After the last firm's own policies: what is added now is an extra one. */
  endFirms() {
    this.firmsEnd = this.count
  }

  add(firmIndex: number, programIndex: number, info: PolicyInfo) {
    const index = this.program.push(programIndex)
    this.firmIndex.push(firmIndex)
    this.inceptDay.push(parseIso(info.incept).getTime() / DAY_MS)
    this.deductible.push(info.deductible)
    this.booked.push(info.booked ? 1 : 0)
    this.carrierChanged.push(info.carrier === this.programs[programIndex].carrier ? 0 : 1)
    if (this.firmsEnd >= 0) this.extras.set(firmIndex, [...(this.extras.get(firmIndex) ?? []), index])
  }

  /** Policy number `index` in the order written (pid 30001 + index). */
  ref(index: number): PolicyRef {
    const program = this.programs[this.program.get(index)]
    const incept = isoDate(new Date(this.inceptDay.get(index) * DAY_MS))
    return {
      pid: PID_BASE + index,
      fid: fidOf(this.firmIndex.get(index)),
      carrier: renewalCarrier(program.carrier, PID_BASE + index, this.carrierChanged.get(index) === 1),
      type: program.ptype,
      incept,
      expiry: addYears(incept, 1),
      deductible: this.deductible.get(index),
      booked: this.booked.get(index) === 1,
    }
  }

  /** A firm's policies in pid order, the extra ones included. */
  ofFirm(firmIndex: number): PolicyRef[] {
    const first = this.firstOfFirm.get(firmIndex)
    if (this.firmsEnd < 0) throw new Error('The firms are still being written')
    const end = firmIndex + 1 < this.firstOfFirm.length ? this.firstOfFirm.get(firmIndex + 1) : this.firmsEnd
    const indexes = [...Array.from({ length: end - first }, (_, i) => first + i), ...(this.extras.get(firmIndex) ?? [])]
    return indexes.map((index) => this.ref(index))
  }

  /** Positions of the policies for which `test` holds, in pid order. */
  positions(test: (index: number) => boolean): Int32Array {
    const found: number[] = []
    for (let index = 0; index < this.count; index++) if (test(index)) found.push(index)
    return Int32Array.from(found)
  }

  isBooked(index: number): boolean {
    return this.booked.get(index) === 1
  }

  inceptOf(index: number): string {
    return isoDate(new Date(this.inceptDay.get(index) * DAY_MS))
  }
}

const PID_BASE = 30_001
const DAY_MS = 86_400_000

export interface PolicyBook {
  programs: (typeof programs.$inferInsert)[]
  contracts: (typeof contracts.$inferInsert)[]
  refs: PolicyRefs
  /** One firm's policies (in firm order) and their ledger entries. */
  forFirm(firm: FirmInfo, firmIndex: number): PolicyRows
  /** After the last firm: a policy of each status no firm got, on firms picked at random. */
  completeStatuses(firms: FirmDirectory): PolicyRows
}

interface ProgramInfo extends ProgramSeed {
  prid: number
  cid: (key: keyof ProgramSeed) => number | null
}

export function createPolicyBook(ctx: SeedContext, directory: ContactDirectory, rates: RateRows): PolicyBook {
  const rng = ctx.rng.fork('policies')
  const contactCid = (sort: string | undefined) => (sort ? directory.contactBySort(sort).cid : null)
  const programInfo: ProgramInfo[] = PROGRAMS.map((seed, index) => ({
    ...seed,
    prid: index + 1,
    cid: (key) => contactCid(seed[key] as string | undefined),
  }))
  const programRows = programInfo.map((program) => ({
    prid: program.prid,
    name: program.name,
    mgaid: program.cid('mga'),
    proid: program.cid('pro'),
    depid: program.cid('mga'),
    subid: program.cid('sub'),
    srcid: program.cid('src'),
    spnid: program.cid('spn'),
    doiid: program.cid('doi'),
    slaid: program.cid('sla'),
    tax_type: program.taxType,
  }))

  // Lloyd's binding contracts, one per year: four past years, this year and next year's renewal.
  const thisYear = yearOf(ctx.today)
  const contractRows = Array.from({ length: 6 }, (_, index) => {
    const year = thisYear - 4 + index
    return {
      id: index + 1,
      contract: `B0123XY${year}`,
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
      carrier: 'Lloyds',
      // The contract's bordereau settings (decision 0034): the office is the coverholder, one section,
      // risk code E5 (US professional indemnity), Lloyd's NAIC alien insurer id.
      coverholder: 'Summit Professional Underwriters',
      section: '1',
      risk_code: 'E5',
      naic_code: 'AA-1122000',
    }
  })
  const contractFor = (carrier: string, incept: string) =>
    carrier === 'Lloyds' ? (contractRows.find((c) => c.start_date <= incept && incept <= c.end_date)?.id ?? null) : null

  const nextPid = idSequence(PID_BASE)
  const nextLid = idSequence(1)
  // Rows of the firm being written; handed out and emptied after each firm.
  let policyRows: (typeof policies.$inferInsert)[] = []
  let ledgerRows: (typeof ledgers.$inferInsert)[] = []
  const refs = new PolicyRefs(PROGRAMS)
  const seen = new Set<PolicyStatus>()
  let currentFirm = -1
  const lloyds = directory.contactBySort('LLOYDS').cid

  function addPolicy(
    firm: FirmInfo,
    program: ProgramInfo,
    status: PolicyStatus,
    incept: string,
    prior: PolicyInfo | null,
    grpnum = 0,
  ) {
    const pid = nextPid()
    const booked = BOOKED_STATUSES.includes(status)
    const stage = booked ? 5 : stageOf(status)
    const expiry = addYears(incept, 1)
    const cap = (iso: string) => minIso(iso, ctx.today)
    const submitted = booked ? addDays(incept, -rng.int(25, 70)) : cap(addDays(incept, -rng.int(10, 60)))
    const quoted = stage >= 2 ? cap(addDays(submitted, rng.int(2, 10))) : null
    const bndreq = stage >= 4 && quoted ? cap(addDays(quoted, rng.int(1, 8))) : null
    const bound = booked && bndreq ? minIso(addDays(bndreq, rng.int(0, 3)), incept) : null
    const bookedOn = bound ? addDays(bound, rng.int(0, 5)) : null
    const issued = bookedOn ? addDays(bookedOn, rng.int(2, 20)) : null
    const renewal = prior !== null
    const carrier = renewalCarrier(program.carrier, pid, renewal)
    // Before a premium is known there is nothing to charge fees or taxes on.
    const priced = stage >= 1
    const premium = premiumFor(rng, program.ptype, firm)
    const fee = (present: unknown, amount: number) => (priced && present ? amount : 0)
    const fees = {
      depfee: fee(program.mga, rng.pick([150, 200, 250])),
      mgafee: fee(rng.chance(0.3), 100),
      profee: fee(program.pro, rng.pick([0, 100, 150, 250])),
      subfee: fee(program.sub, 50),
      srcfee: fee(program.src, 25),
      spnfee: fee(program.spn, 35),
    }
    const taxes =
      priced && program.taxType === 'SL' ? taxesFor(rates, firm.state, incept, premium, fees) : { doifee: 0, slafee: 0 }
    const commission = booked
      ? commissionFor(rates.commissionRuleList, program, {
          incept,
          expiry,
          quoted,
          booked: bookedOn,
          bound,
          renewal,
          premium,
          headCount: firm.headCount,
        })
      : null
    const total = premium + taxes.doifee + taxes.slafee + Object.values(fees).reduce((sum, fee) => sum + fee, 0)
    const canceled =
      booked && (status === 'Past' || status === 'Book') && rng.chance(0.04)
        ? minIso(addDays(incept, rng.int(30, 300)), ctx.today)
        : null
    const contractId = booked ? contractFor(carrier, incept) : null
    const limits = rng.pick(LIMITS)
    const deduc = rng.pick(DEDUCTIBLES)
    policyRows.push({
      pid,
      fid: firm.fid,
      prid: program.prid,
      grpnum,
      prodname: firm.producer,
      zip: firm.zip,
      insured: firm.insured,
      polnum: booked ? `${program.ptype}-${incept.slice(2, 4)}-${pid}` : null,
      ppid: prior?.pid ?? null,
      sales: money(firm.sales),
      status,
      is_new: renewal ? (rng.chance(0.03) ? 'Rewrite' : 'Renewal') : 'New',
      carrier,
      type: program.ptype,
      incept,
      expiry,
      retro: rng.chance(0.2) ? null : addYears(incept, -rng.int(0, 12)),
      bstamp: bookedOn ? at(bookedOn, 15, rng.int(0, 59)) : null,
      submitted,
      quoted,
      bndreq,
      booked: bookedOn,
      bound,
      issued: issued && issued < ctx.today ? issued : null,
      canceled,
      cancellationcode: canceled ? rng.pick(['IR', 'NP', 'UW', 'RW', 'FD']) : null,
      limits,
      ltype: rng.pick(['PC/AGG', 'PC/AGG', 'CEO', 'CEI']),
      deduc,
      dtype: rng.pick(['Per Claim', 'Per Claim', 'Aggregate', 'Per Claim w/ Agg Cap']),
      premium: priced ? money(premium) : null,
      doifee: money(taxes.doifee),
      slafee: money(taxes.slafee),
      profee: money(fees.profee),
      subfee: money(fees.subfee),
      depfee: money(fees.depfee),
      mgafee: money(fees.mgafee),
      srcfee: money(fees.srcfee),
      spnfee: money(fees.spnfee),
      down: booked && rng.chance(0.4) ? money(Math.round(total * 0.25)) : null,
      forms: `${program.ptype}-100 (01/21) Policy Form; ${program.ptype}-210 Disciplinary Proceedings Endorsement${rng.chance(0.3) ? `; ${program.ptype}-330 Prior Acts Exclusion` : ''}`,
      features: rng.pick([
        'Defense costs outside limits up to $50,000',
        'Disciplinary proceedings $25,000',
        'First dollar defense',
        'Claims expense within limits',
      ]),
      docs: booked ? `Signed application ${submitted}; loss runs received` : `Application received ${submitted}`,
      note: rng.chance(0.15)
        ? rng.pick([
            'Insured asked to review higher limits at renewal.',
            'Subject to no known claims letter.',
            'Premium financed.',
          ])
        : null,
      contract: contractId,
      period: bookedOn ? monthOf(bookedOn) : null,
      mgaid: program.cid('mga'),
      spnid: program.cid('spn'),
      mgacom: commission === null ? null : commission.toFixed(6),
      procom: booked && program.cid('pro') ? rng.pick([0.1, 0.125, 0.15]).toFixed(6) : null,
      subcom: booked && program.cid('sub') ? '0.025000' : null,
      spncom: booked && program.cid('spn') ? '0.010000' : null,
    })
    const info: PolicyInfo = {
      pid,
      fid: firm.fid,
      status,
      carrier,
      type: program.ptype,
      incept,
      expiry,
      deductible: Number(deduc.replaceAll(',', '')),
      booked,
      contractId,
    }
    seen.add(status)
    refs.add(currentFirm, program.prid - 1, info)
    if (booked && bookedOn)
      addLedger(pid, program, carrier, bookedOn, incept, cents(total), premium, commission, taxes.doifee + taxes.slafee)
    return info
  }

  function addLedger(
    pid: number,
    program: ProgramInfo,
    carrier: string,
    bookedOn: string,
    incept: string,
    total: number,
    premium: number,
    mgacom: number | null,
    taxes: number,
  ) {
    const due = addDays(maxIso(bookedOn, incept), 30)
    const paid = due < addDays(ctx.today, -10) ? rng.chance(0.95) : rng.chance(0.4)
    const paidOn = paid ? minIso(addDays(bookedOn, rng.int(5, 40)), ctx.today) : null
    ledgerRows.push({
      lid: nextLid(),
      pid,
      cid: null,
      type: 'Invoice',
      acct: 'Premium',
      num: `INV-${pid}`,
      amt: money(total),
      due,
      paid: paidOn,
      dep: paidOn ? minIso(addDays(paidOn, rng.int(0, 3)), ctx.today) : null,
      note: null,
    })
    if (taxes > 0) {
      ledgerRows.push({
        lid: nextLid(),
        pid,
        cid: program.cid('doi') ?? program.cid('sla'),
        type: 'Tax',
        acct: 'Taxes',
        num: null,
        amt: money(-taxes),
        due: addDays(due, 30),
        paid: paidOn ? minIso(addDays(paidOn, 30), ctx.today) : null,
        dep: null,
        note: 'Surplus lines tax and stamping fee',
      })
    }
    const proid = program.cid('pro')
    if (proid) {
      ledgerRows.push({
        lid: nextLid(),
        pid,
        cid: proid,
        type: 'Commission',
        acct: 'Producer Commission',
        num: paidOn ? `CHK-${rng.digits(6)}` : null,
        amt: money(-cents(premium * 0.1)),
        due: addDays(due, 15),
        paid: paidOn ? minIso(addDays(paidOn, 20), ctx.today) : null,
        dep: null,
        note: null,
      })
    }
    if (carrier === 'Lloyds') {
      ledgerRows.push({
        lid: nextLid(),
        pid,
        cid: lloyds,
        type: 'Remit',
        acct: 'Carrier Remit',
        num: null,
        amt: money(-cents(premium * (1 - (mgacom ?? 0.25)))),
        due: addDays(due, 45),
        paid: paidOn ? minIso(addDays(paidOn, 45), ctx.today) : null,
        dep: null,
        note: 'Net premium to Lloyds per bordereau',
      })
    }
  }

  const programsFor = (type: FirmType) => programInfo.filter((program) => program.firmTypes.includes(type))

  function forFirm(firm: FirmInfo, firmIndex: number): PolicyRows {
    currentFirm = firmIndex
    refs.startFirm(firmIndex)
    const candidates = programsFor(firm.type)
    // Firms in a state with a state-specific program mostly use it; others use the multi-state ones.
    const local = candidates.filter((candidate) => stateOfProgram(candidate) === firm.state)
    const general = candidates.filter((candidate) => !candidate.doi)
    const program =
      local.length > 0 && rng.chance(0.7) ? rng.pick(local) : rng.pick(general.length > 0 ? general : candidates)
    const currentIncept = addDays(ctx.today, -rng.int(5, 340))
    const chain = (statuses: PolicyStatus[], lastIncept: string) => {
      // Oldest first, so each renewal points at its prior policy.
      let prior: PolicyInfo | null = null
      for (const [index, status] of statuses.entries()) {
        prior = addPolicy(firm, program, status, addYears(lastIncept, index - (statuses.length - 1)), prior)
      }
      return prior
    }
    const history = (years: number): PolicyStatus[] =>
      Array.from({ length: years }, (_, i) => (i === 0 && years > 2 ? 'History' : 'Past'))
    switch (firm.status) {
      case 'Insured': {
        const current = chain([...history(rng.int(0, 3)), rng.chance(0.08) ? 'Current' : 'Book'], currentIncept)
        // Renewal work in progress for policies expiring within two months.
        if (current && current.expiry <= addDays(ctx.today, 60))
          addPolicy(firm, program, rng.pick(['Quote', 'Ready', 'Sent', 'Submit'] as const), current.expiry, current)
        break
      }
      case 'Active':
        chain([...history(rng.int(0, 1)), 'Book'], currentIncept)
        break
      case 'Prospect': {
        const status = rng.weighted(QUOTE_STAGES)
        const incept = addDays(ctx.today, rng.int(10, 90))
        if (status === 'Quote' && rng.chance(0.4)) {
          // Options offered together: same program, same group number.
          for (let option = 0; option < rng.int(2, 3); option++) addPolicy(firm, program, 'Quote', incept, null, 1)
        } else addPolicy(firm, program, status, incept, null)
        break
      }
      case 'Lapsed':
        chain([...history(rng.int(1, 2)), 'Lost'], addYears(currentIncept, -1))
        break
      case 'Declined':
        addPolicy(
          firm,
          program,
          rng.chance(0.6) ? 'Refuse' : 'dncLost',
          addYears(currentIncept, rng.chance(0.5) ? 0 : -1),
          null,
        )
        break
      case 'Do Not Solicit':
        chain([...history(1), 'dncLost'], addYears(currentIncept, -1))
        break
      case 'Closed':
        chain([...history(rng.int(1, 2)), 'Tail'], addYears(currentIncept, -1))
        break
    }
    return drain()
  }

  // Every status appears at least once, whatever the scale.
  function completeStatuses(firms: FirmDirectory): PolicyRows {
    refs.endFirms()
    const missing = POLICY_STATUSES.filter((status) => !seen.has(status))
    for (const status of missing) {
      // rng.pick over the firms, by position: the same draw picks the same firm.
      const firmIndex = rng.int(0, firms.count - 1)
      const firm = firms.firm(firmIndex)
      currentFirm = firmIndex
      const incept = BOOKED_STATUSES.includes(status)
        ? addDays(ctx.today, -rng.int(30, 300))
        : addDays(ctx.today, rng.int(10, 60))
      addPolicy(firm, rng.pick(programsFor(firm.type)), status, incept, null)
    }
    return drain()
  }

  function drain(): PolicyRows {
    const rows = { policies: policyRows, ledgers: ledgerRows }
    policyRows = []
    ledgerRows = []
    return rows
  }

  return { programs: programRows, contracts: contractRows, refs, forFirm, completeStatuses }
}

function stateOfProgram(program: ProgramSeed): string | null {
  const byDoi: Record<string, string> = { TXCOMPT: 'TX', CADOI: 'CA', FLDOR: 'FL', NYDFS: 'NY' }
  return program.doi ? (byDoi[program.doi] ?? null) : null
}

/** How far a quote-stage status has gone: 1 premium known, 2 quoted, 4 bind requested. */
function stageOf(status: PolicyStatus): number {
  switch (status) {
    case 'Info':
    case 'App':
    case 'Submit':
    case 'notComp':
      return 0
    case 'Indicate':
    case 'IndiRate':
    case 'Rate':
    case 'Refuse':
      return 1
    case 'Ready':
      return 4
    default:
      return 2
  }
}

function premiumFor(rng: Rng, ptype: string, firm: FirmInfo): number {
  const base: Record<string, readonly [number, number]> = {
    FPL: [1800, 28_000],
    LPL: [3500, 60_000],
    APL: [1500, 22_000],
    IAEO: [1200, 15_000],
    TEO: [1500, 9000],
    REPL: [900, 7500],
    CYB: [1100, 12_000],
  }
  const [low, high] = base[ptype] ?? [1500, 20_000]
  // Bigger firms pay more.
  const size = Math.min(1, firm.sales / 10_000_000)
  return rng.amount(low, Math.round(low + (high - low) * (0.3 + 0.7 * size)), 25)
}

function taxesFor(rates: RateRows, state: string, incept: string, premium: number, fees: Record<string, number>) {
  const amount = (field: 'DOI' | 'SLA') => {
    const rule = taxRuleOn(rates.taxRules, state, field, incept)
    if (!rule) return 0
    const taxedFees = rule.taxedFees.includes('*') ? Object.values(fees) : rule.taxedFees.map((fee) => fees[fee] ?? 0)
    const base = premium + taxedFees.reduce((sum, fee) => sum + fee, 0)
    return roundTax(base * rule.rate + rule.flat, rule.round)
  }
  return { doifee: amount('DOI'), slafee: amount('SLA') }
}

interface PolicyDates {
  incept: string
  expiry: string
  quoted: string | null
  booked: string | null
  bound: string | null
  renewal: boolean
  premium: number
  headCount: number
}

/** The MGA commission of the rule applying to a policy, as the commission dialog would find it. */
function commissionFor(rules: readonly CommissionRule[], program: ProgramSeed, policy: PolicyDates): number | null {
  const dateOf = (type: CommissionRule['startType']) =>
    ({
      incept: policy.incept,
      expiry: policy.expiry,
      quoted: policy.quoted,
      booked: policy.booked,
      Bound: policy.bound,
    })[type] ?? policy.incept
  const applicable = rules.filter(
    (rule) =>
      rule.mgaSort === program.mga &&
      rule.carrier === program.carrier &&
      rule.types.includes(program.ptype) &&
      (rule.renewal === null || rule.renewal === policy.renewal) &&
      rule.start <= dateOf(rule.startType) &&
      (!rule.end || !rule.endType || dateOf(rule.endType) < rule.end),
  )
  const fits = applicable.filter((rule) => {
    if (rule.condition === 'Premium of $25,000 or more') return policy.premium >= 25_000
    if (rule.condition === 'Firms with 1-5 attorneys') return policy.headCount <= 5
    if (rule.condition === 'Firms with 6 or more attorneys') return policy.headCount >= 6
    return true
  })
  // A conditional rule that fits is more specific than the general one.
  const chosen = fits.find((rule) => rule.condition !== null) ?? fits[0]
  return chosen ? chosen.commission : null
}
