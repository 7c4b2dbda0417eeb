import type { TAX_FIELDS, TAXED_FEES } from '#app/db/schema/rates'

export interface TaxRateSeed {
  state: string
  field: (typeof TAX_FIELDS)[number]
  entity: string
  /** Percent, as published (4.85 means 4.85 %); stored as a fraction. */
  percent: number | null
  flat?: string
  taxedFees: (typeof TAXED_FEES)[number][]
  round?: string
  admitted?: boolean
  start: string
  end?: string
}

const START = '2021-01-01'

/**
 * Surplus-lines premium tax (DOI) by state, in percent, as published around 2024. Demo data: close to
 * the real figures but not a compliance reference.
 */
const DOI_PERCENT: Record<string, number> = {
  AL: 6, AK: 2.7, AZ: 3, AR: 4, CA: 3, CO: 3, CT: 4, DE: 2, DC: 2, FL: 4.94, GA: 4, HI: 4.68, ID: 1.5,
  IL: 3.5, IN: 2.5, IA: 0.95, KS: 6, KY: 3, LA: 4.85, ME: 3, MD: 3, MA: 4, MI: 2, MN: 3, MS: 4, MO: 5,
  MT: 2.75, NE: 3, NV: 3.5, NH: 3, NJ: 5, NM: 3.003, NY: 3.6, NC: 5, ND: 1.75, OH: 5, OK: 6, OR: 2,
  PA: 3, RI: 4, SC: 6, SD: 2.5, TN: 5, TX: 4.85, UT: 4.25, VT: 3, VA: 2.25, WA: 2, WV: 4.55, WI: 3,
  WY: 3,
}

const STATE_NAMES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky',
  LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire',
  NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota',
  OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina',
  SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia',
  WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
}

/** DOI entities that are not "<State> Department of Insurance". */
const DOI_ENTITY: Record<string, string> = {
  TX: 'Texas Comptroller',
  CA: 'California Department of Insurance',
  FL: 'Florida Department of Revenue',
  NY: 'New York Department of Financial Services',
  DC: 'DC Department of Insurance, Securities and Banking',
  MI: 'Michigan Department of Insurance and Financial Services',
}

/** Stamping offices: entity and fee in percent. */
const SLA: Record<string, { entity: string; percent: number }> = {
  TX: { entity: 'SLTX', percent: 0.04 },
  CA: { entity: 'SLA of California', percent: 0.18 },
  FL: { entity: 'FSLSO', percent: 0.06 },
  NY: { entity: 'ELANY', percent: 0.15 },
  IL: { entity: 'SLAI', percent: 0.04 },
  AZ: { entity: 'SLSOT Arizona', percent: 0.2 },
  NV: { entity: 'SLAN', percent: 0.04 },
  MN: { entity: 'SLAM', percent: 0.04 },
  OR: { entity: 'SLAO', percent: 0.3 },
  UT: { entity: 'SLAU', percent: 0.18 },
  WA: { entity: 'SLAW', percent: 0.1 },
}

/** Which policy fees are taxed besides the premium; '*' (all fees) unless listed. */
const TAXED_FEES_BY_STATE: Record<string, TaxRateSeed['taxedFees']> = {
  CA: ['depfee', 'mgafee'],
  IL: ['depfee', 'mgafee', 'profee'],
  GA: [],
  OH: ['depfee'],
  WA: [],
}

/** Roundings other than the default CENT, for variety the calculator must honour. */
const ROUNDING: Record<string, string> = { KS: 'DOLLAR', MS: 'UP_DOLLAR', OK: 'DOLLAR', NM: 'UP_CENT' }

/** Rates that changed: the old one ended when the new one started. */
const HISTORY: TaxRateSeed[] = [
  { state: 'TX', field: 'SLA', entity: 'SLTX', percent: 0.06, taxedFees: ['*'], start: START, end: '2024-01-01' },
  { state: 'CA', field: 'SLA', entity: 'SLA of California', percent: 0.2, taxedFees: ['depfee', 'mgafee'], start: START, end: '2023-01-01' },
  { state: 'FL', field: 'SLA', entity: 'FSLSO', percent: 0.08, taxedFees: ['*'], start: START, end: '2024-01-01' },
  { state: 'NY', field: 'SLA', entity: 'ELANY', percent: 0.17, taxedFees: ['*'], start: START, end: '2023-01-01' },
  { state: 'IA', field: 'DOI', entity: 'Iowa Insurance Division', percent: 1.5, taxedFees: ['*'], start: START, end: '2022-01-01' },
]

/** When the current rate of a state with history began. */
const CURRENT_START: Record<string, Partial<Record<'DOI' | 'SLA', string>>> = {
  TX: { SLA: '2024-01-01' },
  CA: { SLA: '2023-01-01' },
  FL: { SLA: '2024-01-01' },
  NY: { SLA: '2023-01-01' },
  IA: { DOI: '2022-01-01' },
}

export function taxRateSeeds(): TaxRateSeed[] {
  const current: TaxRateSeed[] = []
  for (const [state, percent] of Object.entries(DOI_PERCENT)) {
    const taxedFees = TAXED_FEES_BY_STATE[state] ?? ['*']
    current.push({
      state,
      field: 'DOI',
      entity: DOI_ENTITY[state] ?? (state === 'IA' ? 'Iowa Insurance Division' : `${STATE_NAMES[state]} Department of Insurance`),
      percent,
      taxedFees,
      round: ROUNDING[state],
      // Kentucky and West Virginia also collect their surcharges on admitted placements.
      admitted: state === 'KY' || state === 'WV',
      start: CURRENT_START[state]?.DOI ?? START,
    })
    const sla = SLA[state]
    if (sla) {
      current.push({ state, field: 'SLA', entity: sla.entity, percent: sla.percent, taxedFees, start: CURRENT_START[state]?.SLA ?? START })
    }
  }
  // A flat per-policy filing fee, so the calculator's flat branch has data.
  current.push({ state: 'SC', field: 'SLA', entity: 'SC Policy Filing Fee', percent: null, flat: '25.00', taxedFees: [], start: START })
  return [...HISTORY, ...current]
}
