import { and, asc, desc, eq, gte, lt, notInArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '#app/db/client.server'
import { firms, notes } from '#app/db/schema'
import { sanitizeUserHtml } from '#app/domain/html.server'
import { ADMIN_ONLY_TYPES, mayEditFromNews, NEWS_LIMIT, type NoteActor } from '#app/domain/notes'
import { NOTE_COLUMNS } from '#app/models/note.server'
import { versionedCache } from './data-version.server'
import { cappedPageOf, countUpTo } from './paging.server'

/** The `data_versions` row the bulletin triggers bump (migration 0024). */
export const BULLETINS_VERSION = 'bulletins'

/**
 * Bulletins (spec 2 §2.10, §7, §9): the notes of type news, event and appt that the home tiles show
 * and `GET /api/notes` lists. They may stand alone (no firm); appointments usually name one.
 */

export const BULLETIN_TYPES = ['news', 'event', 'appt'] as const
export type BulletinType = (typeof BULLETIN_TYPES)[number]

/** The note entity's stored fields a caller may ask for (`fields=`); firm_sort comes with withFirmSort. */
const FIELD_COLUMNS = NOTE_COLUMNS
export type BulletinField = keyof typeof FIELD_COLUMNS
export const BULLETIN_FIELDS = Object.keys(FIELD_COLUMNS) as BulletinField[]
export const DEFAULT_BULLETIN_FIELDS: readonly BulletinField[] = [
  'nid',
  'dated',
  'cstamp',
  'due',
  'type',
  'status',
  're',
  'staff',
  'opener',
  'fid',
]

/** Sortable columns (`orders=`): a whitelist, so no caller text reaches ORDER BY. */
export const BULLETIN_ORDER_COLUMNS = {
  nid: notes.nid,
  stamp: notes.stamp,
  cstamp: notes.cstamp,
  dated: notes.dated,
  due: notes.due,
  status: notes.status,
  staff: notes.staff,
  opener: notes.opener,
  re: notes.re,
  type: notes.type,
  fid: notes.fid,
  firm_sort: firms.sort,
} as const
export type BulletinOrder = keyof typeof BULLETIN_ORDER_COLUMNS
export const BULLETIN_ORDERS = Object.keys(BULLETIN_ORDER_COLUMNS) as BulletinOrder[]

export interface BulletinListQuery {
  type: BulletinType
  fields?: readonly BulletinField[]
  nid?: number
  /** The user the notes are for (case-insensitive). */
  staff?: string
  orders?: readonly { column: BulletinOrder; desc: boolean }[]
  /** At most NEWS_LIMIT (4000). */
  limit?: number
  /** Adds firm_sort (the firm's sort name) to each row. */
  withFirmSort?: boolean
  /** Only notes whose cstamp is now or later (upcoming news, events and appointments). */
  withFuturecstamp?: boolean
}

export type BulletinListRow = Partial<Record<BulletinField, unknown>> & { firm_sort?: string | null }

function visibility(actor: Pick<NoteActor, 'isAdmin'>): SQL | undefined {
  // Bulletin types are never admin-only today; the guard stays so a wider type list cannot leak them.
  return actor.isAdmin ? undefined : notInArray(notes.type, [...ADMIN_ONLY_TYPES])
}

function sameStaff(staff: string): SQL {
  return sql`lower(${notes.staff}) = lower(${staff})`
}

type Selection = Record<string, SQL.Aliased>

/** The query of GET /api/notes over a selection of its fields (see listBulletins). */
function bulletinSelect(db: DbOrTx, query: BulletinListQuery, actor: Pick<NoteActor, 'isAdmin'>, selection: Selection) {
  const orders = query.orders?.length ? query.orders : [{ column: 'dated' as const, desc: query.type === 'news' }]
  const joinFirm = query.withFirmSort || orders.some((order) => order.column === 'firm_sort')
  const base = db.select(selection).from(notes).$dynamic()
  return (joinFirm ? base.leftJoin(firms, eq(firms.fid, notes.fid)) : base)
    .where(
      and(
        eq(notes.type, query.type),
        visibility(actor),
        query.nid !== undefined ? eq(notes.nid, query.nid) : undefined,
        query.staff ? sameStaff(query.staff) : undefined,
        query.withFuturecstamp ? gte(notes.cstamp, sql`now()`) : undefined,
      ),
    )
    .orderBy(
      ...orders.map(({ column, desc: descending }) =>
        descending ? desc(BULLETIN_ORDER_COLUMNS[column]) : asc(BULLETIN_ORDER_COLUMNS[column]),
      ),
      asc(notes.nid),
    )
    .limit(Math.min(Math.max(query.limit ?? NEWS_LIMIT, 1), NEWS_LIMIT))
}

function bulletinFields(query: BulletinListQuery): BulletinField[] {
  return query.fields?.length ? [...new Set<BulletinField>(['nid', ...query.fields])] : [...DEFAULT_BULLETIN_FIELDS]
}

/**
 * A timestamp as epoch milliseconds (date_part answers float8; extract's numeric costs PostgreSQL
 * more), written as JSON writes a Date (see listBulletins).
 */
function epochMs(column: AnyPgColumn): SQL {
  return sql`date_part('epoch', ${column}) * 1000`
}

/**
 * GET /api/notes: bulletins of one type with the chosen fields, filters and order, at most 4000, as
 * plain rows ready for JSON: timestamps as ISO text (as JSON writes a Date), HTML bodies sanitised.
 * The rows are the driver's own objects, not the ORM's mapping into Dates (21 ms of the server's CPU
 * for 2,046 upcoming appointments at scale 100, against about a third of it this way). Writing the
 * JSON in PostgreSQL (row_to_json, to_char) was tried: the same total CPU, moved onto the database.
 */
export async function listBulletins(
  db: DbOrTx,
  query: BulletinListQuery,
  actor: Pick<NoteActor, 'isAdmin'>,
): Promise<BulletinListRow[]> {
  return (await bulletinRows(db, query, actor)).rows
}

/** The rows of listBulletins, and the earliest cstamp among them (epoch ms; Infinity without rows). */
async function bulletinRows(
  db: DbOrTx,
  query: BulletinListQuery,
  actor: Pick<NoteActor, 'isAdmin'>,
): Promise<{ rows: BulletinListRow[]; firstCstamp: number }> {
  const fields = bulletinFields(query)
  const selection: Selection = {}
  const stamps: string[] = []
  for (const field of fields) {
    const column = FIELD_COLUMNS[field]
    const stamp = column.columnType === 'PgTimestamp'
    if (stamp) stamps.push(field)
    selection[field] = (stamp ? epochMs(column) : sql`${column}`).as(field)
  }
  // The body is sanitised on the way out when it is HTML, so html is read with it.
  const wantsNote = fields.includes('note')
  const keepHtml = fields.includes('html')
  if (wantsNote && !keepHtml) selection.html = sql`${notes.html}`.as('html')
  if (query.withFirmSort) selection.firm_sort = sql`${firms.sort}`.as('firm_sort')
  // The earliest cstamp of the answer says how long an upcoming-only answer stays true (see
  // listBulletinsJson); read beside the fields when they leave it out.
  const keepCstamp = fields.includes('cstamp')
  if (query.withFuturecstamp && !keepCstamp) selection.cstamp = epochMs(notes.cstamp).as('cstamp')
  const { rows } = await db.execute<Record<string, unknown>>(bulletinSelect(db, query, actor, selection).getSQL())
  let firstCstamp = Infinity
  for (const row of rows) {
    if (query.withFuturecstamp) {
      const ms = row.cstamp
      if (typeof ms === 'number' && ms < firstCstamp) firstCstamp = ms
      if (!keepCstamp) delete row.cstamp
    }
    for (const field of stamps) {
      const ms = row[field]
      if (typeof ms === 'number') row[field] = new Date(Math.floor(ms)).toISOString()
    }
    if (wantsNote) {
      if (row.html && typeof row.note === 'string') row.note = sanitizeUserHtml(row.note)
      if (!keepHtml) delete row.html
    }
  }
  return { rows: rows as BulletinListRow[], firstCstamp }
}

const bulletinsJsonCache = versionedCache(BULLETINS_VERSION, 200)

/** For tests: forget the cached answers of GET /api/notes. */
export const clearBulletinsJsonCache = () => bulletinsJsonCache.clear()

/**
 * GET /api/notes as its JSON text, from an exact cache where the bulletins version covers every value
 * of the answer: an event's or appointment's row and its firm's sort name, or a news row without the
 * firm's sort name (a firm rename bumps the version only for firms events and appointments name). The
 * answer is the same for every admin and for every other user, so it is kept per query and role,
 * under the version read before the rows (see data-version.server.ts). `withFuturecstamp` answers
 * the notes whose cstamp is now or later: the kept text stays true while the clock is before its
 * earliest cstamp (no row has left, and no row excluded can come back); past it the rows are read
 * again. At scale 100, 2,119 upcoming appointments with their firms were about 500 KB of JSON read,
 * converted and written on every call (decision 0038).
 */
export async function listBulletinsJson(
  db: DbOrTx,
  query: BulletinListQuery,
  actor: Pick<NoteActor, 'isAdmin'>,
): Promise<string> {
  const load = async () => {
    const { rows, firstCstamp } = await bulletinRows(db, query, actor)
    return { text: JSON.stringify(rows), until: query.withFuturecstamp ? Math.floor(firstCstamp) : Infinity }
  }
  const firmSort = query.withFirmSort || query.orders?.some((order) => order.column === 'firm_sort')
  if (query.type === 'news' && firmSort) return (await load()).text
  const key = JSON.stringify([
    actor.isAdmin,
    query.type,
    bulletinFields(query),
    query.nid ?? null,
    query.staff?.toLowerCase() ?? null,
    query.orders ?? null,
    query.limit ?? null,
    Boolean(query.withFirmSort),
    Boolean(query.withFuturecstamp),
  ])
  const cache = await bulletinsJsonCache.open(db)
  const answer = await cache.get(key, load, (kept) => Date.now() >= kept.until)
  return answer.text
}

// ── Home tiles ─────────────────────────────────────────────────────────────────────────────────────

/** News rows shown on the home page before "Show all news" (which pages through up to NEWS_LIMIT). */
export const NEWS_TILE_ROWS = 20
/** Rows per page of "Show all news": 4000 rows at once made the home page 1.7 MB of HTML. */
export const NEWS_PAGE_ROWS = 100
/** Events and appointments: from today on, this many days ahead, at most CALENDAR_TILE_LIMIT rows. */
export const CALENDAR_DAYS = 60
export const CALENDAR_TILE_LIMIT = 100

export interface NewsItem {
  nid: number
  dated: Date
  re: string | null
  status: string
  staff: string | null
  opener: string | null
  /** The edit-note button's rule (spec 2 §2.10), decided here for the user. */
  mayEdit: boolean
}

/** What every bulletin tile shows of a note: its id, date, subject, status and staff. */
const TILE_NOTE = {
  nid: notes.nid,
  dated: notes.dated,
  re: notes.re,
  status: notes.status,
  staff: notes.staff,
}

/**
 * The News tile: the latest news first (upcoming ones on top), one page of them (the recent view is
 * page 1 of NEWS_TILE_ROWS), and how many there are in all (at most NEWS_LIMIT can be paged to).
 */
export async function newsTile(
  db: DbOrTx,
  actor: NoteActor,
  options: { size: number; page?: number },
): Promise<{ items: NewsItem[]; count: number; page: number }> {
  return withMayEdit(await newsRows(db, actor, options), actor)
}

type NewsRows = { rows: Omit<NewsItem, 'mayEdit'>[]; count: number; page: number }

function withMayEdit(news: NewsRows, actor: NoteActor) {
  return {
    count: news.count,
    page: news.page,
    items: news.rows.map((row) => ({
      ...row,
      mayEdit: mayEditFromNews({ staff: row.staff, status: row.status, type: 'news' }, actor),
    })),
  }
}

async function newsRows(
  db: DbOrTx,
  actor: Pick<NoteActor, 'isAdmin'>,
  options: { size: number; page?: number },
): Promise<NewsRows> {
  // The page and a count of its own side by side: count(*) OVER () read and sorted every news note for
  // a tile of 20 (1,500 at scale 100); the count walks the (type, dated) index and stops at NEWS_LIMIT.
  const where = and(eq(notes.type, 'news'), visibility(actor))
  const page = await cappedPageOf(
    (window) =>
      db
        .select({ ...TILE_NOTE, opener: notes.opener })
        .from(notes)
        .where(where)
        .orderBy(desc(notes.dated), desc(notes.nid))
        .limit(window.limit)
        .offset(window.offset),
    (limit) =>
      countUpTo(
        db,
        (upTo) =>
          db
            .select({ one: sql`1` })
            .from(notes)
            .where(where)
            .limit(upTo),
        limit,
      ),
    {
      page: options.page ?? 1,
      size: Math.min(Math.max(options.size, 1), NEWS_LIMIT),
      countCap: NEWS_LIMIT,
      reach: NEWS_LIMIT,
    },
  )
  return { count: page.total, page: page.page, rows: page.rows }
}

export interface CalendarItem {
  nid: number
  dated: Date
  re: string | null
  status: string
  staff: string | null
  fid: number | null
  firmSort: string | null
}

/**
 * The Events or Appointments tile: notes of that type dated from `from` on, for `days` days, soonest
 * first; cancelled ones are left out. `staff` keeps one user's.
 */
export async function calendarTile(
  db: DbOrTx,
  options: { type: 'event' | 'appt'; from: Date; days?: number; staff?: string; limit?: number },
): Promise<CalendarItem[]> {
  const until = new Date(options.from.getTime() + (options.days ?? CALENDAR_DAYS) * 86_400_000)
  return (
    db
      .select({
        ...TILE_NOTE,
        fid: notes.fid,
        firmSort: firms.sort,
      })
      .from(notes)
      .leftJoin(firms, eq(firms.fid, notes.fid))
      .where(
        and(
          eq(notes.type, options.type),
          gte(notes.dated, options.from),
          lt(notes.dated, until),
          notInArray(notes.status, ['cancel']),
          options.staff ? sameStaff(options.staff) : undefined,
        ),
      )
      .orderBy(asc(notes.dated), asc(notes.nid))
      .limit(Math.min(Math.max(options.limit ?? CALENDAR_TILE_LIMIT, 1), CALENDAR_TILE_LIMIT))
      // Prepared although it compares dates: the window is always today and the next CALENDAR_DAYS, so
      // one plan serves every run, and planning it cost more than running it (2.5 ms against 2.3 for
      // someone's appointments at scale 100; app/db/client.server.ts).
      .prepare('calendar tile')
      .execute()
  )
}

// ── The home tiles, cached exactly ────────────────────────────────────────────────────────────────

const homeTilesCache = versionedCache(BULLETINS_VERSION)

/** For tests: forget the cached tiles. */
export const clearHomeTilesCache = () => homeTilesCache.clear()

/**
 * The home page's News, Events and Appointments tiles (spec 2 §2.10), from a cache kept exactly: the
 * tiles are the same for every user (but the news' edit rule, decided here per user, and someone's
 * own appointments, kept per user), and change only when a bulletin note is written or a firm an event
 * or appointment names is renamed, which bumps the bulletins version (see data-version.server.ts), or
 * when the day turns (the calendar starts at `from`, today's midnight: it is in the key). At scale 100 their four
 * statements were about 40% of the home page's database time on every visit.
 */
export async function homeTiles(
  db: DbOrTx,
  actor: NoteActor,
  options: { news: { size: number; page?: number }; apptsOf?: string; from: Date },
): Promise<{
  news: { items: NewsItem[]; count: number; page: number }
  events: CalendarItem[]
  appts: CalendarItem[]
}> {
  const cache = await homeTilesCache.open(db)
  const { size, page = 1 } = options.news
  const staff = options.apptsOf?.toLowerCase()
  const [news, events, appts] = await Promise.all([
    cache.get(`news:${actor.isAdmin ? 'admin' : 'user'}:${size}:${page}`, () => newsRows(db, actor, options.news)),
    cache.get(`event:${options.from.getTime()}`, () => calendarTile(db, { type: 'event', from: options.from })),
    cache.get(`appt:${options.from.getTime()}:${staff ?? ''}`, () =>
      calendarTile(db, { type: 'appt', from: options.from, staff }),
    ),
  ])
  return { news: withMayEdit(news, actor), events, appts }
}
