/**
 * The scope registry: which scopes each page route and API path needs (spec 1 §2.1 and the call
 * tables of the three documents). Guards, menus and the authorization test all read this table; a
 * route that is not here cannot be served (`requireUser` throws), and the authorization test walks
 * the build's route manifest to prove every route is here.
 *
 * Paths use Remix syntax (`:id`). `built` marks the screens that exist in this build: menus and the
 * post-sign-in redirect only offer built screens, and the authorization test checks that the flag
 * matches the route manifest.
 */
import {
  CONTACT_READ_SCOPES,
  DELETE_PEOPLE_API_SCOPES,
  NOTE_READ_SCOPES,
  PEOPLE_READ_SCOPES,
  POLICY_READ_SCOPES,
} from './abilities'
import { type Scope } from '#app/domain/scope-names'
import { ROLES_SIGN_OUT } from '#app/domain/roles'

export type AccessRule =
  { kind: 'public' } | { kind: 'login' } | { kind: 'scopes'; scopes: readonly Scope[]; mode: 'all' | 'any' }

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'

export interface RouteEntry {
  path: string
  api: boolean
  /** Access by method; `*` is the rule for methods not listed. */
  rules: Partial<Record<Method | '*', AccessRule>>
  built: boolean
  /** A page that signs out a user without its scopes (spec 1 §6: Roles without role-edit), with this message. */
  signOut?: string
}

export const PUBLIC: AccessRule = { kind: 'public' }
export const LOGIN: AccessRule = { kind: 'login' }
export const all = (...scopes: Scope[]): AccessRule => ({ kind: 'scopes', scopes, mode: 'all' })
export const any = (...scopes: Scope[]): AccessRule => ({ kind: 'scopes', scopes, mode: 'any' })

const entries: RouteEntry[] = []
const page = (path: string, rule: AccessRule, built = false, signOut?: string) =>
  entries.push({ path, api: false, rules: { '*': rule }, built, ...(signOut && { signOut }) })
const api = (path: string, rules: RouteEntry['rules'], built = false) => entries.push({ path, api: true, rules, built })

// ── Pages (spec 1 §2.1) ───────────────────────────────────────────────────────────────────────────
page('/', LOGIN, true)
page('/home', LOGIN, true)
page('/login', PUBLIC, true)
page('/logout', PUBLIC, true)
page('/idle', LOGIN, true)
// Changing one's own password (issue 10); a one-time password leads here until it is changed.
page('/password', LOGIN, true)
// Two-step sign-in (TOTP): enrol, recovery codes, turn off (issue 10).
page('/mfa', LOGIN, true)
page('/no-permission', PUBLIC, true)
// The theme editor (spec 1 §2.12), addressable so it works without JavaScript.
page('/preferences', LOGIN, true)
// Hours search, time entries and active sessions (spec 2 §2.9; also a tile of the home page).
page('/hours', LOGIN, true)
page('/reports/bindauthority', all('bindauthority-view'), true)
page('/reports/bordereau', all('bordereau-view'), true)
page('/reports/reportsSearch', all('report-view'), true)
page('/reports/Renewal', all('claim-view'), true)
page('/reports/LossRun', all('claim-view'), true)
page('/search/contacts/contactsSearch', all('contact-view'), true)
// The contact form (read-only View Contact without contact-edit): the contacts list's rights (issue 10 item 6).
page('/editContact/:id', any(...CONTACT_READ_SCOPES), true)
page('/search/claims/claimsSearch', all('claim-view'), true)
page('/search/claims/editClaim', LOGIN, true)
page('/editClaim/:id', LOGIN, true)
// The printable claim shows what GET /api/claims/{id} answers to claim-view (spec 3 §6: claim-view views a claim).
page('/viewClaim/:id', any('claim-view', 'claim-edit'), true)
page('/editPerson/:id', all('person-view'), true)
page('/editPolicy/:id', all('policy-edit'), true)
// Policies are read where the firm's Policies tab or Edit Policy shows them (issue 23, decision 0027).
page('/ViewPolicy/:id', any(...POLICY_READ_SCOPES), true)
page('/editFirm/:id', all('firm-edit'), true)
page('/search/firms/firmsSearch', all('firm-view'), true)
page('/viewFirmNoNote/:id', LOGIN, true)
page('/viewFirmNoNote/:id/:tablesProp', LOGIN, true)
page('/viewFirmNote/:id', LOGIN, true)
// The firm viewer on a page of its own: the route needs a sign-in, the viewer firm-view (as the firm popups).
page('/search/firms/viewFirm', LOGIN, true)
// The note editor shows what GET /api/notes/{id} answers: the same rule (issue 23; decision 0014).
page('/editNoteEmail/:id', any(...NOTE_READ_SCOPES), true)
page('/EditNoteEmail/:id', any(...NOTE_READ_SCOPES), true)
// People rows are read where firms (Members tab) or people (Edit Person) are read (issue 10 item 6, docs/decisions: reads by scope).
page('/search/people/peopleSearch', any(...PEOPLE_READ_SCOPES), true)
page(
  '/manage',
  any('mgacommission-manage', 'mgabilling-manage', 'producercommission-manage', 'role-edit', 'tax-manage'),
  true,
)
page('/manage/commissions', all('mgacommission-manage'), true)
page('/manage/mgaBilling', all('mgabilling-manage'), true)
page('/manage/producerCommissions', all('producercommission-manage'), true)
// Roles (issue 24): without role-edit the user is signed out and sent to Login (spec 1 §6).
page('/manage/roles', all('role-edit'), true, ROLES_SIGN_OUT)
page('/rights/Roles', all('role-edit'), true, ROLES_SIGN_OUT)
page('/manage/taxes', all('tax-manage'), true)
page('/download/:loidfid', LOGIN, true)
// Anything else: a 404 page inside the shell for signed-in users.
page('/*', LOGIN, true)

// ── Session and auth (spec 1 §7) ───────────────────────────────────────────────────────────────────
// Any other API path: JSON 404 for signed-in callers.
api('/api/*', { '*': LOGIN }, true)
api('/api/me', { GET: LOGIN }, true)
api('/api/auth/login', { POST: PUBLIC }, true)
api('/api/auth/logout', { GET: PUBLIC, POST: PUBLIC }, true)
api('/api/auth/session', { GET: PUBLIC }, true)
// Health checks for a load balancer (issue 27): no session, no data, the database's readiness only.
api('/healthz', { GET: PUBLIC }, true)
api('/readyz', { GET: PUBLIC }, true)
api('/api/auth/relogin', { POST: LOGIN }, true)
api('/api/session_notes/types', { GET: LOGIN }, true)
api('/api/v1/users/:id', { PUT: LOGIN }, true)

// ── Users, groups, scopes ──────────────────────────────────────────────────────────────────────────
api('/api/users', { GET: LOGIN, POST: all('role-edit') }, true)
api('/api/users/signers', { GET: LOGIN }, true)
api('/api/users/email', { GET: LOGIN }, true)
api('/api/users/hours', { GET: LOGIN }, true)
api('/api/users/:id', { GET: all('role-edit'), PUT: all('role-edit'), DELETE: all('role-edit') }, true)
api('/api/users/:id/password', { PUT: LOGIN }, true)
// An administrator's password reset of another user (decision 0028): changed by the user at the next sign-in.
api('/api/users/:id/password_reset', { PUT: all('role-edit') }, true)
api('/api/users/:id/acls', { GET: LOGIN }, true)
api('/api/authgroups', { '*': all('role-edit') }, true)
api('/api/authgroups/:id', { '*': all('role-edit') }, true)
api('/api/authgroups/:groupId/users/:userId', { PUT: all('role-edit'), DELETE: all('role-edit') }, true)
api('/api/authgroups/:groupId/scopes/:scopeId', { PUT: all('role-edit'), DELETE: all('role-edit') }, true)
api('/api/scopes', { '*': all('role-edit') }, true)
api('/api/scopes/:id', { '*': all('role-edit') }, true)

// ── Rates and programs ─────────────────────────────────────────────────────────────────────────────
api('/api/taxes', { GET: LOGIN, POST: all('tax-manage') }, true)
api('/api/taxes/roundings', { GET: LOGIN }, true)
api('/api/taxes/:id', { PUT: all('tax-manage'), DELETE: all('tax-manage') }, true)
api(
  '/api/commissions',
  { GET: any('mgacommission-manage', 'calculate-commissions'), POST: all('mgacommission-manage') },
  true,
)
api('/api/commissions/:id', { '*': all('mgacommission-manage') }, true)
api('/api/mgas', { '*': all('mgabilling-manage') }, true)
api('/api/mgas/:id', { '*': all('mgabilling-manage') }, true)
api(
  '/api/producer_commissions',
  { GET: any('producercommission-manage', 'calculate-commissions'), POST: all('producercommission-manage') },
  true,
)
api('/api/producer_commissions/:id', { '*': all('producercommission-manage') }, true)
api('/api/programs', { GET: LOGIN, POST: all('policy-edit') }, true)
api('/api/programs/:id', { GET: LOGIN, PUT: all('policy-edit'), DELETE: all('policy-edit') }, true)

// ── Lists and states ───────────────────────────────────────────────────────────────────────────────
api('/api/lists', { GET: LOGIN }, true)
api('/api/lists/search', { GET: LOGIN }, true)
api('/api/states', { GET: LOGIN }, true)
api('/api/nu-states', { GET: LOGIN }, true)

// ── Firms (spec 2 §7) ──────────────────────────────────────────────────────────────────────────────
// The categories list firms by their notes, as the firms search page's jobs and notes (decision 0025).
api('/api/firms', { GET: all('firm-view') }, true)
api('/api/firms/search', { POST: all('firm-view') }, true)
api('/api/firms/unisearch/search', { GET: all('firm-view') }, true)
api('/api/firms/totals/:id', { GET: all('claim-view') }, true)
// A firm's lists are the firm viewer's tabs (firm-view): Members, Policies, Notes, Files; the note
// editor's recipients are read with firm-view as GET /api/recipients/{nid} is.
for (const path of [
  '/api/firms/members/:id',
  '/api/firms/firmplids/:id',
  '/api/firms/:id/policies',
  '/api/firms/:id/people',
  '/api/firms/:id/notes',
  '/api/firms/:id/forms',
  '/api/firms/:id/recipients',
  '/api/firms/:id/policies/booked',
])
  api(path, { GET: all('firm-view') }, true)
api('/api/firms/:id', { GET: all('firm-view'), PUT: all('firm-edit') }, true)
// DELETE: the Files tab's rule for changing a file (firm-edit; Form files the admin group's: canDeleteFirmFile).
api('/api/firms/:id/files/:fileId', { GET: all('firm-view'), DELETE: all('firm-edit') }, true)

// ── People and contacts ────────────────────────────────────────────────────────────────────────────
api(
  '/api/people',
  { GET: any(...PEOPLE_READ_SCOPES), POST: any('people-edit', 'person-edit'), PUT: all('person-edit') },
  true,
)
api('/api/people/search', { POST: any(...PEOPLE_READ_SCOPES) }, true)
api(
  '/api/people/:id',
  {
    GET: all('person-view'),
    PUT: all('person-edit'),
    DELETE: any(...DELETE_PEOPLE_API_SCOPES),
  },
  true,
)
api('/api/contacts', { GET: all('contact-view'), POST: all('contact-edit') }, true)
api('/api/contacts/byfid/:fid', { GET: any('contact-view', 'firm-view') }, true)
// The claim editor's adjuster and counsel selects read contacts by type.
api('/api/contacts/type/:type', { GET: any('contact-view', 'claim-view') }, true)
api('/api/contacts/:id', { GET: all('contact-view'), PUT: all('contact-edit'), DELETE: all('contact-edit') }, true)

// ── Notes, jobs, email ─────────────────────────────────────────────────────────────────────────────
api('/api/notes', { GET: LOGIN, POST: all('note-edit') }, true)
// A firm's notes are read on the firm viewer's Notes tab, which needs firm-view (issue 10 item 6).
api('/api/notes/search', { POST: any(...NOTE_READ_SCOPES) }, true)
api('/api/notes/forms', { GET: LOGIN }, true)
api('/api/notes/jobs', { GET: all('firm-view') }, true)
api('/api/notes/jobs/count', { GET: all('firm-view') }, true)
api('/api/notes/jobs/next', { GET: all('firm-view') }, true)
// DELETE: admins only, said by the route with the spec's message.
api('/api/notes/:id', { GET: any(...NOTE_READ_SCOPES), PUT: all('note-edit'), DELETE: LOGIN }, true)
api('/api/notes/:id/files', { GET: any(...NOTE_READ_SCOPES), '*': all('note-edit') }, true)
api('/api/notes/:id/readers', { POST: LOGIN }, true)
// GET /api/tranlogs/{nid} reads a note's log; PUT/DELETE /api/tranlogs/{id} change a row (admin, in the model).
api('/api/tranlogs', { POST: all('note-edit') }, true)
api('/api/tranlogs/:id', { GET: any(...NOTE_READ_SCOPES), PUT: all('note-edit'), DELETE: all('note-edit') }, true)
api('/api/recipients/:nid', { GET: any(...NOTE_READ_SCOPES), '*': all('note-edit') }, true)
// Sending saves the note first: the editor's rule (email-send and note-edit) holds for the API too.
api('/api/emails/:nid', { POST: all('email-send', 'note-edit') }, true)

// ── Files ──────────────────────────────────────────────────────────────────────────────────────────
api('/api/file_objects', { POST: all('firmfile-upload') }, true)
api('/api/file_objects/forms', { GET: LOGIN }, true)
api('/api/file_objects/:id', { GET: LOGIN, PUT: all('firm-edit'), DELETE: all('firm-edit') }, true)

// ── Hours and sessions ─────────────────────────────────────────────────────────────────────────────
api('/api/sessions', { GET: LOGIN, POST: LOGIN }, true)
api('/api/sessions/active', { GET: LOGIN }, true)
api('/api/sessions/:id', { GET: LOGIN, PUT: LOGIN, DELETE: LOGIN }, true)

// ── Claims, policies, ledgers (spec 3 §7) ──────────────────────────────────────────────────────────
api('/api/claims', { GET: all('claim-view'), POST: all('claim-edit') }, true)
api('/api/claims/search', { POST: all('claim-view') }, true)
api('/api/claims/:id', { GET: all('claim-view'), PUT: all('claim-edit'), DELETE: all('claim-edit') }, true)
api('/api/claims/:id/logs', { GET: all('claim-view') }, true)
api('/api/claims/:id/ledger', { GET: all('claim-view'), POST: all('claim-edit') }, true)
api('/api/claims/:id/ledger/:ledgerId', { PUT: all('claim-edit'), DELETE: all('claim-edit') }, true)
// Policy and ledger reads: firm-view or policy-edit (POLICY_READ_SCOPES, decision 0027).
api('/api/policies', { GET: any(...POLICY_READ_SCOPES), POST: all('policy-edit') }, true)
api('/api/policies/fees', { GET: any(...POLICY_READ_SCOPES) }, true)
api('/api/policies/renewals', { GET: all('claim-view') }, true)
api('/api/policies/group/:id', { PUT: all('policy-edit') }, true)
api('/api/policies/:id', { GET: any(...POLICY_READ_SCOPES), PUT: all('policy-edit'), DELETE: all('policy-edit') }, true)
api('/api/policies/:id/taxes', { GET: any(...POLICY_READ_SCOPES) }, true)
// Policy files are read with firm-view, as every firm's file (canReadFile); uploads also need firmfile-upload.
api('/api/policies/:id/files', { GET: all('firm-view'), PUT: all('policy-edit') }, true)
api('/api/policies/:id/commissions', { GET: all('calculate-commissions'), PUT: all('calculate-commissions') }, true)
api('/api/policies/:id/group', { PUT: all('policy-edit') }, true)
api('/api/ledgers', { GET: any(...POLICY_READ_SCOPES), POST: all('policy-edit'), PUT: all('policy-edit') }, true)
api('/api/ledgers/search', { GET: any(...POLICY_READ_SCOPES) }, true)
api('/api/ledgers/:id', { GET: any(...POLICY_READ_SCOPES), PUT: all('policy-edit') }, true)

// ── Reports ────────────────────────────────────────────────────────────────────────────────────────
api('/api/reports', { GET: all('report-view'), POST: all('report-view') }, true)
api('/api/reports/bindauthority', { POST: all('bindauthority-view') }, true)
api('/api/reports/bordereau', { POST: all('bordereau-view') }, true)
// The Bordereaux page's Download (spec 3 §2.8, §6): the whole report as CSV or Excel (decision 0034).
api('/api/reports/bordereau/download', { GET: all('bordereau-view', 'bordereau-download') }, true)
api('/api/reports/loss-run', { GET: all('claim-view') }, true)
api('/api/reports/renewals', { GET: all('claim-view') }, true)
api('/api/reports/:report', { GET: all('report-view') }, true)
api('/api/contracts', { POST: any('bordereau-view', 'report-view') }, true)

export const ROUTE_REGISTRY: readonly RouteEntry[] = entries

const byPath = new Map(entries.map((entry) => [entry.path, entry]))

export function registryEntry(path: string): RouteEntry | undefined {
  return byPath.get(path)
}

/**
 * The rule for a route pattern and method; throws for a route the registry does not know. HEAD is
 * GET without the body (RFC 9110), so it has GET's rule everywhere: a route lists GET, never HEAD.
 */
export function accessRule(path: string, method: string): AccessRule {
  const entry = byPath.get(path)
  if (!entry) throw new Error(`Route ${path} is missing from the scope registry (app/auth/scopes.ts)`)
  const asked = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()
  const rule = entry.rules[asked as Method] ?? entry.rules['*']
  if (!rule) throw new Error(`Route ${path} has no access rule for ${method}`)
  return rule
}

/** Whether a user holding `held` satisfies `rule` (login is assumed). */
export function satisfies(rule: AccessRule, held: ReadonlySet<string>): boolean {
  if (rule.kind !== 'scopes') return true
  return rule.mode === 'all' ? rule.scopes.every((s) => held.has(s)) : rule.scopes.some((s) => held.has(s))
}

/** Whether a user may open a page path (for menus): built, and its GET rule satisfied. */
export function canOpen(path: string, held: ReadonlySet<string>): boolean {
  const entry = byPath.get(path)
  if (!entry || !entry.built) return false
  return satisfies(entry.rules.GET ?? entry.rules['*'] ?? LOGIN, held)
}

const matchers = entries
  .filter((entry) => !entry.path.endsWith('/*'))
  .map((entry) => ({
    entry,
    regex: new RegExp(`^${entry.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
    // Static segments first: /api/firms/search before /api/firms/:id.
    dynamic: (entry.path.match(/:/g) ?? []).length,
  }))
  .sort((a, b) => a.dynamic - b.dynamic)

/** The registry entry whose pattern matches a concrete path, if any (used for unbuilt screens). */
export function matchRoute(pathname: string): RouteEntry | undefined {
  return matchers.find((matcher) => matcher.regex.test(pathname))?.entry
}
