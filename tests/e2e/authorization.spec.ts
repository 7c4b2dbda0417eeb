import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test'
import type { ServerBuild } from '@remix-run/node'
import { canEditNotes, type Actor } from '#app/auth/abilities'
import { ACTION_ROUTES, holdsAbilities } from '#app/auth/action-intents'
import { ADMIN_GROUP } from '#app/domain/scope-names'
import { ROUTE_REGISTRY, registryEntry, satisfies, type AccessRule, type RouteEntry } from '#app/auth/scopes'
import { DEMO_USERS } from '#app/db/seed/demo-users'
import { BASE_URL } from './base-url'
import { makeClaim, makeContact, makeFirmFile, makeNote, makePerson, makePolicy, someFirm } from './factories'
import { expect, test } from './fixtures'
import { ensureUserWithoutScopes } from './own-server'

const GUARD_403 = 'You do not have permission to view this page'

/**
 * Walks every route of the build's route manifest as anonymous, as a user without the route's
 * scopes and as one with them, and fails on any route the scope registry does not know.
 */

async function manifestRoutes(): Promise<{ path: string; hasAction: boolean; hasLoader: boolean }[]> {
  const build = (await import(
    pathToFileURL(path.resolve(process.env.BUILD_DIR || 'build', 'server/index.js')).href
  )) as ServerBuild
  const routes = build.routes
  const fullPath = (id: string): string => {
    const route = routes[id]
    if (!route) return ''
    const parent = route.parentId ? fullPath(route.parentId) : ''
    const own = route.path ? `/${route.path}` : ''
    return `${parent}${own}`.replace(/\/+/g, '/')
  }
  const found = new Map<string, { path: string; hasAction: boolean; hasLoader: boolean }>()
  for (const [id, route] of Object.entries(routes)) {
    if (id === 'root') continue
    if (!route.path && !route.index) continue // pathless layouts are checked through their children
    const full = fullPath(id) || '/'
    found.set(full, { path: full, hasAction: !!route.module.action, hasLoader: !!route.module.loader })
  }
  return [...found.values()]
}

async function manifestPaths(): Promise<string[]> {
  const paths = (await manifestRoutes()).map((route) => route.path)
  // Logout routes end the walker's sessions, so they are walked last.
  const last = (p: string) => (p.includes('logout') ? 1 : 0)
  return paths.sort((a, b) => last(a) - last(b) || a.localeCompare(b))
}

// Reads use id 1 (a record that exists); writes use an id no record has, so walking every route
// as every user checks the guards without changing the data other tests rely on.
const sample = (pattern: string, method = 'GET') =>
  pattern
    .replace(/:[A-Za-z]+/g, method === 'GET' || method === 'HEAD' ? '1' : '2147480000')
    .replace(/\*$/, 'no-such-page-for-the-authorization-test')

/** A signed-in user in no group: no scope at all (made in the e2e database by the walk). */
const NO_SCOPES = { username: 'walk.noscopes', password: 'Walk-without-any-scope-1' }

async function signedIn(username: string, password?: string): Promise<APIRequestContext> {
  const user = DEMO_USERS.find((candidate) => candidate.username === username)
  if (!user && !password) throw new Error(username)
  const context = await playwrightRequest.newContext({ baseURL: BASE_URL })
  const response = await context.post('/login', {
    form: { username, password: password ?? user!.password },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
  return context
}

/** The methods a route serves; HEAD wherever GET is, with GET's rule (issue 23: HEAD gets exactly GET's rules). */
function methodsOf(entry: RouteEntry): string[] {
  const listed = entry.api ? Object.keys(entry.rules).filter((key) => key !== '*') : []
  const methods = listed.length ? listed : ['GET']
  return methods.includes('GET') ? [...methods, 'HEAD'] : methods
}

function ruleFor(entry: RouteEntry, method: string): AccessRule {
  const asked = method === 'HEAD' ? 'GET' : method
  const rule = entry.rules[asked as keyof RouteEntry['rules']] ?? entry.rules['*']
  if (!rule) throw new Error(`${entry.path} ${method}`)
  return rule
}

test('every route in the build is in the scope registry, and built flags match the build', async () => {
  const paths = await manifestPaths()
  const missing = paths.filter((p) => !registryEntry(p))
  expect(missing, 'routes missing from app/auth/scopes.ts').toEqual([])
  const notFlagged = paths.filter((p) => !registryEntry(p)?.built)
  expect(notFlagged, 'routes in the build but not marked built in the registry').toEqual([])
  const flaggedButAbsent = ROUTE_REGISTRY.filter((entry) => entry.built && !paths.includes(entry.path)).map(
    (e) => e.path,
  )
  expect(flaggedButAbsent, 'registry says built, but the build has no such route').toEqual([])
})

test('every route answers anonymous, unauthorised and authorised users as the registry says', async () => {
  test.setTimeout(240_000)
  const paths = await manifestPaths()
  const anonymous = await playwrightRequest.newContext({ baseURL: BASE_URL })
  const users = new Map<string, { context: APIRequestContext; scopes: Set<string> }>()
  // The demo roles, and a signed-in account without any scope: every demo role holds firm-view, so
  // only it shows that reads (notes, policies, ledgers) are refused where a scope is needed.
  await ensureUserWithoutScopes(NO_SCOPES.username, NO_SCOPES.password)
  for (const { username, password } of [...DEMO_USERS, NO_SCOPES]) {
    const context = await signedIn(username, password)
    const me = await context.get('/api/me')
    expect(me.status()).toBe(200)
    const body = (await me.json()) as { scopes: string[] }
    users.set(username, { context, scopes: new Set(body.scopes) })
  }
  expect(users.get(NO_SCOPES.username)!.scopes.size).toBe(0)

  const problems: string[] = []
  for (const pattern of paths) {
    const entry = registryEntry(pattern)!
    for (const method of methodsOf(entry)) {
      const url = sample(pattern, method)
      const rule = ruleFor(entry, method)
      const send = (context: APIRequestContext) =>
        context.fetch(url, {
          method,
          maxRedirects: 0,
          data: method === 'GET' || method === 'HEAD' ? undefined : {},
          failOnStatusCode: false,
        })

      const anon = await send(anonymous)
      if (rule.kind !== 'public') {
        const ok = entry.api
          ? anon.status() === 401
          : anon.status() === 302 && (anon.headers().location ?? '').startsWith(`/login?redirectTo=`)
        if (!ok) problems.push(`${method} ${url} anonymous → ${anon.status()} ${anon.headers().location ?? ''}`)
      } else if (anon.status() >= 500) {
        problems.push(`${method} ${url} anonymous (public) → ${anon.status()}`)
      }

      for (const [username, { context, scopes }] of users) {
        const allowed = satisfies(rule, scopes)
        const response = await send(context)
        const status = response.status()
        const location = response.headers().location ?? ''
        if (status >= 500) problems.push(`${method} ${url} as ${username} → ${status}`)
        if (!allowed) {
          // A page the registry marks signOut (Roles without role-edit, spec 1 §6) signs the user out to Login.
          const signsOut = !entry.api && entry.signOut !== undefined && status === 302 && location === '/login'
          const refused = entry.api ? status === 403 : (status === 302 && location === '/') || signsOut
          if (!refused) problems.push(`${method} ${url} as ${username} (without scope) → ${status} ${location}`)
          if (signsOut) {
            const password = username === NO_SCOPES.username ? NO_SCOPES.password : undefined
            users.set(username, { context: await signedIn(username, password), scopes })
          }
        } else if (rule.kind !== 'public') {
          // A 403 of the record itself (someone else's session, say) is the model's answer, not the guard's.
          const guardRefusal =
            status === 403 && ((await response.json().catch(() => ({}))) as { message?: string }).message === GUARD_403
          const refused =
            status === 401 ||
            guardRefusal ||
            location.startsWith('/login') ||
            (!entry.api && rule.kind === 'scopes' && location === '/')
          if (refused) problems.push(`${method} ${url} as ${username} (with scope) → ${status} ${location}`)
        }
      }
    }
  }
  expect(problems).toEqual([])
})

test('bad input to every built action and API route answers 4xx with a message, never a 500', async () => {
  test.setTimeout(240_000)
  const withActions = (await manifestRoutes()).filter((route) => route.hasAction && !route.path.includes('logout'))
  expect(withActions.map((route) => route.path)).toContain('/login')
  const huge = 'x'.repeat(2 * 1024 * 1024)
  const bodies: { name: string; headers: Record<string, string>; data: string }[] = [
    { name: 'malformed JSON', headers: { 'Content-Type': 'application/json' }, data: '{"username": ' },
    {
      name: 'wrong types',
      headers: { 'Content-Type': 'application/json' },
      data: '{"username": 12, "password": [1,2]}',
    },
    { name: 'an array', headers: { 'Content-Type': 'application/json' }, data: '[1,2,3]' },
    {
      name: 'missing fields',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: 'intent=nothing',
    },
    // PostgreSQL text cannot hold NUL: common field names carrying one, as JSON and as a form.
    {
      name: 'NUL characters',
      headers: { 'Content-Type': 'application/json' },
      data: JSON.stringify({
        version: 0,
        re: 'a\u0000b',
        note: '\u0000',
        staff: 'x\u0000',
        username: '\u0000',
        search: '\u0000',
        name1: '\u0000',
        to: ['a\u0000@b.example'],
      }),
    },
    {
      name: 'a NUL form field',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: 'intent=save&re=a%00b&note=%00&staff=x%00&name1=%00&username=%00',
    },
    {
      name: 'a huge JSON string',
      headers: { 'Content-Type': 'application/json' },
      data: JSON.stringify({ username: huge, password: huge }),
    },
    {
      name: 'a huge form field',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: `username=${huge}&password=x`,
    },
  ]
  const problems: string[] = []
  // One sign-in (a password hash costs time); each request still gets a fresh connection below.
  const adminState = await (await signedIn('admin')).storageState()
  // One context per user for ordinary bodies; a huge body gets a fresh one (below).
  const shared = {
    admin: await playwrightRequest.newContext({ baseURL: BASE_URL, storageState: adminState }),
    anonymous: await playwrightRequest.newContext({ baseURL: BASE_URL }),
  }
  for (const route of withActions) {
    const entry = registryEntry(route.path)!
    const methods = entry.api ? methodsOf(entry).filter((m) => m !== 'GET' && m !== 'HEAD') : ['POST']
    for (const method of methods) {
      const url = sample(route.path, method)
      for (const body of bodies) {
        for (const who of ['admin', 'anonymous']) {
          // A huge body gets a fresh connection: the server closes one whose large body it refused unread.
          const huge = body.name.startsWith('a huge')
          const context = huge
            ? await playwrightRequest.newContext({
                baseURL: BASE_URL,
                ...(who === 'admin' ? { storageState: adminState } : {}),
              })
            : shared[who as 'admin' | 'anonymous']
          const response = await context
            .fetch(url, {
              method,
              headers: body.headers,
              data: Buffer.from(body.data),
              maxRedirects: 0,
              failOnStatusCode: false,
            })
            .catch((error: Error) => {
              if (body.name.startsWith('a huge') && /ECONNRESET|EPIPE/.test(error.message)) return null
              throw error
            })
          if (response && response.status() >= 500)
            problems.push(`${method} ${url} with ${body.name} as ${who} → ${response.status()}`)
          if (response && entry.api && response.status() >= 400) {
            const answer = (await response.json().catch(() => null)) as { message?: unknown } | null
            if (typeof answer?.message !== 'string') problems.push(`${method} ${url} with ${body.name}: no message`)
          }
          if (huge) await context.dispose()
        }
      }
    }
  }
  const admin = await signedIn('admin')
  for (const route of (await manifestRoutes()).filter((r) => registryEntry(r.path)?.api && r.hasLoader)) {
    const url = sample(route.path)
    for (const query of [
      '?type=' + 'a'.repeat(5000),
      '?orderBy=1;drop table users',
      '?search=%00%ff',
      '?fields[]=x&fields=y',
    ]) {
      const response = await admin.get(`${url}${query}`, { failOnStatusCode: false })
      if (response.status() >= 500) problems.push(`GET ${url}${query.slice(0, 40)} → ${response.status()}`)
    }
  }
  // The login API answers the spec's shape for bad input: a status and a message.
  const anonymous = await playwrightRequest.newContext({ baseURL: BASE_URL })
  const bad = await anonymous.post('/api/auth/login', {
    headers: { 'Content-Type': 'application/json' },
    data: Buffer.from('{"username":'),
  })
  expect(bad.status()).toBe(400)
  expect(await bad.json()).toEqual({ status: 'INVALID_PARAMS', message: 'The request body is not valid JSON.' })
  expect(problems).toEqual([])
})

/**
 * The walk of every page action's intents (app/auth/action-intents.ts): each intent posted as each
 * demo role, same-origin like the browser's form, refused (403, or the guard's redirect) exactly where
 * the role lacks the route's scopes or one of the intent's abilities; and, anonymous, sent to sign in.
 * The records come from small factories; a role that may write posts to records of its own where
 * ownership matters (its own note), so the answer is the ability's, not the record's. No API makes
 * users yet, so the roles are the demo users; what a permitted post changes of theirs leaves no other
 * spec's expectations behind: `reset-theme` resets a theme that is the default already (no spec sets
 * a demo user's colours: the theme test has a staff account of its own), the saves without fields are
 * refused by their schema (400), and `job-next` hands out the office's pool, which the jobs and notes
 * specs never count (they check the job they were given, and their own jobs by their own tags).
 */
test('every page action intent is refused exactly where the role lacks its ability', async () => {
  test.setTimeout(240_000)
  const headers = { Origin: BASE_URL, 'Sec-Fetch-Site': 'same-origin' }
  const walkable = ACTION_ROUTES.filter((route) => !route.session)
  const manifest = new Set(
    (await manifestRoutes())
      .filter((route) => route.hasAction && !registryEntry(route.path)?.api)
      .map((route) => route.path),
  )
  expect(
    [...manifest].filter((path) => !ACTION_ROUTES.some((route) => route.route === path)),
    'page actions missing from ACTION_ROUTES',
  ).toEqual([])

  const roles = new Map<string, { context: APIRequestContext; actor: Actor & { username: string } }>()
  const signIn = async (username: string) => {
    const context = await signedIn(username)
    const me = (await (await context.get('/api/me')).json()) as { scopes: string[]; auth_groups: { name: string }[] }
    roles.set(username, {
      context,
      actor: {
        username,
        scopeSet: new Set(me.scopes),
        isAdmin: me.auth_groups.some((group) => group.name === ADMIN_GROUP),
      },
    })
  }
  for (const demo of DEMO_USERS) await signIn(demo.username)

  // The records, made as the admin: a firm's member to delete, a person to edit, a contact, a claim, a policy, a file, notes.
  const admin = roles.get('admin')!.context
  const { fid } = await someFirm(admin)
  const [member, person, other, contact, claim, policy, file] = await Promise.all([
    makePerson(admin, fid),
    makePerson(admin, fid),
    makePerson(admin, fid),
    makeContact(admin),
    makeClaim(admin, fid),
    makePolicy(admin, fid),
    makeFirmFile(admin, fid),
  ])
  const adminNote = await makeNote(admin, fid)
  const doomed = await makeNote(admin, fid)
  const othersNote = await makeNote(roles.get('underwriter')!.context, fid)
  const ownNote = new Map<string, number>()
  for (const [username, { context, actor }] of roles)
    ownNote.set(username, canEditNotes(actor) ? (await makeNote(context, fid)).nid : adminNote.nid)

  const urlOf = (route: string, username: string) =>
    route
      .replace('/viewFirmNote/:id', `/viewFirmNote/${adminNote.nid}`)
      .replace(/\/(editNoteEmail|EditNoteEmail)\/:id/, `/$1/${ownNote.get(username)}`)
      .replace('/viewFirmNoNote/:id/:tablesProp', `/viewFirmNoNote/${fid}/Members`)
      .replace(/\/(viewFirmNoNote|editFirm)\/:id/, `/$1/${fid}`)
      .replace('/editPerson/:id', `/editPerson/${person.plid}`)
      .replace('/editContact/:id', `/editContact/${contact.cid}`)
      .replace('/editClaim/:id', `/editClaim/${claim.clid}`)
      .replace('/editPolicy/:id', `/editPolicy/${policy.pid}`)
  const formOf = (route: string, intent: string): Record<string, string> => {
    const form: Record<string, string> = {
      fid: String(fid),
      nid: String(adminNote.nid),
      plid: String(other.plid),
      loidfid: String(file.loidfid),
      pid: String(policy.pid),
    }
    if (intent) form.intent = intent === 'detach:' ? `detach:${file.loidfid}` : intent
    if (intent === 'note-take') form.nid = String(othersNote.nid)
    if (intent === 'note-delete') form.nid = String(doomed.nid)
    if (intent === 'member-delete') form.plid = String(member.plid)
    if (intent === 'unlink') form.plid = String(contact.people[0]!.plid)
    if (route === '/search/people/peopleSearch' && intent === 'delete') form.plid = String(other.plid)
    return form
  }
  const isRefusal = (status: number, location: string) =>
    status === 403 ||
    (status >= 300 &&
      status < 400 &&
      (location === '/' || location === '/no-permission' || location.startsWith('/login')))

  const anonymous = await playwrightRequest.newContext({ baseURL: BASE_URL })
  const problems: string[] = []
  let posts = 0
  for (const route of walkable) {
    const entry = registryEntry(route.route)
    if (!entry) throw new Error(route.route)
    const rule = ruleFor(entry, 'POST')
    for (const { intent, needs } of route.intents) {
      const label = `${route.route} ${intent || '(save)'}`
      const anon = await anonymous.post(urlOf(route.route, 'admin'), {
        form: formOf(route.route, intent),
        headers,
        maxRedirects: 0,
        failOnStatusCode: false,
      })
      if (!(anon.status() === 302 && (anon.headers().location ?? '').startsWith('/login?redirectTo=')))
        problems.push(`${label} anonymous → ${anon.status()}`)
      function allowed(username: string) {
        const { actor } = roles.get(username)!
        return satisfies(rule, actor.scopeSet) && holdsAbilities(actor, needs)
      }
      const post = async (username: string) => {
        const may = allowed(username)
        const response = await roles.get(username)!.context.post(urlOf(route.route, username), {
          form: formOf(route.route, intent),
          headers,
          maxRedirects: 0,
          failOnStatusCode: false,
        })
        posts++
        const status = response.status()
        const location = response.headers().location ?? ''
        const refused = isRefusal(status, location)
        if (status >= 500) problems.push(`${label} as ${username} → ${status}`)
        else if (may && refused)
          problems.push(
            `${label} as ${username} (may) → refused ${status} ${location} ${(await response.text()).slice(0, 120)}`,
          )
        else if (!may && !refused) problems.push(`${label} as ${username} (may not) → ${status} ${location}`)
        // The claim editor signs out whoever posts without claim-edit (spec): sign in again.
        if (location.startsWith('/login')) await signIn(username)
      }
      // Refusals first (together: they change nothing), so a permitted write (a delete) cannot turn a
      // later refusal into a 404; then the permitted posts one by one.
      const users = [...roles.keys()]
      await Promise.all(users.filter((username) => !allowed(username)).map(post))
      for (const username of users.filter(allowed)) await post(username)
    }
  }
  expect(posts).toBeGreaterThan(300)
  expect(problems).toEqual([])
})
