import type { CONTACT_TYPES } from './lists'

export type ContactType = (typeof CONTACT_TYPES)[number]

export interface ContactSeed {
  sort: string
  name1: string
  name2?: string
  types: readonly ContactType[]
  address1: string
  city: string
  state: string | null
  zip: string
  areaCode: string
  /** How many people the contact has. */
  people: number
  domain: string
}

/** Outside parties: the MGAs, carriers, adjusters, panel counsel, producers, sponsors and tax offices. */
export const CONTACTS: readonly ContactSeed[] = [
  { sort: 'SUMMIT', name1: 'Summit Professional Underwriters', name2: 'Managing General Agency', types: ['MGA'], address1: '600 Congress Avenue, Suite 1400', city: 'Austin', state: 'TX', zip: '78701', areaCode: '512', people: 2, domain: 'summitpro.example' },
  { sort: 'KEYSTONE', name1: 'Keystone Specialty Underwriters', types: ['MGA'], address1: '1500 Market Street, Floor 12', city: 'Philadelphia', state: 'PA', zip: '19102', areaCode: '215', people: 2, domain: 'keystonespecialty.example' },
  { sort: 'PACCREST', name1: 'Pacific Crest Underwriting Managers', types: ['MGA'], address1: '101 California Street, Suite 2200', city: 'San Francisco', state: 'CA', zip: '94111', areaCode: '415', people: 2, domain: 'pacificcrest.example' },
  { sort: 'GLRM', name1: 'Great Lakes Risk Managers', types: ['MGA'], address1: '222 West Adams Street, Suite 900', city: 'Chicago', state: 'IL', zip: '60606', areaCode: '312', people: 1, domain: 'greatlakesrisk.example' },
  { sort: 'LLOYDS', name1: "Certain Underwriters at Lloyd's, London", types: ['Carrier'], address1: 'One Lime Street', city: 'London', state: null, zip: 'EC3M 7HA', areaCode: '212', people: 1, domain: 'lloyds-coverholder.example' },
  { sort: 'LEXINGTON', name1: 'Lexington Insurance Company', types: ['Carrier'], address1: '99 High Street', city: 'Boston', state: 'MA', zip: '02110', areaCode: '617', people: 1, domain: 'lexington-carrier.example' },
  { sort: 'SCOTTSDALE', name1: 'Scottsdale Insurance Company', types: ['Carrier'], address1: '8877 North Gainey Center Drive', city: 'Scottsdale', state: 'AZ', zip: '85258', areaCode: '480', people: 1, domain: 'scottsdale-carrier.example' },
  { sort: 'MARKEL', name1: 'Markel American Insurance Company', types: ['Carrier'], address1: '4521 Highwoods Parkway', city: 'Glen Allen', state: 'VA', zip: '23060', areaCode: '804', people: 1, domain: 'markel-carrier.example' },
  { sort: 'EVANSTON', name1: 'Evanston Insurance Company', types: ['Carrier'], address1: '10 Parkway North', city: 'Deerfield', state: 'IL', zip: '60015', areaCode: '847', people: 1, domain: 'evanston-carrier.example' },
  { sort: 'MERIDIAN', name1: 'Meridian Claims Services', types: ['Adjuster'], address1: '2100 Ross Avenue, Suite 800', city: 'Dallas', state: 'TX', zip: '75201', areaCode: '214', people: 3, domain: 'meridianclaims.example' },
  { sort: 'BLUEWATER', name1: 'Bluewater Adjusting Group', types: ['Adjuster'], address1: '400 North Tampa Street, Suite 1750', city: 'Tampa', state: 'FL', zip: '33602', areaCode: '813', people: 3, domain: 'bluewateradj.example' },
  { sort: 'CORNERSTN', name1: 'Cornerstone Claims Management', types: ['Adjuster'], address1: '333 West Wacker Drive, Suite 500', city: 'Chicago', state: 'IL', zip: '60606', areaCode: '312', people: 2, domain: 'cornerstoneclaims.example' },
  { sort: 'REDWOOD', name1: 'Redwood Professional Claims', types: ['Adjuster'], address1: '980 9th Street, Suite 1600', city: 'Sacramento', state: 'CA', zip: '95814', areaCode: '916', people: 2, domain: 'redwoodclaims.example' },
  { sort: 'HARBORPT', name1: 'Harbor Point Adjusters', types: ['Adjuster'], address1: '75 State Street, Suite 1000', city: 'Boston', state: 'MA', zip: '02109', areaCode: '617', people: 2, domain: 'harborpoint.example' },
  { sort: 'TALBOT', name1: 'Talbot & Quinn LLP', name2: 'Coverage and Monitoring Counsel', types: ['Adjuster', 'Panel'], address1: '111 Congress Avenue, Suite 2000', city: 'Austin', state: 'TX', zip: '78701', areaCode: '512', people: 3, domain: 'talbotquinn.example' },
  { sort: 'WHITAKER', name1: 'Whitaker Lyle & Brandt LLP', types: ['Panel'], address1: '1000 Louisiana Street, Suite 3400', city: 'Houston', state: 'TX', zip: '77002', areaCode: '713', people: 4, domain: 'whitakerlyle.example' },
  { sort: 'ASHGROVE', name1: 'Ashgrove Mercer LLP', types: ['Panel'], address1: '2200 Ross Avenue, Suite 4100', city: 'Dallas', state: 'TX', zip: '75201', areaCode: '214', people: 3, domain: 'ashgrovemercer.example' },
  { sort: 'CALDERON', name1: 'Calderon & Finch, P.C.', types: ['Panel'], address1: '633 West 5th Street, Suite 2600', city: 'Los Angeles', state: 'CA', zip: '90071', areaCode: '213', people: 3, domain: 'calderonfinch.example' },
  { sort: 'DRAYTON', name1: 'Drayton Pell Hargreaves LLP', types: ['Panel'], address1: '1 Liberty Plaza, Floor 30', city: 'New York', state: 'NY', zip: '10006', areaCode: '212', people: 3, domain: 'draytonpell.example' },
  { sort: 'MORROW', name1: 'Morrow Santiago LLP', types: ['Panel'], address1: '1450 Brickell Avenue, Suite 1900', city: 'Miami', state: 'FL', zip: '33131', areaCode: '305', people: 3, domain: 'morrowsantiago.example' },
  { sort: 'KESSLER', name1: 'Kessler Vance & Ono LLP', types: ['Panel'], address1: '71 South Wacker Drive, Suite 3800', city: 'Chicago', state: 'IL', zip: '60606', areaCode: '312', people: 2, domain: 'kesslervance.example' },
  { sort: 'BRIGHAM', name1: 'Brigham Stoll PLLC', types: ['Panel'], address1: '191 Peachtree Street NE, Suite 2900', city: 'Atlanta', state: 'GA', zip: '30303', areaCode: '404', people: 2, domain: 'brighamstoll.example' },
  { sort: 'HOLLOWAY', name1: 'Holloway Ruiz LLP', types: ['Panel'], address1: '1700 Lincoln Street, Suite 2400', city: 'Denver', state: 'CO', zip: '80203', areaCode: '303', people: 2, domain: 'hollowayruiz.example' },
  { sort: 'ANCHOR', name1: 'Anchor Brokerage Partners', types: ['Producer'], address1: '5 Houston Center, Suite 1200', city: 'Houston', state: 'TX', zip: '77010', areaCode: '713', people: 2, domain: 'anchorbrokerage.example' },
  { sort: 'TRISTATE', name1: 'Tri-State Professional Brokers', types: ['Producer'], address1: '1 Gateway Center, Suite 2600', city: 'Newark', state: 'NJ', zip: '07102', areaCode: '973', people: 2, domain: 'tristatepro.example' },
  { sort: 'HERITAGE', name1: 'Heritage Risk Partners', types: ['Producer'], address1: '3344 Peachtree Road NE, Suite 800', city: 'Atlanta', state: 'GA', zip: '30326', areaCode: '404', people: 1, domain: 'heritagerisk.example' },
  { sort: 'COASTAL', name1: 'Coastal Wholesale Insurance', types: ['Producer', 'Source'], address1: '200 South Biscayne Boulevard, Suite 4300', city: 'Miami', state: 'FL', zip: '33131', areaCode: '305', people: 1, domain: 'coastalwholesale.example' },
  { sort: 'BARTRUST', name1: 'State Bar Member Benefits Trust', types: ['Sponsor'], address1: '1414 Colorado Street', city: 'Austin', state: 'TX', zip: '78701', areaCode: '512', people: 1, domain: 'barbenefits.example' },
  { sort: 'CPATRUST', name1: 'CPA Society Insurance Trust', types: ['Sponsor'], address1: '550 West Jackson Boulevard, Suite 900', city: 'Chicago', state: 'IL', zip: '60661', areaCode: '312', people: 1, domain: 'cpatrust.example' },
  { sort: 'LAWLINK', name1: 'LawyerLink Referral Network', types: ['Source'], address1: '3811 Turtle Creek Boulevard', city: 'Dallas', state: 'TX', zip: '75219', areaCode: '214', people: 1, domain: 'lawyerlink.example' },
  { sort: 'TXCOMPT', name1: 'Texas Comptroller of Public Accounts', types: ['Taxing Authority'], address1: '111 East 17th Street', city: 'Austin', state: 'TX', zip: '78774', areaCode: '512', people: 0, domain: 'txcomptroller.example' },
  { sort: 'SLTX', name1: 'Surplus Lines Stamping Office of Texas', types: ['Taxing Authority'], address1: '805 Las Cimas Parkway, Suite 150', city: 'Austin', state: 'TX', zip: '78746', areaCode: '512', people: 0, domain: 'sltx.example' },
  { sort: 'CADOI', name1: 'California Department of Insurance', types: ['Taxing Authority'], address1: '300 Capitol Mall', city: 'Sacramento', state: 'CA', zip: '95814', areaCode: '916', people: 0, domain: 'cadoi.example' },
  { sort: 'SLACAL', name1: 'Surplus Line Association of California', types: ['Taxing Authority'], address1: '50 California Street, Suite 900', city: 'San Francisco', state: 'CA', zip: '94111', areaCode: '415', people: 0, domain: 'slacal.example' },
  { sort: 'FLDOR', name1: 'Florida Department of Revenue', types: ['Taxing Authority'], address1: '5050 West Tennessee Street', city: 'Tallahassee', state: 'FL', zip: '32399', areaCode: '850', people: 0, domain: 'fldor.example' },
  { sort: 'FSLSO', name1: 'Florida Surplus Lines Service Office', types: ['Taxing Authority'], address1: '1441 Maclay Commerce Drive, Suite 200', city: 'Tallahassee', state: 'FL', zip: '32312', areaCode: '850', people: 0, domain: 'fslso.example' },
  { sort: 'NYDFS', name1: 'New York Department of Financial Services', types: ['Taxing Authority'], address1: 'One Commerce Plaza', city: 'Albany', state: 'NY', zip: '12257', areaCode: '518', people: 0, domain: 'nydfs.example' },
  { sort: 'ELANY', name1: 'Excess Line Association of New York', types: ['Taxing Authority'], address1: '1 Battery Park Plaza', city: 'New York', state: 'NY', zip: '10004', areaCode: '212', people: 0, domain: 'elany.example' },
]
