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

export const MENUS: MenuGroup[] = [
  {
    label: 'ADMIN',
    items: [
      { label: 'MGA Commission Rates', path: '/manage/commissions' },
      { label: 'MGA Billing', path: '/manage/mgaBilling' },
      { label: 'Producer Commission Rates', path: '/manage/producerCommissions' },
      { label: 'Roles', path: '/manage/roles' },
      { label: 'Tax Rates', path: '/manage/taxes' },
    ],
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
export const MANAGE_MENU: MenuItem[] = [
  { label: 'MGA Rates', path: '/manage/commissions' },
  { label: 'MGA Billing Entities', path: '/manage/mgaBilling' },
  { label: 'Producer Rates', path: '/manage/producerCommissions' },
  { label: 'Roles', path: '/manage/roles' },
  { label: 'State Rates', path: '/manage/taxes' },
]

export const JOBS_PATH = '/search/firms/firmsSearch'
export interface VisibleMenus {
  menus: MenuGroup[]
  jobs: boolean
  /** The manager area itself (any management scope), and its items whose screens exist. */
  manageArea: boolean
  manage: MenuItem[]
}
