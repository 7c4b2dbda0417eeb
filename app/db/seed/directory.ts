import { SOLICIT_FIRM_STATUS } from '#app/domain/notes'
import type { contacts, firms, people } from '../schema'
import { addDays, addYears } from './calendar'
import { money, phone, slug, type SeedContext } from './context'
import { CONTACTS, type ContactType } from './data/contacts'
import { OUTSIDE_PRODUCERS, STAFF_PRODUCERS, type FirmStatus, type FirmType } from './data/lists'
import { GIVEN_FEMALE, GIVEN_MALE, PLACES, STREETS, SUFFIXES, SUITES, SURNAMES, type Place } from './data/names'
import type { Rng } from './prng'

export interface PersonInfo {
  plid: number
  given: string
  surname: string
  email: string | null
  phone: string | null
}

export interface ContactInfo {
  cid: number
  sort: string
  types: readonly ContactType[]
  people: PersonInfo[]
}

export interface FirmInfo {
  fid: number
  type: FirmType
  status: FirmStatus
  sort: string
  insured: string
  state: string
  zip: string
  producer: string
  sales: number
  headCount: number
  people: PersonInfo[]
}

/** The fixed contacts (carriers, MGAs, panel counsel…), which programs, rates and claims look up by sort. */
export interface ContactDirectory {
  contacts: (typeof contacts.$inferInsert)[]
  /** The contacts' people, the first people rows. */
  people: (typeof people.$inferInsert)[]
  contactInfo: ContactInfo[]
  contactBySort(sort: string): ContactInfo
}

/** One firm's rows and what later domains read of it. */
export interface FirmRows {
  firm: typeof firms.$inferInsert
  people: (typeof people.$inferInsert)[]
  info: FirmInfo
}

const FIRMS_AT_SCALE_1 = 600
const FIRM_ID_BASE = 1001
const PLACE_WEIGHTS = PLACES.map((p) => [p, p.weight] as const)
const PROSPECT = 1
const HAS_EMAIL = 2

/**
 * The firms, written once in order and replayed by position afterwards. A firm's rows depend only on
 * the directory generator's state when it starts and on its first person id, so the seed keeps those
 * two numbers (and two flags) per firm instead of the firm: claims, notes and files that pick a firm
 * at random get it back exactly as it was written.
 */
export class FirmDirectory {
  readonly count: number
  private readonly rng: Rng
  private readonly startState: Uint32Array
  private readonly firstPlid: Int32Array
  private readonly flags: Uint8Array
  private written = 0
  /** The next person id: the firms' people follow the contacts' people. */
  private plid: number

  constructor(
    private readonly ctx: SeedContext,
    rng: Rng,
    firstPlid: number,
  ) {
    this.rng = rng
    this.plid = firstPlid
    this.count = ctx.count(FIRMS_AT_SCALE_1)
    this.startState = new Uint32Array(this.count)
    this.firstPlid = new Int32Array(this.count)
    this.flags = new Uint8Array(this.count)
  }

  /** The next firm in order (from the directory generator's stream), remembered for replay. */
  next(): FirmRows {
    const index = this.written
    if (index >= this.count) throw new Error('Every firm has been written')
    this.startState[index] = this.rng.state()
    this.firstPlid[index] = this.plid
    const rows = generateFirm(this.ctx, this.rng, index, () => this.plid++)
    this.flags[index] =
      (rows.info.status === SOLICIT_FIRM_STATUS ? PROSPECT : 0) |
      (rows.info.people.some((person) => person.email) ? HAS_EMAIL : 0)
    this.written++
    return rows
  }

  /** Firm number `index` (0-based, fid 1001 + index), as it was written. */
  firm(index: number): FirmInfo {
    if (index < 0 || index >= this.written) throw new RangeError(`Firm ${index} has not been written`)
    let plid = this.firstPlid[index]
    return generateFirm(this.ctx, this.rng.at(this.startState[index]), index, () => plid++).info
  }

  /** Positions of the firms that are (or are not) prospects, and of non-prospects with an email address. */
  positions(filter: 'prospects' | 'others' | 'others with email'): Int32Array {
    const wanted = (flags: number) =>
      filter === 'prospects'
        ? (flags & PROSPECT) !== 0
        : (flags & PROSPECT) === 0 && (filter === 'others' || (flags & HAS_EMAIL) !== 0)
    const found: number[] = []
    for (let index = 0; index < this.written; index++) if (wanted(this.flags[index])) found.push(index)
    return Int32Array.from(found)
  }
}

export function fidOf(index: number): number {
  return FIRM_ID_BASE + index
}

export function generateContacts(ctx: SeedContext, rng: Rng, nextPlid: () => number): ContactDirectory {
  const peopleRows: (typeof people.$inferInsert)[] = []
  const today = ctx.today
  const contactRows: (typeof contacts.$inferInsert)[] = []
  const contactInfo: ContactInfo[] = CONTACTS.map((seed, index) => {
    const cid = 501 + index
    contactRows.push({
      cid,
      name1: seed.name1,
      name2: seed.name2 ?? null,
      address1: seed.address1,
      city: seed.city,
      state: seed.state,
      zip: seed.zip,
      email: `info@${seed.domain}`,
      type: seed.types.map((type) => `~${type}`).join(''),
      sort: seed.sort,
      phone: phone(rng, seed.areaCode),
      fax: rng.chance(0.6) ? phone(rng, seed.areaCode) : null,
      fein: fein(rng),
      website: `https://www.${seed.domain}`,
      note: seed.types.includes('Panel') ? '<p>Approved defense panel. Rates per the panel agreement.</p>' : null,
    })
    const members = Array.from({ length: seed.people }, () => {
      const role = seed.types.includes('Panel')
        ? 'Claims Attorney'
        : seed.types.includes('Adjuster')
          ? 'Adjuster'
          : 'Underwriter'
      const person = makePerson(rng, { cid, domain: seed.domain, areaCode: seed.areaCode, role, today })
      person.row.plid = nextPlid()
      person.info.plid = person.row.plid
      peopleRows.push(person.row)
      return person.info
    })
    return { cid, sort: seed.sort, types: seed.types, people: members }
  })

  const bySort = new Map(contactInfo.map((contact) => [contact.sort, contact]))
  return {
    contacts: contactRows,
    people: peopleRows,
    contactInfo,
    contactBySort: (sort) => {
      const contact = bySort.get(sort)
      if (!contact) throw new Error(`No contact ${sort}`)
      return contact
    },
  }
}

/** Firm number `index` with its people; every draw comes from `rng`, every person id from `nextPlid`. */
function generateFirm(ctx: SeedContext, rng: Rng, index: number, nextPlid: () => number): FirmRows {
  const today = ctx.today
  const fid = fidOf(index)
  const place = rng.weighted(PLACE_WEIGHTS)
  const type = rng.weighted<FirmType>([
    ['Law Firm', 50],
    ['Accounting Firm', 20],
    ['Insurance Agency', 20],
    ['Title Agency', 5],
    ['Real Estate', 5],
  ])
  const status = rng.weighted<FirmStatus>([
    ['Insured', 45],
    ['Active', 12],
    ['Prospect', 20],
    ['Lapsed', 10],
    ['Declined', 6],
    ['Do Not Solicit', 3],
    ['Closed', 4],
  ])
  const named = firmName(rng, type, place)
  const domain = `${slug(named.sort).slice(0, 24)}${fid}.example`
  const headCount = rng.int(2, 6)
  const members: PersonInfo[] = []
  const peopleRows: (typeof people.$inferInsert)[] = []
  for (let m = 0; m < headCount; m++) {
    const role = memberRole(rng, type, m)
    const person = makePerson(rng, {
      fid,
      domain,
      areaCode: place.areaCode,
      role,
      today,
      surname: m < named.partners.length ? named.partners[m] : undefined,
      given: m === 0 ? named.principal : undefined,
    })
    person.row.plid = nextPlid()
    person.info.plid = person.row.plid
    peopleRows.push(person.row)
    members.push(person.info)
  }
  const contactPerson = members[0]
  const producer = rng.weighted<string>([
    ...STAFF_PRODUCERS.map((name) => [name, 4] as const),
    ...OUTSIDE_PRODUCERS.map(([name]) => [name, 1] as const),
  ])
  const sales = rng.amount(150_000, type === 'Law Firm' ? 25_000_000 : 8_000_000, 1000)
  const firmRow: typeof firms.$inferInsert = {
    fid,
    type,
    status,
    source: rng.pick([
      'Referral',
      'Web',
      'Direct Mail',
      'Bar Association',
      'CPA Society',
      'Trade Show',
      'Wholesaler',
      'Renewal List',
    ]),
    contact: `${contactPerson.given} ${contactPerson.surname}`,
    name1: named.name1,
    name2: named.name2,
    sort: named.sort,
    insured: named.insured,
    entity: named.entity,
    fein: fein(rng),
    phone: phone(rng, place.areaCode),
    fax: rng.chance(0.5) ? phone(rng, place.areaCode) : null,
    producer,
    solicitor: rng.chance(0.25) ? rng.pick(OUTSIDE_PRODUCERS)[0] : null,
    agent: rng.chance(0.15) ? rng.pick(STAFF_PRODUCERS) : null,
    address1: `${rng.int(100, 9999)} ${rng.pick(STREETS)}`,
    address2: rng.chance(0.6) ? rng.pick(SUITES) : null,
    city: place.city,
    state: place.state,
    zip: `${place.zip3}${rng.digits(2)}`,
    website: rng.chance(0.8) ? `https://www.${domain}` : null,
    email: rng.chance(0.85) ? `${rng.pick(['info', 'office', 'admin', 'contact'])}@${domain}` : null,
    note: firmNote(rng, status),
    salutation: `Dear ${contactPerson.given}`,
    estab: rng.int(1952, Number(today.slice(0, 4)) - 1),
    sales: money(sales),
    people: headCount + rng.int(0, 40),
  }
  return {
    firm: firmRow,
    people: peopleRows,
    info: {
      fid,
      type,
      status,
      sort: named.sort,
      insured: named.insured,
      state: place.state,
      zip: firmRow.zip ?? '',
      producer,
      sales,
      headCount,
      people: members,
    },
  }
}

function fein(rng: Rng): string {
  return `${rng.int(10, 99)}-${rng.digits(7)}`
}

interface FirmName {
  name1: string
  name2: string | null
  insured: string
  sort: string
  entity: string
  /** Surnames of the named partners, used for the first members. */
  partners: string[]
  /** Given name of the first member, when the firm's name carries it. */
  principal?: string
}

function firmName(rng: Rng, type: FirmType, place: Place): FirmName {
  const [a, b, c] = rng.sample(SURNAMES, 3)
  const given = rng.pick([...GIVEN_FEMALE, ...GIVEN_MALE])
  const choose = (options: (() => FirmName)[]) => rng.pick(options)()
  switch (type) {
    case 'Law Firm':
      return choose([
        () => ({
          name1: `${a} & ${b}`,
          name2: 'Attorneys at Law',
          insured: `${a} & ${b} LLP`,
          sort: `${a} & ${b}`,
          entity: 'LLP',
          partners: [a, b],
        }),
        () => ({
          name1: `${a}, ${b} & ${c}`,
          name2: null,
          insured: `${a}, ${b} & ${c}, P.C.`,
          sort: `${a} ${b} ${c}`,
          entity: 'PC',
          partners: [a, b, c],
        }),
        () => ({
          name1: `Law Office of ${given} ${a}`,
          name2: null,
          insured: `${given} ${a}, Attorney at Law`,
          sort: `${a} Law Office`,
          entity: 'Sole Proprietor',
          partners: [a],
          principal: given,
        }),
        () => ({
          name1: `${a} Law Group`,
          name2: 'Trial Lawyers',
          insured: `${a} Law Group, PLLC`,
          sort: `${a} Law Group`,
          entity: 'PLLC',
          partners: [a],
        }),
        () => ({
          name1: `${a} ${b}`,
          name2: null,
          insured: `${a} ${b} LLC`,
          sort: `${a} ${b}`,
          entity: 'LLC',
          partners: [a, b],
        }),
      ])
    case 'Accounting Firm':
      return choose([
        () => ({
          name1: `${a} & ${b} CPAs`,
          name2: 'Certified Public Accountants',
          insured: `${a} & ${b} CPAs, LLP`,
          sort: `${a} & ${b} CPAs`,
          entity: 'LLP',
          partners: [a, b],
        }),
        () => ({
          name1: `${a} ${b} & Company`,
          name2: null,
          insured: `${a} ${b} & Company, P.C.`,
          sort: `${a} ${b} & Co`,
          entity: 'PC',
          partners: [a, b],
        }),
        () => ({
          name1: `${a} Tax & Accounting`,
          name2: null,
          insured: `${a} Tax & Accounting, LLC`,
          sort: `${a} Tax`,
          entity: 'LLC',
          partners: [a],
        }),
      ])
    case 'Insurance Agency':
      return choose([
        () => ({
          name1: `${a} Insurance Agency`,
          name2: null,
          insured: `${a} Insurance Agency, Inc.`,
          sort: `${a} Insurance`,
          entity: 'Corporation',
          partners: [a],
        }),
        () => ({
          name1: `${place.city} Insurance Services`,
          name2: `A ${a} Company`,
          insured: `${place.city} Insurance Services, LLC`,
          sort: `${place.city} Ins Svcs`,
          entity: 'LLC',
          partners: [a],
        }),
        () => ({
          name1: `${a} & ${b} Insurance Group`,
          name2: null,
          insured: `${a} & ${b} Insurance Group, Inc.`,
          sort: `${a} & ${b} Ins`,
          entity: 'S Corporation',
          partners: [a, b],
        }),
      ])
    case 'Title Agency':
      return choose([
        () => ({
          name1: `${place.city} Title & Escrow`,
          name2: null,
          insured: `${place.city} Title & Escrow, LLC`,
          sort: `${place.city} Title`,
          entity: 'LLC',
          partners: [a],
        }),
        () => ({
          name1: `${a} Title Company`,
          name2: null,
          insured: `${a} Title Company, Inc.`,
          sort: `${a} Title`,
          entity: 'Corporation',
          partners: [a],
        }),
      ])
    case 'Real Estate':
      return choose([
        () => ({
          name1: `${a} Realty Group`,
          name2: null,
          insured: `${a} Realty Group, Inc.`,
          sort: `${a} Realty`,
          entity: 'Corporation',
          partners: [a],
        }),
        () => ({
          name1: `${place.city} Premier Properties`,
          name2: null,
          insured: `${place.city} Premier Properties, LLC`,
          sort: `${place.city} Premier`,
          entity: 'LLC',
          partners: [a],
        }),
      ])
  }
}

function memberRole(rng: Rng, type: FirmType, index: number): string {
  switch (type) {
    case 'Law Firm':
      return index === 0
        ? 'Managing Partner'
        : rng.pick(['Partner', 'Associate', 'Associate', 'Of Counsel', 'Paralegal', 'Office Manager'])
    case 'Accounting Firm':
      return index === 0
        ? 'Partner'
        : rng.pick(['Partner', 'Manager', 'Staff Accountant', 'Staff Accountant', 'Office Manager'])
    default:
      return index === 0 ? 'Principal' : rng.pick(['Producer', 'Account Manager', 'CSR', 'Office Manager'])
  }
}

function firmNote(rng: Rng, status: FirmStatus): string | null {
  if (rng.chance(0.35)) return null
  const lines = [
    status === 'Insured'
      ? 'Renews every year; prefers renewal paperwork by email.'
      : 'Prospect from the spring campaign.',
    rng.pick([
      'Managing partner is the decision maker.',
      'Office manager handles all insurance.',
      'Uses an outside bookkeeper for payments.',
    ]),
    rng.pick([
      'Docketing: two-person calendar check.',
      'Conflict checks in practice software.',
      'Engagement letters on all matters.',
    ]),
  ]
  return rng.chance(0.6)
    ? `<p><strong>Account notes</strong></p><ul>${lines.map((line) => `<li>${line}</li>`).join('')}</ul>`
    : lines.join('\n')
}

interface PersonOptions {
  fid?: number
  cid?: number
  domain: string
  areaCode: string
  role: string
  today: string
  surname?: string
  given?: string
}

function makePerson(rng: Rng, options: PersonOptions): { row: typeof people.$inferInsert; info: PersonInfo } {
  const female = options.given ? (GIVEN_FEMALE as readonly string[]).includes(options.given) : rng.chance(0.5)
  const given = options.given ?? rng.pick(female ? GIVEN_FEMALE : GIVEN_MALE)
  const surname = options.surname ?? rng.pick(SURNAMES)
  const email = rng.chance(0.85) ? `${slug(given)}.${slug(surname)}@${options.domain}` : null
  const direct = rng.chance(0.8) ? phone(rng, options.areaCode) : null
  const born = addDays(addYears(options.today, -rng.int(26, 70)), -rng.int(0, 364))
  const licensed = ['Paralegal', 'Office Manager', 'CSR'].includes(options.role)
    ? null
    : addYears(born, rng.int(24, 30))
  const row: typeof people.$inferInsert = {
    fid: options.fid ?? null,
    cid: options.cid ?? null,
    prefix: rng.chance(0.7) ? (female ? 'Ms.' : 'Mr.') : null,
    given,
    surname,
    suffix: rng.chance(0.04) ? rng.pick(SUFFIXES) : null,
    salutation: `Dear ${given}`,
    role: options.role,
    direct,
    ext: direct && rng.chance(0.5) ? String(rng.int(100, 999)) : null,
    fax: rng.chance(0.2) ? phone(rng, options.areaCode) : null,
    mobile: rng.chance(0.6) ? phone(rng, options.areaCode) : null,
    home: rng.chance(0.15) ? phone(rng, options.areaCode) : null,
    born: options.fid && rng.chance(0.6) ? born : null,
    licensed: options.fid && licensed && licensed < options.today ? licensed : null,
    hired: options.fid ? addDays(options.today, -rng.int(90, 9000)) : null,
    // 9xx area numbers are never issued as SSNs.
    ssn: options.fid && rng.chance(0.3) ? `9${rng.digits(2)}-${rng.digits(2)}-${rng.digits(4)}` : null,
    hours: options.fid ? money(rng.pick([20, 30, 35, 40, 40, 40, 45, 50])) : null,
    ce: options.fid && licensed && rng.chance(0.5) ? `${rng.int(6, 24)} credits (${options.today.slice(0, 4)})` : null,
    email,
  }
  return { row, info: { plid: 0, given, surname, email, phone: direct } }
}
