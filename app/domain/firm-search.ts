/**
 * Firm search (spec 2 §2.1, §5, §8): the filter fields, the columns a search may show, the page
 * sizes and the messages. Pure: the search page's form and the server both read it.
 */

export const FIRM_FILTER_FIELDS = [
  { name: 'sort', label: 'Sort Name' },
  { name: 'contact', label: 'Contact' },
  { name: 'name1', label: 'Name1' },
  { name: 'name2', label: 'Name2' },
  { name: 'insured', label: 'Legal Name' },
  { name: 'address1', label: 'Address1' },
  { name: 'address2', label: 'Address2' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zip', label: 'Zip' },
  { name: 'email', label: 'Email' },
  { name: 'website', label: 'Website' },
  { name: 'producer', label: 'Producer' },
  { name: 'solicitor', label: 'Sub-Producer' },
  { name: 'agent', label: 'Agent' },
  { name: 'type', label: 'Type' },
  { name: 'status', label: 'Status' },
  { name: 'fein', label: 'FEIN' },
  { name: 'phone', label: 'Phone' },
  { name: 'fax', label: 'Fax' },
] as const

export type FirmFilterField = (typeof FIRM_FILTER_FIELDS)[number]['name']
export type FirmColumn = 'fid' | FirmFilterField

export const FIRM_FILTER_NAMES = FIRM_FILTER_FIELDS.map((field) => field.name) as FirmFilterField[]
export const FIRM_COLUMNS: readonly FirmColumn[] = ['fid', ...FIRM_FILTER_NAMES]

/** Filters matched exactly (picked from lists); the others match any part, case-insensitive. */
export const EXACT_FILTERS: ReadonlySet<FirmFilterField> = new Set([
  'state',
  'producer',
  'solicitor',
  'agent',
  'type',
  'status',
])
/** Filters compared on digits only. */
export const DIGIT_FILTERS: ReadonlySet<FirmFilterField> = new Set(['phone', 'fax'])

export const COLUMN_LABELS: Record<FirmColumn, string> = {
  fid: 'FID',
  ...(Object.fromEntries(FIRM_FILTER_FIELDS.map((field) => [field.name, field.label])) as Record<
    FirmFilterField,
    string
  >),
}

export const DEFAULT_COLUMNS: readonly FirmFilterField[] = ['sort', 'phone', 'state']
export const UNISEARCH_COLUMNS: readonly FirmColumn[] = [
  'fid',
  'state',
  'phone',
  'contact',
  'sort',
  'insured',
  'name1',
  'name2',
]
export const PAGE_SIZES = [100, 200, 500] as const
export const FIRM_LIMIT = 100
export const UNISEARCH_MIN = 2

export const FIRM_MESSAGES = {
  hint: `To see firms, enter a fid OR unisearch (${UNISEARCH_MIN}-char min) then press return.`,
  emptySearch: 'At least one search field must be filled to run a search.',
  overLimit: `Reached ${FIRM_LIMIT} firm limit! Please narrow your search.`,
  membersFailed: 'Failed to get members for this firm',
  noResults: 'No search results.',
  tooNarrow: 'Search was too narrow.',
  searchFailed: 'Error getting firms.',
  unisearchFailed:
    'An error occurred while trying to unisearch the firms. Please ensure the form is filled out completely and correctly. If the problem persists please notify the development team with a detailed description of the error.',
  loadFailed:
    'An error occurred while trying to retrieve the firm. If the problem persists please notify the development team with a detailed description of the error.',
} as const

/**
 * The result columns: fid first, then the checked columns in the order they were checked. `order`
 * is the click order the page records with JavaScript; without it, checkboxes arrive in form order.
 */
export function resultColumns(checked: readonly string[], order: readonly string[] = []): FirmColumn[] {
  const valid = new Set<string>(FIRM_FILTER_NAMES)
  const chosen = new Set(checked.filter((name) => valid.has(name)))
  const inOrder = order.filter((name) => chosen.has(name))
  const rest = [...chosen].filter((name) => !inOrder.includes(name))
  return ['fid', ...new Set([...inOrder, ...rest])] as FirmColumn[]
}

/** Whether a column search has at least one filled field (fid does not count). */
export function hasSearchField(filters: Partial<Record<FirmFilterField, string | undefined>>): boolean {
  return FIRM_FILTER_NAMES.some((name) => (filters[name] ?? '').trim() !== '')
}

/** The firm viewer's sub-tabs in this build (Claims and Policies join with their screens). */
export const VIEWER_TABS = ['Info', 'Notes', 'Members', 'Claims', 'Policies', 'Files'] as const
export type ViewerTab = (typeof VIEWER_TABS)[number]
