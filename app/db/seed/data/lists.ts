import { NOTE_STATUSES, NOTE_TYPES } from '#app/db/schema/notes'
import { POLICY_STATUSES } from '#app/db/schema/policies'

/** An entry: the short value alone, or [short, long label]. */
export type ListEntry = string | readonly [string, string]

export interface PicklistDefinition {
  description: string
  entries: readonly ListEntry[]
}

/**
 * Producers of the `name` list: staff who produce business (short = username) and outside producers.
 * Firms' producer, solicitor and agent and policies' prodname hold these shorts.
 */
export const STAFF_PRODUCERS = ['underwriter', 'mkent', 'jrivera', 'dokafor'] as const
export const OUTSIDE_PRODUCERS = [
  ['rhollis', 'Rick Hollis'],
  ['kbanner', 'Kim Banner'],
  ['gthorne', 'Grace Thorne'],
  ['wbaxter', 'Will Baxter'],
] as const

export const CARRIERS = [
  'Lloyds',
  'Lexington',
  'Scottsdale',
  'Markel',
  'Ironshore',
  'Evanston',
  'Beazley',
  'Hiscox',
  'Houston Casualty',
  'Allied World',
  'Aspen',
] as const

export const POLICY_TYPES = [
  ['FPL', 'Firm Professional Liability'],
  ['LPL', "Lawyers' Professional Liability"],
  ['APL', "Accountants' Professional Liability"],
  ['IAEO', 'Insurance Agents E&O'],
  ['TEO', 'Title Agents E&O'],
  ['REPL', 'Real Estate E&O'],
  ['DO', 'Directors & Officers'],
  ['EPL', 'Employment Practices'],
  ['CYB', 'Cyber Liability'],
] as const

export const LIMITS = [
  '100,000/300,000',
  '250,000/500,000',
  '500,000/1,000,000',
  '1,000,000/1,000,000',
  '1,000,000/2,000,000',
  '2,000,000/2,000,000',
  '2,000,000/4,000,000',
  '5,000,000/5,000,000',
] as const

export const DEDUCTIBLES = ['0', '1,000', '2,500', '5,000', '7,500', '10,000', '25,000', '50,000'] as const

export const FIRM_TYPES = ['Law Firm', 'Accounting Firm', 'Insurance Agency', 'Title Agency', 'Real Estate'] as const
export type FirmType = (typeof FIRM_TYPES)[number]

export const FIRM_STATUSES = ['Insured', 'Active', 'Prospect', 'Lapsed', 'Declined', 'Do Not Solicit', 'Closed'] as const
export type FirmStatus = (typeof FIRM_STATUSES)[number]

export const CLAIM_STATUSES = ['Open', 'Closed', 'Reopened', 'Incident', 'Denied', 'Litigation'] as const

export const CONTACT_TYPES = [
  'Adjuster',
  'Panel',
  'MGA',
  'Carrier',
  'Producer',
  'Sponsor',
  'Source',
  'Taxing Authority',
] as const

/** Every picklist the specs name (spec 1 §3 "Lists loaded at start", spec 2 §3, spec 3 §3). */
export const PICKLISTS: Record<string, PicklistDefinition> = {
  name: {
    description: 'Producers, sub-producers and agents',
    entries: [
      ['underwriter', 'Ellen Brooks'],
      ['mkent', 'Margaret Kent'],
      ['jrivera', 'Jorge Rivera'],
      ['dokafor', 'Daniel Okafor'],
      ...OUTSIDE_PRODUCERS,
    ],
  },
  carrier: { description: 'Insurance carriers', entries: CARRIERS },
  ctype: { description: 'Contact types', entries: CONTACT_TYPES },
  ptype: { description: 'Policy types', entries: POLICY_TYPES },
  dtype: {
    description: 'Deductible types',
    entries: ['Per Claim', 'Aggregate', 'Per Claim w/ Agg Cap', 'Loss Only', 'Claims Expense Only'],
  },
  ftype: { description: 'Firm types', entries: FIRM_TYPES },
  frmtype: {
    description: 'Form types',
    entries: ['Application', 'Supplemental Application', 'Declarations', 'Endorsement', 'Binder', 'Quote Letter'],
  },
  ltype: {
    description: 'Limit types',
    entries: [
      ['PC/AGG', 'Per Claim / Aggregate'],
      ['CSL', 'Combined Single Limit'],
      ['CEO', 'Claims Expense Outside Limits'],
      ['CEI', 'Claims Expense Inside Limits'],
    ],
  },
  cancat: {
    description: 'Cancellation categories',
    entries: [
      ['IR', 'Insured Request'],
      ['NP', 'Non-Payment of Premium'],
      ['UW', 'Underwriting Reasons'],
      ['RW', 'Rewritten'],
      ['FC', 'Flat Cancel'],
      ['FD', 'Firm Dissolved'],
    ],
  },
  deduc: { description: 'Deductibles', entries: DEDUCTIBLES },
  is_new: { description: 'Placement', entries: ['New', 'Renewal', 'Rewrite'] },
  ledgeracct: {
    description: 'Ledger accounts',
    entries: [
      'Premium',
      'Taxes',
      'Fees',
      'MGA Commission',
      'Producer Commission',
      'Carrier Remit',
      'Cash',
      'Claims Paid',
      'Deductible',
    ],
  },
  ledgertype: {
    description: 'Ledger entry types',
    entries: ['Invoice', 'Payment', 'Commission', 'Tax', 'Remit', 'Refund', 'Adjustment'],
  },
  limits: { description: 'Limits of liability', entries: LIMITS },
  plt_code: {
    description: 'Plaintiff codes',
    entries: [
      ['CL', 'Client'],
      ['FC', 'Former Client'],
      ['TP', 'Third Party'],
      ['OP', 'Opposing Party'],
      ['BT', 'Bankruptcy Trustee'],
      ['RG', 'Regulator'],
      ['BN', 'Beneficiary'],
    ],
  },
  def_code: {
    description: 'Defendant codes',
    entries: [
      ['FRM', 'Firm'],
      ['PTR', 'Partner / Principal'],
      ['ASC', 'Associate'],
      ['EMP', 'Employee'],
      ['FEM', 'Former Employee'],
    ],
  },
  err_code: {
    description: 'Error types',
    entries: [
      ['MD', 'Missed Deadline'],
      ['CI', 'Conflict of Interest'],
      ['FKL', 'Failure to Know or Apply Law'],
      ['CLE', 'Clerical Error'],
      ['FFI', 'Failure to Follow Instructions'],
      ['ID', 'Inadequate Discovery or Investigation'],
      ['PE', 'Planning or Strategy Error'],
      ['FOC', 'Failure to Obtain Consent'],
      ['FIW', 'Fraud or Intentional Wrong'],
      ['FPC', 'Failure to Procure Coverage'],
    ],
  },
  aop_code: {
    description: 'Areas of practice',
    entries: [
      ['RE', 'Real Estate'],
      ['EP', 'Estate Planning, Trust & Probate'],
      ['PI', 'Personal Injury - Plaintiff'],
      ['CORP', 'Corporate & Business'],
      ['TAX', 'Tax'],
      ['FAM', 'Family Law'],
      ['LIT', 'Civil Litigation'],
      ['BK', 'Bankruptcy'],
      ['AUD', 'Audit & Attest'],
      ['BKP', 'Bookkeeping & Payroll'],
      ['PCL', 'Property & Casualty Placement'],
      ['TTL', 'Title & Escrow'],
    ],
  },
  clmstatus: { description: 'Claim statuses', entries: CLAIM_STATUSES },
  role: {
    description: 'Roles of people',
    entries: [
      'Partner',
      'Managing Partner',
      'Associate',
      'Of Counsel',
      'Paralegal',
      'Office Manager',
      'Principal',
      'Manager',
      'Staff Accountant',
      'Producer',
      'Account Manager',
      'CSR',
      'Adjuster',
      'Claims Attorney',
      'Underwriter',
    ],
  },
  fstatus: { description: 'Firm statuses', entries: FIRM_STATUSES },
  source: {
    description: 'Firm sources',
    entries: ['Referral', 'Web', 'Direct Mail', 'Bar Association', 'CPA Society', 'Trade Show', 'Wholesaler', 'Renewal List'],
  },
  entity: {
    description: 'Business entities',
    entries: ['Sole Proprietor', 'Partnership', 'LLP', 'LLC', 'PLLC', 'PC', 'Corporation', 'S Corporation'],
  },
  nstatus: { description: 'Note statuses', entries: NOTE_STATUSES },
  ntype: { description: 'Note types (numbered 0-22; admin is for admins only)', entries: NOTE_TYPES },
  re: {
    description: 'Common note subjects',
    entries: [
      'NEW NOTE',
      'Renewal Application',
      'Quote Request',
      'Quote',
      'Certificate of Insurance',
      'Premium Invoice',
      'Payment Reminder',
      'Policy Change Request',
      'Loss Run Request',
      'Claim Report',
      'Cancellation Notice',
      'Follow Up',
      'Binder Request',
      'Supplemental Application',
    ],
  },
  pstatus: { description: 'Policy statuses', entries: POLICY_STATUSES },
  // The note editor's Letters picker: short = the template's name, long = its body with placeholders
  // ({salutation}, {firm}, {signer}, {date}, {re}, {policy}; see app/domain/letters.ts).
  letters: {
    description: 'Letter templates for notes and emails',
    entries: [
      [
        'Renewal reminder',
        '{salutation},\n\nThe professional liability policy of {firm} ({policy}) renews soon. To keep coverage without a gap, please complete and return the enclosed renewal application at your earliest convenience.\n\nIf anything has changed at the firm since last year (attorneys, areas of practice, claims), please tell us so the quote reflects it.\n\nSincerely,\n{signer}',
      ],
      [
        'Quote follow-up',
        '{salutation},\n\nI am following up on the quote we sent {firm} for {policy}. The terms are held for 30 days; please let me know if you have questions or would like to bind.\n\nBest regards,\n{signer}',
      ],
      [
        'Certificate of insurance',
        '{salutation},\n\nAs requested, attached is the certificate of insurance for {firm}. Please contact me if the certificate holder needs different wording.\n\nThank you,\n{signer}',
      ],
      [
        'Missing signature',
        '{salutation},\n\nThank you for the application from {firm}. Before we can submit it to the carrier we need the signature and date on the final page. Please sign and return it at your earliest convenience.\n\nRegards,\n{signer}',
      ],
      [
        'Payment reminder',
        '{salutation},\n\nOur records show that the premium invoice for {firm} ({policy}) is still open as of {date}. Please arrange payment to avoid a notice of cancellation, or call me if payment has already been sent.\n\nSincerely,\n{signer}',
      ],
    ],
  },
}
