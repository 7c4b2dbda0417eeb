/** People Search (spec 2 §2.6, §8, §9): result columns, search kinds, limits and messages. */
import { namesOf } from './labels'

/** A person's name parts, in the order every person screen and call lists them. */
export const PERSON_NAME_PARTS = ['prefix', 'given', 'surname', 'suffix', 'salutation'] as const

/** The result columns in their order, with their headings (the name parts in PERSON_NAME_PARTS' order). */
export const PEOPLE_COLUMN_LABELS = {
  plid: 'PLID',
  fid: 'FID',
  cid: 'CID',
  prefix: 'Prefix',
  given: 'Given',
  surname: 'Surname',
  suffix: 'Suffix',
  salutation: 'Salutation',
  direct: 'Direct',
  fax: 'Fax',
  home: 'Home',
  mobile: 'Mobile',
  email: 'Email',
  firms_sort: 'Firm',
  contacts_sort: 'Contact',
  name: 'Name',
} as const
export const PEOPLE_COLUMNS = namesOf(PEOPLE_COLUMN_LABELS)
export type PeopleColumn = (typeof PEOPLE_COLUMNS)[number]

export const PHONE_COLUMNS: ReadonlySet<PeopleColumn> = new Set(['direct', 'fax', 'home', 'mobile'])

/** Which people a search covers: everyone, firm members only, or contact people only. */
export const PEOPLE_SEARCH_TYPES = ['all', 'firm', 'contact'] as const
export type PeopleSearchType = (typeof PEOPLE_SEARCH_TYPES)[number]

/** A search returns at most this many people (spec 2 §9); the page shows them 100 at a time. */
export const PEOPLE_SEARCH_LIMIT = 1000
export const PEOPLE_PAGE_SIZE = 100

export const PEOPLE_MESSAGES = {
  hint: 'Enter a name, email, firm or contact to search for people.',
  noResults: 'No people found for this search.',
  searchFailed: 'Failed to get people for this search',
  overLimit: `More than ${PEOPLE_SEARCH_LIMIT} people match: only the first ${PEOPLE_SEARCH_LIMIT} are shown. Please narrow your search.`,
  createFailed: 'Failed to create new person',
  deleteFailed: 'Failed to delete person',
  deleted: 'Person deleted',
  deleteWarning: 'Deleting a person is permanent. There is no recovery.',
} as const

/** The person entity's fields (GET /api/people may ask for and order by these; the model selects them). */
export const PERSON_FIELDS = [
  'plid',
  'fid',
  'cid',
  ...PERSON_NAME_PARTS,
  'role',
  'direct',
  'ext',
  'fax',
  'mobile',
  'home',
  'born',
  'licensed',
  'hired',
  'ssn',
  'hours',
  'ce',
  'email',
  'version',
  'firms_sort',
  'contacts_sort',
  'name',
  'sort',
] as const
export type PersonField = (typeof PERSON_FIELDS)[number]
