import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'
import dayjs from 'dayjs'
import { expectNoSeriousViolations, loadWithoutScripts } from './axe'
import { BASE_URL } from './base-url'
import { demoUser, expect, login, test, type Role } from './fixtures'
import { expectMantineClassesStyled } from './styled-classes'

/**
 * Issue 9 item 3: axe-core (WCAG 2.1 A and AA) finds no serious or critical violation on any screen,
 * as an administrator (and as a read-only user where that user's page differs), with JavaScript off and on:
 * one test per screen and user checks the server's HTML without scripts, then the page with JavaScript.
 * Each also checks that every Mantine class on the screen has its CSS (app/styles/mantine.css).
 *
 * A new screen is one line in SCREENS: its name, its address (from the records made below), and
 * optionally who sees it, whether it needs JavaScript, and what to click to reach a state.
 */

interface Records {
  /** A firm of this spec's own, with a member, a file and notes. */
  fid: number
  /** A note of the admin's on that firm, with a Re and tasks. */
  nid: number
  /** A note on that firm in another user's name (the admin is asked before taking it). */
  othersNid: number
  /** The firm's file link (edit panel). */
  loidfid: number
  /** A person on the firm. */
  plid: number
  surname: string
  /** A contact with two people. */
  cid: number
  contactSort: string
  /** A claim on the firm, with facts and a ledger entry. */
  clid: number
  ledgerId: number
  /** A policy on the firm, with the data the commission dialog needs. */
  pid: number
}

interface Screen {
  name: string
  /** Where the screen is; `null` for a screen reached only by `reach` from the previous page. */
  path: (records: Records) => string
  /** Who is checked (the administrator by default, BOTH for pages the read-only user sees differently); `null`: signed out. */
  roles?: readonly Role[] | null
  /** Only with JavaScript (`true`) or only without (`false`); both by default. */
  js?: boolean
  /** Clicks that bring the page to the state to check, after the page loads. */
  reach?: (page: Page, records: Records) => Promise<void>
}

const FIRMS = '/search/firms/firmsSearch'
const firm = ({ fid }: Records, tab: string, extra = '') => `${FIRMS}?open=${fid}&firm=${fid}&tab=${tab}${extra}`
/**
 * The same viewer in the firm popup: without the jobs list above it, so axe reads a smaller page (the
 * main page, jobs list and open-firm links included, is checked on Info).
 */
const popup = ({ fid }: Records, tab: string, query = '') => `/viewFirmNoNote/${fid}/${tab}${query ? `?${query}` : ''}`
const claims = (query: string) => `/search/claims/claimsSearch?${query}`
const calc = (r: Records, kind: 'taxes' | 'commissions', step: number, extra = '') =>
  popup(r, 'Policies', `pview=All&pcalc=${kind}&cpid=${r.pid}&cstep=${step}${extra}`)
const today = dayjs().format('D MMM YYYY')
const monthAgo = dayjs().subtract(30, 'day').format('D MMM YYYY')
const hours = (kind: string) => `/hours?${new URLSearchParams({ username: 'All', start: monthAgo, end: today, kind })}`

// The seeded Lloyd's contracts are one a year from four years back (ids 1–6): last year's is id 4.
const lastYearContract = 4

const ADMIN: readonly Role[] = ['admin']
/**
 * Screens a read-only user sees differently (read-only fields, no action buttons) are checked as that user too;
 * the others show the administrator a superset of the same page.
 */
const BOTH: readonly Role[] = ['admin', 'readonly']

export const SCREENS: readonly Screen[] = [
  { name: 'login', path: () => '/login', roles: null },
  { name: 'no permission', path: () => '/no-permission', roles: null },
  { name: 'idle', path: () => '/idle', roles: BOTH },
  { name: 'home', path: () => '/', roles: BOTH },
  { name: 'home, all news', path: () => '/?news=all' },
  { name: 'hours log', path: () => hours('log'), roles: BOTH },
  { name: 'hours daily', path: () => hours('daily') },
  { name: 'hours period', path: () => hours('period') },
  { name: 'hours active sessions', path: () => '/hours?view=active' },
  { name: 'preferences', path: () => '/preferences', roles: BOTH },
  // Visiting it keeps a pending secret on the account; two-step sign-in stays off until a code is confirmed.
  { name: 'two-step sign-in', path: () => '/mfa' },
  { name: 'firms search: jobs list', path: () => FIRMS, roles: BOTH },
  {
    name: 'firms search: column search results',
    path: () => `${FIRMS}?mode=columns&state=TX&type=Law+Firm&col=sort&col=city&col=state`,
  },
  { name: 'firms search: column search refused', path: () => `${FIRMS}?mode=columns&col=sort` },
  { name: 'firms search: unisearch results', path: () => `${FIRMS}?q=smith` },
  { name: 'firm viewer: Info', path: (r) => firm(r, 'Info'), roles: BOTH },
  { name: 'firm viewer page: Members', path: (r) => `/search/firms/viewFirm?open=${r.fid}&firm=${r.fid}&tab=Members` },
  { name: 'firm popup: Members', path: (r) => popup(r, 'Members') },
  { name: 'firm popup: Files', path: (r) => popup(r, 'Files'), roles: BOTH },
  { name: 'firm popup: Files, upload panel', path: (r) => popup(r, 'Files', 'upload=1') },
  { name: 'firm popup: Files, edit panel', path: (r) => popup(r, 'Files', `editFile=${r.loidfid}`) },
  { name: 'firm popup: Notes, a note expanded', path: (r) => popup(r, 'Notes', `nid=${r.nid}`), roles: BOTH },
  { name: 'firm popup: Notes, inline edit', path: (r) => popup(r, 'Notes', `nid=${r.nid}&nedit=${r.nid}`) },
  { name: 'firm popup: Notes, tran log', path: (r) => popup(r, 'Notes', `nid=${r.nid}&ntranlog=${r.nid}`) },
  {
    name: 'firm popup: Notes, delete confirm',
    path: (r) => popup(r, 'Notes', `nid=${r.othersNid}&ndelete=${r.othersNid}`),
  },
  { name: 'firm popup: Notes, All mode', path: (r) => popup(r, 'Notes', 'nmode=All') },
  {
    name: 'firm viewer: Edit Firm dialog',
    path: (r) => firm(r, 'Info'),
    js: true,
    reach: async (page) => {
      await page.getByRole('link', { name: 'Edit Firm' }).click()
      // The dialog loads its code and the firm's form after the click.
      await expect(
        page.getByRole('dialog', { name: 'Edit Firm' }).getByRole('button', { name: 'Save Firm' }),
      ).toBeVisible({ timeout: 20_000 })
    },
  },
  { name: 'firm popup: a note', path: (r) => `/viewFirmNote/${r.nid}` },
  { name: 'edit firm', path: (r) => `/editFirm/${r.fid}` },
  { name: 'people search results', path: (r) => `/search/people/peopleSearch?q=${r.surname}`, roles: BOTH },
  { name: 'edit person', path: (r) => `/editPerson/${r.plid}`, roles: BOTH },
  { name: 'contacts list', path: (r) => `/search/contacts/contactsSearch?q=${r.contactSort}` },
  {
    name: 'contacts list with the contact dialog',
    path: (r) => `/search/contacts/contactsSearch?q=${r.contactSort}&contact=${r.cid}`,
  },
  { name: 'edit contact', path: (r) => `/editContact/${r.cid}`, roles: BOTH },
  { name: 'add contact', path: () => '/editContact/Add' },
  { name: 'note editor', path: (r) => `/editNoteEmail/${r.nid}`, roles: BOTH },
  { name: 'note editor, Prep', path: (r) => `/editNoteEmail/${r.nid}?prep=1` },
  { name: "note editor, Take note dialog (someone else's note)", path: (r) => `/editNoteEmail/${r.othersNid}` },
  {
    name: 'note editor, the dialog Send opens',
    path: (r) => `/editNoteEmail/${r.nid}`,
    js: true,
    reach: async (page) => {
      // Send opens the missing-fields or the Save and Send Email dialog, both the editor's PageDialog.
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
    },
  },
  { name: 'bordereaux', path: () => '/reports/bordereau' },
  { name: 'bordereaux: claims', path: () => `/reports/bordereau?type=claims&contract=${lastYearContract}&run=1` },
  {
    name: 'bordereaux: policies',
    path: () => `/reports/bordereau?type=policies&contract=${lastYearContract}&month=all&run=1&large=on`,
  },
  { name: 'bordereaux: required fields', path: () => '/reports/bordereau?type=policies&run=1' },
  { name: 'manage', path: () => '/manage' },
  // Roles (issue 24): the three columns, a dialog and an info pop-up with its history.
  { name: 'roles', path: () => '/manage/roles' },
  { name: 'roles: new user dialog', path: () => '/manage/roles?dialog=new-user' },
  { name: 'roles: a scope info pop-up with its history', path: () => '/manage/roles?dialog=scope-info&id=1' },
  // MGA Rates (spec 1 §2.9): the Year view, a dialog and Edit All's steps, each addressed by the URL.
  { name: 'MGA Rates', path: () => '/manage/commissions' },
  { name: 'MGA Rates: new commission', path: () => '/manage/commissions?dialog=new' },
  {
    name: 'MGA Rates: Edit All, step 2',
    path: () => '/manage/commissions?dialog=editAll&mga=501&step=2&effective=2030-01-01',
  },
  // MGA Billing Entities and Producer Rates (spec 1 §2.10, §2.11): the table, a row in edit mode, a history, a delete confirmation.
  { name: 'MGA billing', path: () => '/manage/mgaBilling' },
  { name: 'MGA billing: a row in edit mode and its history', path: () => '/manage/mgaBilling?edit=1&history=1' },
  { name: 'MGA billing: delete confirmation', path: () => '/manage/mgaBilling?delete=2' },
  { name: 'producer rates', path: () => '/manage/producerCommissions' },
  { name: 'producer rates: the default in edit mode', path: () => '/manage/producerCommissions?edit=1' },
  {
    name: 'producer rates: a rate in edit mode and its history',
    path: () => '/manage/producerCommissions?edit=4&history=4',
  },
  { name: 'producer rates: delete confirmation', path: () => '/manage/producerCommissions?delete=3' },
  // State Rates (spec 1 §2.8): the Year view with a state's panel open, the Date view, and its dialogs.
  { name: 'state rates: Year view', path: () => '/manage/taxes?open=TX' },
  { name: 'state rates: Date view', path: () => '/manage/taxes?view=date&date=2023-06-01&open=CA' },
  { name: 'state rates: help dialog', path: () => '/manage/taxes?dialog=help&tab=Create%2FUpdate' },
  { name: 'state rates: new rate dialog', path: () => '/manage/taxes?dialog=create&for=VT' },
  {
    name: 'state rates: update dialog',
    path: () => '/manage/taxes?open=TX',
    reach: async (page) => {
      await page.getByRole('link', { name: /^Update: Texas Comptroller/ }).click()
      await expect(page.getByRole('dialog', { name: /^Update tax rate/ })).toBeVisible()
    },
  },
  { name: 'page not found', path: () => '/no/such/page' },
  { name: 'error dialog: a note that does not exist', path: () => '/viewFirmNote/2147480000' },
  // Claims (spec 3 §2.1–2.3) and the firm's Claims tab.
  { name: 'claims search: the empty-search message', path: () => claims('run=1') },
  {
    name: 'claims search: results with chosen columns',
    path: (r) => claims(`run=1&fid=${r.fid}&col=status&col=facts&col=res_def`),
    roles: BOTH,
  },
  { name: 'claims search: More Search Options', path: (r) => claims(`run=1&fid=${r.fid}&more=1`) },
  { name: 'claims search: full-text dialog', path: (r) => claims(`run=1&fid=${r.fid}&col=facts&full=${r.clid}:facts`) },
  { name: 'view claim', path: (r) => `/viewClaim/${r.clid}`, roles: BOTH },
  { name: 'bind authority', path: () => '/reports/bindauthority' },
  { name: 'bind authority, report', path: () => '/reports/bindauthority?run=1' },
  { name: 'aggregate reports', path: () => '/reports/reportsSearch' },
  { name: 'aggregate reports, GLR by zone', path: () => '/reports/reportsSearch?run=1&q=claims&agg=glr&state=zone' },
  {
    name: 'aggregate reports, firms with columns',
    path: () => '/reports/reportsSearch?run=1&q=policies&agg=avg&state=firm&col=insured&col=city',
  },
  { name: 'loss run', path: () => '/reports/LossRun' },
  {
    name: 'loss run, report',
    path: (r) => `/reports/LossRun?run=1&fid=${r.fid}&carrier=Lloyds&type=FPL&premium=on&reserves=on&monitor=on`,
  },
  { name: 'renewal', path: () => '/reports/Renewal' },
  {
    name: 'renewal, report',
    path: () =>
      `/reports/Renewal?run=1&prevCarrier=Lloyds&types=FPL&firmTypes=Law+Firm&firmTypes=Accounting+Firm&month=${dayjs().month() || 12}&year=${dayjs().month() === 0 ? dayjs().year() - 1 : dayjs().year()}`,
  },
  { name: 'edit claim', path: (r) => `/editClaim/${r.clid}` },
  { name: 'edit claim: a ledger entry in edit', path: (r) => `/editClaim/${r.clid}?ledger=${r.ledgerId}` },
  { name: 'firm popup: Claims', path: (r) => popup(r, 'Claims') },
  // Policies (spec 3 §2.4–2.6) and the firm's Policies tab.
  { name: 'firm popup: Policies', path: (r) => popup(r, 'Policies', 'pview=All'), roles: BOTH },
  { name: 'firm popup: Policies, More mode', path: (r) => popup(r, 'Policies', 'pview=All&pmore=1') },
  { name: 'firm popup: Policies, Create Policy dialog', path: (r) => popup(r, 'Policies', 'pview=All&pcreate=1') },
  { name: 'tax calculator: step 1', path: (r) => calc(r, 'taxes', 1) },
  { name: 'tax calculator: step 2', path: (r) => calc(r, 'taxes', 2, '&state=TX') },
  { name: 'commission dialog: step 1', path: (r) => calc(r, 'commissions', 1) },
  { name: 'commission dialog: step 3', path: (r) => calc(r, 'commissions', 3) },
  { name: 'commission dialog: step 4', path: (r) => calc(r, 'commissions', 4) },
  { name: 'policy editor', path: (r) => `/editPolicy/${r.pid}` },
  { name: 'policy editor: fees shown, Add to group open', path: (r) => `/editPolicy/${r.pid}?fees=1&addOption=1` },
  { name: 'view policy', path: (r) => `/ViewPolicy/${r.pid}`, roles: BOTH },
]

// axe walks the whole page (the firms search page holds the jobs list and a firm's hundred notes):
// on a busy machine one analysis alone can take half a minute.
test.describe.configure({ timeout: 90_000 })
const FID = 1150

/** The records the screens show, made through the API as the admin (small factories, no seeded ids). */
async function makeRecords(api: APIRequestContext): Promise<Records> {
  type Reply = Awaited<ReturnType<APIRequestContext['get']>>
  const ok = async <T = { nid: number; version: number }>(response: Reply, status: number): Promise<T> => {
    expect(response.status(), await response.text()).toBe(status)
    return (await response.json()) as T
  }
  const note = await ok(await api.post('/api/notes', { data: { fid: FID } }), 201)
  await ok(
    await api.put(`/api/notes/${note.nid}`, {
      data: { version: note.version, re: 'Accessibility check', tasks: 'Read the policy wording.' },
    }),
    200,
  )
  const others = await ok(await api.post('/api/notes', { data: { fid: FID } }), 201)
  await ok(
    await api.put(`/api/notes/${others.nid}`, {
      data: { version: others.version, re: 'In another name', staff: 'underwriter' },
    }),
    200,
  )
  const uploaded = await ok<{ result: { loidfid: number }[] }>(
    await api.post('/api/file_objects', {
      multipart: {
        fid: String(FID),
        file_description: 'Accessibility check',
        domfiles: { name: 'a11y-check.txt', mimeType: 'text/plain', buffer: Buffer.from('axe') },
      },
    }),
    201,
  )
  const surname = `Axecheck${Date.now().toString(36)}`
  const [person] = await ok<{ plid: number }[]>(
    await api.post('/api/people', { data: { surname, given: 'Ada', direct: '2125550123', fid: FID } }),
    201,
  )
  const contactSort = `AXE${Date.now().toString(36).slice(-6).toUpperCase()}`
  const contact = await ok<{ cid: number }>(
    await api.post('/api/contacts', {
      data: {
        name1: `${contactSort} Claims Group`,
        sort: contactSort,
        type: ['Adjuster'],
        phone: '3035550100',
        people: [
          { given: 'Ann', surname: 'Zed', direct: '3035550101' },
          { given: 'Bo', surname: 'Yule' },
        ],
      },
    }),
    201,
  )
  const claim = await ok<{ clid: number; version: number }>(await api.post('/api/claims', { data: { fid: FID } }), 201)
  await ok(
    await api.put(`/api/claims/${claim.clid}`, {
      data: {
        version: claim.version,
        claimant: 'Axe Claimant',
        facts: 'Facts long enough to open in the full-text dialog. '.repeat(8),
      },
    }),
    200,
  )
  const entry = await ok<{ id: number }>(
    await api.post(`/api/claims/${claim.clid}/ledger`, {
      data: { type: 'defense', amt: '125.50', dated: '2025-02-03', note: 'Axe' },
    }),
    201,
  )
  const programs = await ok<{ result: { prid: number; name: string | null }[] }>(await api.get('/api/programs'), 200)
  const prid = programs.result.find((program) => program.name === 'Summit FPL Direct')?.prid ?? programs.result[0]!.prid
  const policy = await ok<{ pid: number; version: number }>(
    await api.post('/api/policies', {
      data: { fid: FID, prid, incept: '2025-03-05', premium: '10000', limits: '1M', deduc: '5,000' },
    }),
    200,
  )
  // PUT changes only the fields it sends (decision 0019): the commission dialog's data.
  await ok(
    await api.put(`/api/policies/${policy.pid}`, {
      data: {
        version: policy.version,
        quoted: '2025-02-01',
        type: 'FPL',
        carrier: 'Lloyds',
        is_new: 'New',
        prodname: 'mkent',
      },
    }),
    200,
  )
  return {
    clid: claim.clid,
    ledgerId: entry.id,
    pid: policy.pid,
    fid: FID,
    nid: note.nid,
    othersNid: others.nid,
    loidfid: uploaded.result[0].loidfid,
    plid: person.plid,
    surname,
    cid: contact.cid,
    contactSort,
  }
}

let records: Records
test.beforeAll(async () => {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL })
  const admin = demoUser('admin')
  const signIn = await api.post('/login', {
    form: { username: admin.username, password: admin.password, redirectTo: '/' },
    maxRedirects: 0,
  })
  expect(signIn.status()).toBe(302)
  records = await makeRecords(api)
  await api.dispose()
})

for (const screen of SCREENS) {
  for (const role of screen.roles === null ? [null] : (screen.roles ?? ADMIN)) {
    const label = `${screen.name}${role ? ` as ${role}` : ''}`
    test(label, async ({ page }) => {
      if (role) await login(page, role)
      const path = screen.path(records)
      // A screen the user may not open would check the no-permission page instead.
      const refused = (url: string) => expect(new URL(url).pathname, `${label} was refused`).not.toBe('/no-permission')
      if (screen.js !== true) {
        // Without JavaScript: the server's HTML as such a browser shows it (see withoutScripts).
        const address = await loadWithoutScripts(page, path)
        if (path !== '/no-permission') refused(address)
        await expectNoSeriousViolations(page, `${label}, JavaScript off`)
        await expectMantineClassesStyled(page, `${label}, JavaScript off`)
      }
      if (screen.js !== false) {
        await page.goto(path)
        if (path !== '/no-permission') refused(page.url())
        if (screen.reach) await screen.reach(page, records)
        await expectNoSeriousViolations(page, `${label}, JavaScript on`)
        await expectMantineClassesStyled(page, `${label}, JavaScript on`)
      }
    })
  }
}
