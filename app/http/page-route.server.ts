import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { getOptionalUser, type CurrentUser, type GuardOptions } from '#app/auth/guard.server'
import { requireUser } from './guard.server'
import { refusePage, type PageRefusal } from './refusal.server'
import { holdsAbilities, type AbilityName } from '#app/auth/action-intents'
import { accessRule } from '#app/auth/scopes'
import { DomainError, UnavailableError } from '#app/domain/errors'
import { pageErrorFrom, refusalOf } from './errors.server'
import { requireId, type RecordKind } from './ids.server'
import { intentAction, type IntentTable, type TooLarge } from './intent-action.server'

export type Params = LoaderFunctionArgs['params']

/**
 * A route's registry pattern; for a splat route (the 404 page), the pattern of the address asked for,
 * so a screen of the spec this build lacks is still guarded by its own rule.
 */
export type RoutePattern = string | ((request: Request) => string)

/** The ids a route reads from its URL: a kind (its 404 message), or a kind with the screen's own message. */
export type IdSpec = Record<string, RecordKind | { kind: RecordKind; message: string }>

/** What every page loader and intent handler is given: the request, the signed-in user, the URL's ids. */
export interface PageContext<User = CurrentUser> {
  request: Request
  params: Params
  url: URL
  user: User
  /** The ids named in the route's `ids`, each read with requireId (a bad or unknown id is a 404 before any loader). */
  ids: Record<string, number>
}

/** A public page's context: the user when one is signed in (login, logout, no-permission). */
export type PublicContext = PageContext<CurrentUser | null>

interface Parts<User, Loaded> {
  /** Ids read from the URL's parameters with requireId. */
  ids?: IdSpec
  /** requireUser's options (the relogin page serves a timed-out session). */
  guard?: GuardOptions
  /** Abilities the page needs beyond the registry's rule (e.g. the firm popups need firm-view). */
  needs?: readonly AbilityName[]
  /** How a missing ability is refused: the no-permission view (default), or a same-origin sign-out (spec 1 §6). */
  refuse?: PageRefusal
  /**
   * The record the URL names, looked up before the page's abilities, so an unknown id is the same 404
   * for every signed-in user (the claim editor: a user without claim-edit is signed out only for a claim
   * that is there). Throws a DomainError when it is not there.
   */
  exists?: (context: PageContext<User>) => Promise<unknown>
  /**
   * The screen's own words for a user whose rights could not be read (the database did not answer):
   * answered with status 503 and this code instead of the generic error (spec 3 §8 'Failed to get rights.').
   */
  rightsFailed?: { message: string; code: string }
  load?: (context: PageContext<User>) => Loaded | Promise<Loaded>
  /** The page's forms, by intent: run by intentAction with the abilities of app/auth/action-intents.ts. */
  intents?: IntentTable<User>
  /** A form without an intent field is this intent ('' when omitted). */
  defaultIntent?: string
  /** The 413 message of this page's forms (uploads name their own cap), or the intent whose form shows it in place. */
  tooLarge?: TooLarge
  /** A cap of this page's forms below the one of their kind (a page of uploads: its files' cap and room for the fields). */
  maxBytes?: number
}

function readIds(params: Params, spec: IdSpec = {}): Record<string, number> {
  const ids: Record<string, number> = {}
  for (const [name, kind] of Object.entries(spec))
    ids[name] =
      typeof kind === 'string' ? requireId(params[name], kind) : requireId(params[name], kind.kind, kind.message)
  return ids
}

/**
 * One page route: `const route = pageRoute('/editClaim/:id', { ids, load, intents })`, then
 * `export const loader = route.loader` and `export const action = route.action` (Remix strips only
 * those named exports from the client build). The factory guards every request with the registry
 * pattern (a parent's check does not protect a child), refuses a missing ability the one way, reads
 * the URL's ids, runs the feature's loader, and turns its DomainErrors into the error panel's answer;
 * the action is the intent table run by intentAction (refusal, parsing, the one error shape).
 */
export function pageRoute<Loaded = never>(
  pattern: RoutePattern,
  parts: Parts<CurrentUser, Loaded> & { public?: false },
): RouteFunctions<Loaded>
export function pageRoute<Loaded = never>(
  pattern: RoutePattern,
  parts: Parts<CurrentUser | null, Loaded> & { public: true },
): RouteFunctions<Loaded>
export function pageRoute<Loaded>(
  pattern: RoutePattern,
  parts: (Parts<CurrentUser, Loaded> | Parts<CurrentUser | null, Loaded>) & { public?: boolean },
): RouteFunctions<Loaded> {
  const table = parts.intents as IntentTable<CurrentUser | null> | undefined
  const load = parts.load as ((context: PageContext<CurrentUser | null>) => Loaded | Promise<Loaded>) | undefined
  const exists = parts.exists as ((context: PageContext<CurrentUser | null>) => Promise<unknown>) | undefined
  // An intent table is checked against action-intents by its route's one pattern.
  if (table && typeof pattern !== 'string') throw new Error('A page with intents names its registry pattern.')
  // A public page answers anyone: only where the registry says so.
  if (parts.public && typeof pattern === 'string')
    for (const method of ['GET', 'POST'])
      if (accessRule(pattern, method).kind !== 'public')
        throw new Error(`${method} ${pattern} is not public in the scope registry (app/auth/scopes.ts).`)
  const patternOf = (request: Request) => (typeof pattern === 'string' ? pattern : pattern(request))
  async function signedIn(request: Request): Promise<CurrentUser | null> {
    if (parts.public) return getOptionalUser(request)
    try {
      return await requireUser(request, patternOf(request), parts.guard)
    } catch (error) {
      if (error instanceof Response || !parts.rightsFailed) throw error
      // A lost database is noted once per outage (refusalOf); anything else with its stack.
      const lost = refusalOf(error)
      if (!lost)
        console.error(
          `[page] ${patternOf(request)}: the user's rights could not be read:`,
          error instanceof Error ? error.stack : error,
        )
      const extra = lost instanceof UnavailableError ? lost.extra : {}
      return pageErrorFrom(new DomainError(parts.rightsFailed.message, parts.rightsFailed.code, 503, extra))
    }
  }
  async function context(request: Request, params: Params): Promise<PageContext<CurrentUser | null>> {
    const user = await signedIn(request)
    const ctx = { request, params, url: new URL(request.url), user, ids: readIds(params, parts.ids) }
    if (exists) await exists(ctx).catch(pageErrorFrom)
    if (user && parts.needs?.length && !holdsAbilities(user, parts.needs)) await refusePage(request, parts.refuse)
    return ctx
  }
  const run = table
    ? intentAction(pattern as string, table, {
        defaultIntent: parts.defaultIntent,
        tooLarge: parts.tooLarge,
        maxBytes: parts.maxBytes,
      })
    : null
  // Every step (the guard's session lookup included) maps its errors: a lost database is a 503, not a 500.
  // A page without a loader (or without forms) answers that method with 405 and the one it allows.
  const answer =
    (handle: ((ctx: PageContext<CurrentUser | null>) => unknown) | null | undefined, allow: 'GET' | 'POST') =>
    async ({ request, params }: LoaderFunctionArgs | ActionFunctionArgs) => {
      try {
        const ctx = await context(request, params)
        if (!handle) throw new Response(null, { status: 405, headers: { Allow: allow } })
        return await handle(ctx)
      } catch (error) {
        return pageErrorFrom(error)
      }
    }
  return { loader: answer(load, 'POST'), action: answer(run, 'GET'), headers: carryHeaders } as RouteFunctions<Loaded>
}

/** Headers of an action's or loader's answer that the page's answer must carry as well. */
const CARRIED_HEADERS = ['Retry-After'] as const

/**
 * The page's answer headers (`export const headers = route.headers`): the parent's, as without a
 * `headers` export, plus CARRIED_HEADERS from the action's or loader's answer. Without it Remix
 * keeps only Set-Cookie from them, so a throttled form's 429 lost its Retry-After: in the document
 * (entry.server's carryDataHeaders covers that) and in the `.data` answer of a form sent with
 * JavaScript (single fetch), which only a route's `headers` reaches.
 */
const carryHeaders: HeadersFunction = ({ parentHeaders, actionHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders)
  for (const name of CARRIED_HEADERS) {
    const value = actionHeaders.get(name) ?? errorHeaders?.get(name) ?? loaderHeaders.get(name)
    if (value) headers.set(name, value)
  }
  return headers
}

/**
 * A page that answers with a status of its own and still shows itself (not the error panel): the firm
 * viewer page says a firm is not there (404) beside the firms still open and Get by FID. A refusal
 * that replaces the page is a thrown DomainError instead.
 */
export function pageWithStatus<Page>(page: Page, status: number) {
  return data(page, { status })
}

export interface RouteFunctions<Loaded> {
  loader: (args: LoaderFunctionArgs) => Promise<Loaded>
  action: (args: ActionFunctionArgs) => Promise<unknown>
  /** For a page whose answers carry a header of their own (a throttled form's Retry-After): export it as `headers`. */
  headers: HeadersFunction
}
