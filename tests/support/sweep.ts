/**
 * The bad-input sweep (issue 10 item 8): generated requests over every action intent and API route
 * method of the build, as each demo role and anonymous, each carrying one kind of bad input (wrong
 * types, huge strings, NULs, unknown fields, invalid UTF-8, bad percent escapes, oversized bodies, …).
 * It counts 5xx answers, hangs and partial writes.
 *
 * Partial writes: before the sweep a row trigger is put on every table of the app's database (a
 * throwaway one) that counts committed row changes per table in `sweep_writes`; a rolled-back
 * transaction rolls its count back too. Requests go one at a time, so the change of the counts across
 * one refused request (4xx) is that request's committed writes. A refusal may touch only the tables
 * that record the attempt itself (the session's last activity, the sign-in throttle); any other
 * committed row change under a 4xx is a partial write.
 *
 * Used by `npm run sweep` (scripts/sweep.ts, its own server) and by a 300-request sample in the e2e suite.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import pg from 'pg'
import type { ServerBuild } from '@remix-run/node'
import { ACTION_ROUTES } from '#app/auth/action-intents'
import { registryEntry, type RouteEntry } from '#app/auth/scopes'
import { DEMO_USERS } from '#app/db/seed/demo-users'

/** Tables a refused request may legitimately write: the attempt's own record. */
const ATTEMPT_TABLES = new Set(['user_sessions', 'login_throttle'])
/**
 * Paths that check a password (sign-in, relogin, MFA turn-off, password change): a wrong one is counted on
 * the user's row (atomic failure counting, the lockout), so `users` is the attempt's own record there.
 */
const PASSWORD_CHECK_PATHS =
  /^\/(login|idle|mfa|preferences|api\/auth\/(login|relogin)|api\/users\/[^/]+\/password)(\/|\?|$)/

export interface SweepOptions {
  baseUrl: string
  /** The server's DATA_DIR (its embedded PostgreSQL's folder and password are read from there). */
  dataDir: string
  buildDir: string
  requests: number
  seed?: number
  timeoutMs?: number
  log?: (line: string) => void
}

export interface SweepResult {
  requests: number
  byStatus: Record<string, number>
  serverErrors: string[]
  hangs: string[]
  partialWrites: string[]
  targets: number
  kinds: Record<string, number>
  seconds: number
}

// ── A small deterministic PRNG (mulberry32), so a failing request can be replayed by seed ─────────────
function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    int: (max: number) => Math.floor(next() * max),
  }
}
type Rng = ReturnType<typeof prng>

// ── Where to send: the build's routes, the registry's methods, the page actions' intents ────────────
interface Target {
  pattern: string
  method: string
  api: boolean
  intents: string[]
}

async function targetsOf(buildDir: string): Promise<Target[]> {
  const build = (await import(pathToFileURL(path.resolve(buildDir, 'server/index.js')).href)) as ServerBuild
  const full = (id: string): string => {
    const route = build.routes[id]
    if (!route) return ''
    return `${route.parentId ? full(route.parentId) : ''}${route.path ? `/${route.path}` : ''}`.replace(/\/+/g, '/')
  }
  const targets: Target[] = []
  const seen = new Set<string>()
  for (const [id, route] of Object.entries(build.routes)) {
    if (id === 'root' || (!route.path && !route.index)) continue
    const pattern = full(id) || '/'
    if (/logout/i.test(pattern) || pattern.endsWith('*')) continue
    const entry: RouteEntry | undefined = registryEntry(pattern)
    if (!entry) continue
    const methods = entry.api ? Object.keys(entry.rules).filter((m) => m !== '*') : []
    const list = entry.api ? (methods.length ? methods : ['GET']) : route.module.action ? ['POST', 'GET'] : ['GET']
    for (const method of list) {
      const key = `${method} ${pattern}`
      if (seen.has(key)) continue
      seen.add(key)
      const intents = ACTION_ROUTES.find((r) => r.route === pattern)?.intents.map((i) => i.intent) ?? ['']
      targets.push({ pattern, method, api: entry.api, intents: method === 'POST' && !entry.api ? intents : [''] })
    }
  }
  return targets
}

// ── What to send: one kind of bad input per request ────────────────────────────────────────────────
const FIELDS = [
  'version',
  'fid',
  'nid',
  'pid',
  'plid',
  'cid',
  'clid',
  'id',
  'loidfid',
  're',
  'note',
  'staff',
  'status',
  'type',
  'name1',
  'name2',
  'sort',
  'insured',
  'producer',
  'surname',
  'given',
  'username',
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'code',
  'email',
  'to',
  'cc',
  'bcc',
  'subject',
  'body',
  'date',
  'dated',
  'due',
  'hours',
  'login',
  'logout',
  'whereColumns',
  'whereObjects',
  'checkedColumns',
  'page',
  'perPage',
  'sortBy',
  'sortDesc',
  'search',
  'term',
  'preferences',
  'custom_theme',
  'file_description',
  'file_type',
  'fileDescription',
  'fileType',
  'loids',
  'sessionNotesType',
  'sessionNotes',
  'incept',
  'expire',
  'premium',
  'limits',
  'deduc',
  'amount',
  'description',
  'phone',
  'fax',
  'ssn',
  'born',
  'people',
  'acls',
  'html',
  'signer',
  'direct',
  'ext',
  'state',
  'city',
  'zip',
  'primary',
  'dense',
  'home',
  'rows',
  'returnTo',
  'redirectTo',
  'copy',
  'js',
  'ledgerId',
  'taxes',
  'commissions',
  'facts',
  'claimant',
  'reserve',
  'paid',
]
const HUGE = 'A'.repeat(200_000)
const WRONG_VALUES: unknown[] = [
  12,
  -1,
  0,
  1.5,
  Number.MAX_VALUE,
  2 ** 63,
  -(2 ** 53) - 5,
  true,
  false,
  null,
  [],
  [1, 'x', null],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  '',
  ' ',
  'NaN',
  '1e3',
  '0x1f',
  '2147483648',
  '-0',
  '9'.repeat(40),
  '2026-02-30',
  '99-99-9999',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '\u202e\u0000',
  'a\u0000b',
  '\ud800',
  '\uffff',
  'x'.repeat(5000),
]

interface Body {
  kind: string
  contentType?: string
  body?: Buffer | string
  query?: string
  idParam?: string
}

// A lone surrogate (one of the bad values) cannot be percent-encoded: it goes as the bad escape %ED%A0%80.
const enc = (value: string) =>
  encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\u0000')).replaceAll('%00', '%ED%A0%80')
function form(fields: [string, string][]) {
  return fields.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')
}
function randomFields(rng: Rng, n: number) {
  return Array.from({ length: n }, () => rng.pick(FIELDS))
}
function nested(depth: number) {
  return '['.repeat(depth) + ']'.repeat(depth)
}

const GENERATORS: Record<string, (rng: Rng, intent: string, api: boolean) => Body> = {
  'wrong types': (rng, intent) => {
    const object: Record<string, unknown> = {}
    for (const field of randomFields(rng, 1 + rng.int(6))) object[field] = rng.pick(WRONG_VALUES)
    if (intent) object.intent = intent
    return { kind: 'wrong types', contentType: 'application/json', body: JSON.stringify(object) }
  },
  'wrong types (form)': (rng, intent) => {
    const fields: [string, string][] = randomFields(rng, 1 + rng.int(6)).map((f) => [f, String(rng.pick(WRONG_VALUES))])
    return {
      kind: 'wrong types (form)',
      contentType: 'application/x-www-form-urlencoded',
      body: form([['intent', intent], ...fields]),
    }
  },
  'huge strings': (rng, intent) => {
    const field = rng.pick(FIELDS)
    return rng.next() < 0.5
      ? {
          kind: 'huge strings',
          contentType: 'application/json',
          body: JSON.stringify({ intent, [field]: HUGE.slice(0, 20_000 + rng.int(150_000)) }),
        }
      : {
          kind: 'huge strings',
          contentType: 'application/x-www-form-urlencoded',
          body: form([
            ['intent', intent],
            [field, HUGE.slice(0, 20_000 + rng.int(150_000))],
          ]),
        }
  },
  NULs: (rng, intent) => {
    const fields: [string, string][] = randomFields(rng, 1 + rng.int(5)).map((f) => [
      f,
      rng.pick(['\u0000', 'a\u0000b', '\u0000'.repeat(50), 'x\u0000']),
    ])
    return rng.next() < 0.5
      ? { kind: 'NULs', contentType: 'application/x-www-form-urlencoded', body: form([['intent', intent], ...fields]) }
      : {
          kind: 'NULs',
          contentType: 'application/json',
          body: JSON.stringify(Object.fromEntries([['intent', intent], ...fields])),
        }
  },
  'unknown fields': (rng, intent) => {
    const object: Record<string, unknown> = {
      intent,
      [`unknown_${rng.int(1000)}`]: 'x',
      constructor: { prototype: { polluted: true } },
    }
    return {
      kind: 'unknown fields',
      contentType: 'application/json',
      body: `{"__proto__":{"isAdmin":true},${JSON.stringify(object).slice(1)}`,
    }
  },
  'invalid UTF-8': (rng, intent) => {
    const bad = Buffer.from([
      0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x90, 0x28, 0xbc, 0xed, 0xa0, 0x80,
    ])
    const field = rng.pick(FIELDS)
    return rng.next() < 0.5
      ? {
          kind: 'invalid UTF-8',
          contentType: 'application/json',
          body: Buffer.concat([Buffer.from(`{"intent":"${intent}","${field}":"`), bad, Buffer.from('"}')]),
        }
      : {
          kind: 'invalid UTF-8',
          contentType: 'application/x-www-form-urlencoded',
          body: Buffer.concat([Buffer.from(`intent=${enc(intent)}&${field}=`), bad, Buffer.from('%FF%FE%C3%28')]),
        }
  },
  'bad percent escapes': (rng, intent) => {
    const field = rng.pick(FIELDS)
    const bad = rng.pick(['%', '%zz', '%E0%A4%A', '%%41', '%u0041', '%C0%AF', '%ED%A0%80', '%00'])
    return rng.next() < 0.5
      ? {
          kind: 'bad percent escapes',
          contentType: 'application/x-www-form-urlencoded',
          body: `intent=${enc(intent)}&${field}=${bad}&${bad}=1`,
        }
      : { kind: 'bad percent escapes', query: `?${field}=${bad}&${bad}`, contentType: 'application/json', body: '{}' }
  },
  'oversized bodies': (rng, intent) => ({
    kind: 'oversized bodies',
    contentType: rng.pick(['application/json', 'application/x-www-form-urlencoded', 'text/plain']),
    // Past the JSON and form cap (BODY_MAX_BYTES, 1 MiB by default).
    body: `intent=${enc(intent)}&note=${'B'.repeat(1_100_000 + rng.int(1_000_000))}`,
  }),
  'malformed bodies': (rng, intent) => ({
    kind: 'malformed bodies',
    contentType: rng.pick([
      'application/json',
      'application/json; charset=utf-16',
      'multipart/form-data; boundary=xyz',
      'multipart/form-data',
      'application/x-www-form-urlencoded',
      'text/plain',
      'application/xml',
    ]),
    body: rng.pick([
      '{"a":',
      '[1,2',
      'null',
      'true',
      '"text"',
      '[]',
      nested(5000),
      '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\n' + intent + '\r\n--xyz',
      '--xyz--',
      '<a/>',
      '',
    ]),
  }),
  // Conform's own fields with what it cannot read (it JSON-parses them): a 500 until parseForm (26 Nov).
  'Conform fields': (rng, intent) => {
    const field = rng.pick(['__intent__', '__state__'])
    const junk = rng.pick([
      'x',
      '{',
      '{}',
      '[]',
      'null',
      '{"type":"nope"}',
      '{"type":"remove","payload":{"name":"people","index":-1}}',
      '{"type":"update","payload":{"name":"__proto__"}}',
    ])
    const other = rng.pick(FIELDS)
    return {
      kind: 'Conform fields',
      query: `?${field}=${enc(junk)}&${other}=1`,
      contentType: 'application/x-www-form-urlencoded',
      body: form([
        ['intent', intent],
        [field, junk],
        [other, '1'],
      ]),
    }
  },
  'bad ids': (rng) => ({
    kind: 'bad ids',
    idParam: rng.pick([
      '0',
      '-1',
      '1e3',
      '05',
      'abc',
      '%00',
      '%zz',
      '99999999999999999999',
      '2147483648',
      '1.5',
      '%E2%80%AE1',
      'null',
    ]),
    contentType: 'application/json',
    body: '{}',
  }),
}
const KINDS = Object.keys(GENERATORS)

// ── The database side: per-table committed-change counters ─────────────────────────────────────────
async function connect(dataDir: string): Promise<pg.Client> {
  const clusterDir = path.join(dataDir, 'pg')
  const pid = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')
  const port = Number(pid[3])
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim()
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' })
  await admin.connect()
  const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE NOT datistemplate')
  for (const { datname } of rows) {
    const client =
      datname === 'postgres'
        ? admin
        : new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: datname })
    if (client !== admin) await client.connect()
    const found = await client.query(`SELECT 1 FROM pg_tables WHERE tablename = 'notes'`)
    if (found.rowCount) {
      if (client !== admin) await admin.end()
      return client
    }
    if (client !== admin) await client.end()
  }
  await admin.end()
  throw new Error(`No database with a notes table under ${clusterDir}`)
}

async function installCounters(db: pg.Client) {
  await db.query(`
    CREATE TABLE IF NOT EXISTS public.sweep_writes (tbl text PRIMARY KEY, n bigint NOT NULL DEFAULT 0);
    CREATE OR REPLACE FUNCTION public.sweep_count() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
    BEGIN
      INSERT INTO public.sweep_writes (tbl, n) VALUES (TG_TABLE_NAME, 1) ON CONFLICT (tbl) DO UPDATE SET n = sweep_writes.n + 1;
      RETURN NULL;
    END $$;
    DO $$ DECLARE t record; BEGIN
      FOR t IN SELECT schemaname, tablename FROM pg_tables
               WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'drizzle') AND tablename <> 'sweep_writes' LOOP
        EXECUTE format('DROP TRIGGER IF EXISTS sweep_count ON %I.%I', t.schemaname, t.tablename);
        EXECUTE format('CREATE TRIGGER sweep_count AFTER INSERT OR UPDATE OR DELETE ON %I.%I FOR EACH ROW EXECUTE FUNCTION public.sweep_count()', t.schemaname, t.tablename);
      END LOOP;
    END $$;`)
}

async function counts(db: pg.Client): Promise<Map<string, number>> {
  const { rows } = await db.query<{ tbl: string; n: string }>('SELECT tbl, n FROM public.sweep_writes')
  return new Map(rows.map((row) => [row.tbl, Number(row.n)]))
}

// ── Signing in ──────────────────────────────────────────────────────────────────────────────────────
async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form([
      ['username', username],
      ['password', password],
      ['redirectTo', '/'],
    ]),
    redirect: 'manual',
  })
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (response.status !== 302 || !cookie) throw new Error(`sign-in of ${username}: ${response.status}`)
  return cookie
}

// ── The sweep ───────────────────────────────────────────────────────────────────────────────────────
export async function runSweep(options: SweepOptions): Promise<SweepResult> {
  const started = Date.now()
  const log = options.log ?? (() => {})
  const rng = prng(options.seed ?? 20261125)
  const timeoutMs = options.timeoutMs ?? 20_000
  const targets = await targetsOf(options.buildDir)
  const db = await connect(options.dataDir)
  await installCounters(db)
  const users: { name: string; cookie: string }[] = [{ name: 'anonymous', cookie: '' }]
  for (const demo of DEMO_USERS)
    users.push({ name: demo.username, cookie: await signIn(options.baseUrl, demo.username, demo.password) })
  log(`${targets.length} route methods, ${users.length} callers, ${KINDS.length} kinds of bad input`)

  const result: SweepResult = {
    requests: 0,
    byStatus: {},
    serverErrors: [],
    hangs: [],
    partialWrites: [],
    targets: targets.length,
    kinds: {},
    seconds: 0,
  }
  let before = await counts(db)
  for (let n = 0; n < options.requests; n++) {
    // Every target in turn (a short run still covers them all); caller and kind drawn by the seeded PRNG.
    const target = targets[n % targets.length]!
    const user = rng.pick(users)
    const kind = rng.pick(KINDS)
    const intent = rng.pick(target.intents)
    const generated = GENERATORS[kind]!(rng, intent, target.api)
    const id = generated.idParam ?? '1'
    const url = `${options.baseUrl}${target.pattern.replace(/:[A-Za-z]+/g, id)}${generated.query ?? ''}`
    const method = target.method
    const sendsBody = method !== 'GET' && method !== 'HEAD'
    const label = `${method} ${url.slice(options.baseUrl.length, options.baseUrl.length + 90)} as ${user.name} with ${kind}${intent ? ` (intent ${intent})` : ''}`
    const headers: Record<string, string> = {}
    if (user.cookie) headers.Cookie = user.cookie
    if (sendsBody && generated.contentType) headers['Content-Type'] = generated.contentType
    let status = 0
    const sent = Date.now()
    try {
      const response = await fetch(url, {
        method,
        headers,
        body: sendsBody
          ? typeof generated.body === 'string'
            ? generated.body
            : generated.body
              ? new Uint8Array(generated.body)
              : undefined
          : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      status = response.status
      await response.arrayBuffer().catch(() => undefined)
    } catch (error) {
      const message = (error as Error).message + String((error as { cause?: unknown }).cause ?? '')
      if (/timeout|aborted/i.test(message)) result.hangs.push(label)
      else if (kind !== 'oversized bodies' || !/ECONNRESET|EPIPE|socket|other side closed|fetch failed/i.test(message))
        result.serverErrors.push(`${label}: ${message.slice(0, 200)}`)
      status = -1
    }
    result.requests++
    const took = Date.now() - sent
    if (took > 3000) log(`slow (${took} ms): ${label} → ${status}`)
    result.kinds[kind] = (result.kinds[kind] ?? 0) + 1
    result.byStatus[String(status)] = (result.byStatus[String(status)] ?? 0) + 1
    if (status >= 500) result.serverErrors.push(`${label} → ${status}`)
    const after = await counts(db)
    if (status >= 400 || status === -1) {
      const path = url.slice(options.baseUrl.length)
      const attempt = (table: string) =>
        ATTEMPT_TABLES.has(table) || (table === 'users' && PASSWORD_CHECK_PATHS.test(path))
      const changed = [...after].filter(([table, count]) => count !== (before.get(table) ?? 0) && !attempt(table))
      if (changed.length)
        result.partialWrites.push(
          `${label} → ${status}: ${changed.map(([t, c]) => `${t} +${c - (before.get(t) ?? 0)}`).join(', ')}`,
        )
    }
    before = after
    if ((n + 1) % 250 === 0)
      log(
        `${n + 1} requests; 5xx ${result.serverErrors.length}, hangs ${result.hangs.length}, partial writes ${result.partialWrites.length}`,
      )
    // A session a request ended (a role's own session deleted, say) is signed in again.
    if (status === 401 && user.cookie && (n + 1) % 7 === 0) {
      const me = await fetch(`${options.baseUrl}/api/me`, { headers: { Cookie: user.cookie } })
      if (me.status === 401)
        user.cookie = await signIn(
          options.baseUrl,
          user.name,
          DEMO_USERS.find((d) => d.username === user.name)!.password,
        ).catch(() => user.cookie)
    }
  }
  await db.end()
  result.seconds = Math.round((Date.now() - started) / 1000)
  return result
}
