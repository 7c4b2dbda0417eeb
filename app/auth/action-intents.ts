/**
 * Every POST a page route serves, by `intent`, with the named abilities it needs beyond the route's
 * own registry rule. The authorization walk (tests/e2e/authorization.spec.ts) posts each one as each
 * demo role and expects a refusal exactly where the role lacks the route's scopes or one of these
 * abilities. It is the table the code runs: intentAction refuses by it, and a page's intent table
 * that serves an intent not listed here (or misses one listed) throws when its route module loads
 * (app/http/route-modules.test.ts loads them all).
 *
 * `intent: ''` is a form without an intent field (its one save); an intent ending in ':' is a family
 * (`detach:123`).
 */
import { JOB_MESSAGES, NOTE_MESSAGES } from '#app/domain/notes'
import * as abilities from './abilities'

/** The abilities an intent can name (the functions of abilities.ts that take a user). */
export type AbilityName = {
  [K in keyof typeof abilities]: (typeof abilities)[K] extends (user: never) => boolean ? K : never
}[keyof typeof abilities]

export interface ActionIntent {
  intent: string
  /** Every ability the intent needs (none: the route's rule is all it needs). */
  needs: readonly AbilityName[]
  /** The message of a refusal for a missing ability, when the screen words it its own way. */
  refusal?: string
}

export interface ActionRoute {
  /** The route's pattern in the scope registry (app/auth/scopes.ts). */
  route: string
  intents: readonly ActionIntent[]
  /** Sign-in, relogin, password and logout: proved by their own specs, not posted by the walk. */
  session?: boolean
}

const i = (intent: string, ...needs: AbilityName[]): ActionIntent => ({ intent, needs })
/** Intents that each need the same abilities (none: the route's rule is all they need). */
const each = (intents: readonly string[], ...needs: AbilityName[]) => intents.map((intent) => i(intent, ...needs))
/** An intent whose screen words its refusal its own way. */
const worded = (refusal: string, intent: string, ...needs: AbilityName[]): ActionIntent => ({ intent, needs, refusal })

/** The jobs list's forms (features/jobs), served by the firms search page. */
const JOBS = {
  intents: [
    worded(NOTE_MESSAGES.markDoneFailed, 'job-done', 'canEditNotes'),
    worded(JOB_MESSAGES.noteEditNeeded, 'job-next', 'canEditNotes'),
    i('job-columns'),
  ],
}

/**
 * The firm viewer's forms (the Members, Files, Notes and Policies tabs' intent tables, composed by each
 * page that shows the viewer). Note-take's refusal names who holds the note (its intent's refusal()).
 */
const FIRM_VIEWER = {
  intents: [
    i('member-create', 'canEditPerson'),
    i('member-delete', 'canDeleteMember'),
    i('file-upload', 'canUploadFiles'),
    i('file-edit', 'canEditFiles'),
    worded('You do not have permission to create notes.', 'note-create', 'canEditNotes'),
    worded('You do not have permission to copy notes.', 'note-copy', 'canEditNotes'),
    i('note-inline', 'canEditNotes'),
    i('note-take', 'canTakeOverNotes'),
    i('note-delete', 'canDeleteNotes'),
    ...each(['policy-create', 'policy-tax-apply'], 'canEditPolicy'),
    ...each(['commission-policy', 'commission-next', 'commission-rates'], 'canCalculateCommissions'),
  ],
}

/** The Note/Email editor's forms (its two addresses serve the same table). */
const NOTE_EDITOR = [
  ...each(
    [
      'save',
      'give',
      'take',
      'edit',
      'prep',
      'recipient-search',
      // Without JavaScript, a person of the search added as To, Cc or Bcc (`add:to:123`), or removed (`remove:123`).
      'add:',
      'remove:',
      'toggle-html',
      'template',
      'template-confirmed',
      'attach',
      'detach:',
    ],
    'canEditNotes',
  ),
  i('upload', 'canEditNotes', 'canUploadFiles'),
  ...each(['send', 'send-confirmed'], 'canEditNotes', 'canSendEmail'),
]

/** The Roles screen's forms (its two addresses serve the same table); the route's rule is role-edit. */
const ROLES = each([
  'user-create',
  'user-update',
  'user-password',
  'user-disable',
  'user-enable',
  'group-create',
  'group-disable',
  'group-enable',
  'scope-create',
  'scope-delete',
  'group-user-add',
  'group-user-remove',
  'group-scope-add',
  'group-scope-remove',
])

export const ACTION_ROUTES: readonly ActionRoute[] = [
  { route: '/search/firms/firmsSearch', intents: [...JOBS.intents, ...FIRM_VIEWER.intents] },
  { route: '/search/firms/viewFirm', intents: FIRM_VIEWER.intents },
  { route: '/viewFirmNoNote/:id', intents: FIRM_VIEWER.intents },
  { route: '/viewFirmNoNote/:id/:tablesProp', intents: FIRM_VIEWER.intents },
  { route: '/viewFirmNote/:id', intents: FIRM_VIEWER.intents },
  { route: '/editFirm/:id', intents: [i('', 'canEditFirm')] },
  {
    route: '/search/people/peopleSearch',
    intents: [i('create', 'canCreatePerson'), i('delete', 'canDeletePerson')],
  },
  {
    route: '/editPerson/:id',
    intents: [{ ...i('', 'canEditPerson'), refusal: 'You do not have permission to edit people.' }],
  },
  {
    route: '/editContact/:id',
    intents: each(['save', 'delete', 'unlink'], 'canEditContacts'),
  },
  // Create from a firm's Claims tab: refused with the access-denied text (the editor's own refusal signs out).
  {
    route: '/search/claims/editClaim',
    intents: [{ ...i('', 'canEditClaim'), refusal: abilities.ACCESS_DENIED }],
  },
  {
    route: '/editClaim/:id',
    intents: each(['save', 'zero', 'ledger-add', 'ledger-edit', 'ledger-delete'], 'canEditClaim'),
  },
  {
    route: '/editPolicy/:id',
    intents: [
      ...each(
        [
          'policy-save',
          'policy-book',
          'policy-save-book',
          'policy-book-only',
          'policy-book-cancel',
          'policy-text',
          'policy-text-group',
          'policy-group-copy',
        ],
        'canEditPolicy',
      ),
      // The editor words every refusal with the access-denied text.
      { ...i('policy-file-upload', 'canUploadPolicyFile'), refusal: abilities.ACCESS_DENIED },
      i('policy-delete-option', 'canEditPolicy', 'canDeletePolicyOption'),
    ],
  },
  { route: '/editNoteEmail/:id', intents: NOTE_EDITOR },
  { route: '/EditNoteEmail/:id', intents: NOTE_EDITOR },
  { route: '/manage/roles', intents: ROLES },
  { route: '/rights/Roles', intents: ROLES },
  // MGA Billing Entities and Producer Rates (spec 1 §2.10, §2.11): the route's scope is all they need.
  { route: '/manage/mgaBilling', intents: each(['mga-create', 'mga-update', 'mga-delete']) },
  { route: '/manage/producerCommissions', intents: each(['rate-create', 'rate-update', 'rate-delete']) },
  { route: '/hours', intents: [i('')] },
  // MGA Rates (spec 1 §2.9): the route's mgacommission-manage is all they need.
  {
    route: '/manage/commissions',
    intents: each([
      'commission-create',
      'commission-change',
      'commission-end',
      'commission-unend',
      'commission-delete',
      'commission-edit-all',
    ]),
  },
  // State Rates (spec 1 §2.8): the route's tax-manage is all they need.
  {
    route: '/manage/taxes',
    intents: each(['tax-create', 'tax-update', 'tax-add-end', 'tax-remove-end', 'tax-delete']),
  },
  { route: '/preferences', intents: each(['save', 'reset-theme']) },
  { route: '/login', intents: each(['', 'code', 'restart']), session: true },
  { route: '/idle', intents: [i('')], session: true },
  { route: '/password', intents: [i('')], session: true },
  // Two-step sign-in of one's own account: any signed-in user (a code of their own secret is still needed).
  { route: '/mfa', intents: each(['start', 'confirm', 'disable']) },
  { route: '/logout', intents: [i('')], session: true },
]

/** Whether a user holds every ability an intent needs (the route's own rule is the registry's). */
export function holdsAbilities(user: abilities.Actor & { username?: string }, needs: readonly AbilityName[]): boolean {
  return needs.every((name) => (abilities[name] as (user: abilities.Actor) => boolean)(user))
}

const byRoute = new Map<string, ActionRoute>()

function actionRoute(pattern: string): ActionRoute | undefined {
  if (!byRoute.size) for (const route of ACTION_ROUTES) byRoute.set(route.route, route)
  return byRoute.get(pattern)
}

/** The intents a page route serves (its action's table must serve exactly these). */
export function intentsOf(pattern: string): string[] {
  return (actionRoute(pattern)?.intents ?? []).map((entry) => entry.intent).sort()
}

/**
 * Why a user may not send an intent of a route, or null when they may: the intent's own wording, else
 * the first missing ability's (abilities.ts), else the spec's access-denied text.
 */
export function refusalOf(pattern: string, intent: string, user: abilities.Actor): string | null {
  const entry = actionRoute(pattern)?.intents.find((candidate) => candidate.intent === intent)
  if (!entry) return abilities.ACCESS_DENIED
  const missing = entry.needs.find((name) => !holdsAbilities(user, [name]))
  if (!missing) return null
  return entry.refusal ?? abilities.ABILITY_REFUSALS[missing] ?? abilities.ACCESS_DENIED
}
