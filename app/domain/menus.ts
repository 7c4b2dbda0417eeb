/** The top bar menus of spec 1 §2.3, as data. Which items a user sees is decided on the server (app/auth/menu.server.ts). */
export interface MenuItem {
  label: string
  path: string
  /** Opened in a new window of this size when JavaScript runs (spec: reports 1400x900). */
  popup?: { width: number; height: number }
}

export interface MenuGroup {
  label: 'ADMIN' | 'REPORTS' | 'SEARCH'
  items: MenuItem[]
}

import { REPORT_POPUP } from './popup-sizes'

/** The manager's pages: each is an item of the ADMIN menu and of the manager area's side menu, named by each its own way. */
const MANAGE_PAGES = [
  { path: '/manage/commissions', menu: 'MGA Commission Rates', side: 'MGA Rates' },
  { path: '/manage/mgaBilling', menu: 'MGA Billing', side: 'MGA Billing Entities' },
  { path: '/manage/producerCommissions', menu: 'Producer Commission Rates', side: 'Producer Rates' },
  { path: '/manage/roles', menu: 'Roles', side: 'Roles' },
  { path: '/manage/taxes', menu: 'Tax Rates', side: 'State Rates' },
]

export const MENUS: MenuGroup[] = [
  {
    label: 'ADMIN',
    items: MANAGE_PAGES.map(({ path, menu }) => ({ label: menu, path })),
  },
  {
    label: 'REPORTS',
    items: [
      { label: 'Aggregate Reports', path: '/reports/reportsSearch' },
      { label: 'Bind Authority', path: '/reports/bindauthority' },
      { label: 'Bordereaux', path: '/reports/bordereau' },
      { label: 'Renewal', path: '/reports/Renewal', popup: REPORT_POPUP },
      { label: 'Loss Run', path: '/reports/LossRun', popup: REPORT_POPUP },
    ],
  },
  {
    label: 'SEARCH',
    items: [
      { label: 'Claims', path: '/search/claims/claimsSearch' },
      { label: 'Contacts', path: '/search/contacts/contactsSearch' },
      { label: 'Firms/Jobs', path: '/search/firms/firmsSearch' },
      { label: 'People', path: '/search/people/peopleSearch' },
    ],
  },
]

/** The manager area's side menu ('System Management'), spec 1 §2.3. */
export const MANAGE_MENU: MenuItem[] = MANAGE_PAGES.map(({ path, side }) => ({ label: side, path }))

export const JOBS_PATH = '/search/firms/firmsSearch'
export interface VisibleMenus {
  menus: MenuGroup[]
  jobs: boolean
  /** The manager area itself (any management scope), and its items whose screens exist. */
  manageArea: boolean
  manage: MenuItem[]
}
