import { RuleError } from '#app/domain/errors'
import { sql, type SQL } from 'drizzle-orm'
import { executePrepared, type DbOrTx } from '#app/db/client.server'
import { notes } from '#app/db/schema'
import {
  ADMIN_ONLY_TYPES,
  NOTE_MESSAGES,
  NOTE_STATUS_LIST,
  NOTE_TYPE_LIST,
  RETRY_TYPES,
  SOLICIT_FIRM_STATUS,
  STATUS_RANK,
  handOffText,
  isOwner,
  mayMarkDone,
  prependTask,
  taskLine,
  type JobKind,
  type JobSortColumn,
  type NoteActor,
} from '#app/domain/notes'
import { recordChange } from './change-log.server'
import { versionedCache } from './data-version.server'
import { escapeLike } from './search-text.server'
import { pageOf } from './paging.server'
import { slicePage, type Page } from '#app/domain/paging'

/**
 * Jobs (spec 2 §2.3, §3, §4, §7): a user's queue of open notes. A job here is a firm note (fid set:
 * news, events and appointments without a firm live on the home tiles) whose staff is the user and
 * whose status is neither done nor cancel. Kinds follow `jobKindsOf` (docs/decisions/0006-job-kinds.md).
 */

/** Jobs lists are bounded: a queue longer than this shows its first rows and a notice. */
export const JOB_LIMIT = 1000

/** A row of the jobs table / GET /api/notes/jobs, with the spec's names. */
export type JobRow = {
  nid: number
  fid: number
  firm_sort: string | null
  /** Exdate: the note's due date (YYYY-MM-DD) or null. */
  _exdate: string | null
  /** Age: whole days since the note was written (stamp). */
  _lag: number
  status: string
  type: string
  re: string | null
  dated: string
  staff: string | null
  cstamp: string
  opener: string | null
  version: number
}

/** Who acts: id for the change log, username, admin group. */
export interface JobActor extends NoteActor {
  id: number
}

/** A refused job action: the page shows 'Error marking note done.'; the API answers `status`. */
export class JobError extends RuleError {
  override name = 'JobError'
}

// Constant fragments (no user input): literal so the partial index notes_open_jobs_idx matches.
const OPEN = sql.raw(`n.status NOT IN ('done', 'cancel') AND n.fid IS NOT NULL`)
const STATUS_RANK_SQL = sql.raw(
  `CASE n.status ${NOTE_STATUS_LIST.map((status) => `WHEN '${status}' THEN ${STATUS_RANK[status]}`).join(' ')} ELSE 0 END`,
)
const RETRY_SQL = sql.raw(`n.type IN (${RETRY_TYPES.map((type) => `'${type}'`).join(', ')})`)
const HIDDEN_FROM_STAFF = sql.raw(`n.type NOT IN (${ADMIN_ONLY_TYPES.map((type) => `'${type}'`).join(', ')})`)

const todaySql = (today?: string) => (today ? sql`${today}::date` : sql`CURRENT_DATE`)

/** The SQL of a job kind; the same rules as `jobKindsOf` (a unit of the integration test). */
function kindCondition(kind: JobKind, today?: string): SQL {
  const tickler = sql`(n.due IS NOT NULL AND n.due <= ${todaySql(today)})`
  const retry = sql`(${RETRY_SQL})`
  const solicit = sql`(f.status IS NOT NULL AND f.status = ${SOLICIT_FIRM_STATUS})`
  switch (kind) {
    case 'ticklers':
      return tickler
    case 'retries':
      return retry
    case 'solicit':
      return solicit
    case 'others':
      return sql`NOT (${tickler} OR ${retry} OR ${solicit})`
    default:
      return sql`TRUE`
  }
}

/**
 * Jobs of these users, named in any letter case (staff holds the spelling stored in users.username).
 * `= ANY(ARRAY(subquery))` is an index condition on staff (the subquery runs once, first), so the
 * open-jobs indexes walk the users' queues in their order; `IN (subquery)` became a join that read
 * and sorted the whole queue.
 */
function staffIn(usernames: readonly string[], like?: string, column: SQL = sql`n.staff`): SQL {
  const lowered = sql.join(
    usernames.map((name) => sql`lower(${name})`),
    sql`, `,
  )
  const named = like === undefined ? sql`` : sql` AND u.username ILIKE ${like}`
  return sql`${column} = ANY(ARRAY(SELECT u.username FROM users u WHERE lower(u.username) IN (${lowered})${named}))`
}

/**
 * staff_job_counts (migration 0008) keeps, per user, the open jobs (OPEN) of type admin apart from the
 * rest: with 'admin' the only admin-only type, a whole queue's count is its users' rows there.
 */
const QUEUE_COUNT_KEPT = ADMIN_ONLY_TYPES.length === 1 && ADMIN_ONLY_TYPES[0] === 'admin'

/** Sortable columns of the jobs table (whitelist); `actions` is not sortable. */
export const JOB_SORT_COLUMNS: Record<JobSortColumn, SQL> = {
  sort: sql`f.sort`,
  exdate: sql`n.due`,
  status: STATUS_RANK_SQL,
  // Age grows as stamp gets older.
  lag: sql`n.stamp`,
  type: sql`n.type`,
  re: sql`lower(n.re)`,
  dated: sql`n.dated`,
  staff: sql`n.staff`,
  cstamp: sql`n.cstamp`,
  opener: sql`n.opener`,
}

export interface JobsQuery {
  /** Whose jobs (usernames as stored). */
  staff: readonly string[]
  kind?: JobKind
  /** Filters on re, firm sort, type, status, staff and opener. */
  search?: string
  /** A column to sort by first; the default order (staff ↑, status ↓, cstamp ↑) breaks ties. */
  sort?: { by: JobSortColumn; desc: boolean }
  /** Whether admin-type notes are shown (the viewer is in group admin). */
  isAdmin: boolean
  /** Rows a page (at most JOB_LIMIT). */
  limit?: number
  /** The page of `limit` rows (from 1; a page past the end shows the last one). */
  page?: number
  /** YYYY-MM-DD for ticklers; the database's current date otherwise. */
  today?: string
}

/** The jobs' order as terms: a chosen column first, then the default order (staff ↑, status ↓, cstamp ↑, nid). */
function orderTerms(sort: JobsQuery['sort']): { expr: SQL; dir: string }[] {
  const defaults = [
    { expr: sql`n.staff`, dir: 'ASC' },
    { expr: STATUS_RANK_SQL, dir: 'DESC' },
    { expr: sql`n.cstamp`, dir: 'ASC' },
    { expr: sql`n.nid`, dir: 'ASC' },
  ]
  if (!sort) return defaults
  // Age is the reverse of stamp: sorting Age ascending shows the youngest first.
  const desc = sort.by === 'lag' ? !sort.desc : sort.desc
  return [{ expr: JOB_SORT_COLUMNS[sort.by], dir: desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST' }, ...defaults]
}

/**
 * The conditions of a jobs query, and what its count reads. `firmJoined`: the query joins the firm as
 * `f` (the page does, for its sort); the count joins it only for the kinds that read its status, and a
 * search there tests the firm's sort per job (EXISTS): a join made the planner hash all 60,000 firms
 * for a queue of 2,867 jobs (the count of "renewal" in underwriter's jobs: 34 -> 13 ms at scale 100).
 */
function jobsWhere(query: JobsQuery, firmJoined: boolean): { where: SQL; countFrom: SQL } {
  const kind = query.kind ?? 'all'
  // solicit and others read the firm's status.
  const joinsFirm = firmJoined || kind === 'solicit' || kind === 'others'
  const conditions: SQL[] = [OPEN, staffIn(query.staff), kindCondition(kind, query.today)]
  if (!query.isAdmin) conditions.push(HIDDEN_FROM_STAFF)
  const term = query.search?.trim()
  if (term) {
    const like = `%${escapeLike(term)}%`
    const firmSort = joinsFirm
      ? sql`f.sort ILIKE ${like}`
      : sql`EXISTS (SELECT 1 FROM firms fs WHERE fs.fid = n.fid AND fs.sort ILIKE ${like})`
    // A job's type and status are one of their lists (the notes' CHECK constraints) and its staff one of
    // the queue's users, so the term is tested once on each list instead of on every job: the same
    // matches, and three of the five ILIKEs per job gone ("renewal" in underwriter's 2,867 jobs: about
    // half the statement's time at scale 100).
    const matching = (values: readonly string[]) =>
      sql`ARRAY(SELECT v FROM unnest(${sql.param([...values])}::text[]) v WHERE v ILIKE ${like})`
    conditions.push(
      sql`(n.re ILIKE ${like} OR ${firmSort} OR n.type = ANY(${matching(NOTE_TYPE_LIST)}) OR n.status = ANY(${matching(NOTE_STATUS_LIST)}) OR ${staffIn(query.staff, like)} OR n.opener ILIKE ${like})`,
    )
  }
  return {
    where: sql.join(conditions, sql` AND `),
    countFrom: joinsFirm ? sql`notes n LEFT JOIN firms f ON f.fid = n.fid` : sql`notes n`,
  }
}

const JOB_COLUMNS_SQL = sql`n.nid, n.fid, f.sort AS firm_sort, n.due::text AS "_exdate",
      floor(extract(epoch FROM now() - n.stamp) / 86400)::int AS "_lag",
      n.status, n.type, n.re, ${isoText(sql`n.dated`)} AS dated, n.staff, ${isoText(sql`n.cstamp`)} AS cstamp, n.opener, n.version`

/**
 * One page of a jobs query (exported for the plan test).
 *
 * The page's jobs are picked in `notes_open_jobs_order_idx` alone: its keys are the default order and
 * it carries every column a kind, a search or a chosen sort reads (migration 0014), so picking is an
 * index-only scan, and only the page's rows are read from the table (a searched queue was read row by
 * row from the table: "renewal" in underwriter's 2,867 jobs, 9–16 ms → 3 ms at scale 100). The sort
 * keys come out of the pick, so the page keeps its order without a second sort. A sort by firm name
 * and the kinds that read the firm's status join the firm in one query instead.
 */
export function jobsPageSql(query: JobsQuery, window: { limit: number; offset: number }): SQL {
  const terms = orderTerms(query.sort)
  const kind = query.kind ?? 'all'
  if (query.sort?.by === 'sort' || kind === 'solicit' || kind === 'others') {
    return sql`
    SELECT ${JOB_COLUMNS_SQL}
    FROM notes n LEFT JOIN firms f ON f.fid = n.fid
    WHERE ${jobsWhere(query, true).where}
    ORDER BY ${sql.join(
      terms.map((term) => sql`${term.expr} ${sql.raw(term.dir)}`),
      sql`, `,
    )}
    ${windowSql(window)}`
  }
  const keys = terms.map((term, i) => ({ ...term, name: sql.raw(`k${i}`) }))
  return sql`
    SELECT ${JOB_COLUMNS_SQL}
    FROM (
      SELECT ${sql.join(
        keys.map((key) => sql`${key.expr} AS ${key.name}`),
        sql`, `,
      )}
      FROM notes n
      WHERE ${jobsWhere(query, false).where}
      ORDER BY ${sql.join(
        keys.map((key) => sql`${key.name} ${sql.raw(key.dir)}`),
        sql`, `,
      )}
      ${windowSql(window)}
    ) p
    JOIN notes n ON n.nid = p.${keys[keys.length - 1].name}
    LEFT JOIN firms f ON f.fid = n.fid
    ORDER BY ${sql.join(
      keys.map((key) => sql`p.${key.name} ${sql.raw(key.dir)}`),
      sql`, `,
    )}`
}

/**
 * One page of a searched jobs query and the count of its matches, in one statement (exported for the
 * plan test). A search term is tested on every job of the queue whatever the page (the count needs them
 * all), so the matches' sort keys are gathered once, counted, and the page is cut from them: a page
 * query and a count query each tested the queue ("renewal" in underwriter's 2,867 jobs: two index-only
 * scans of about 3 ms in PostgreSQL, now one). Only the page's rows are read from the table.
 */
export function searchedJobsSql(query: JobsQuery, window: { limit: number; offset: number }): SQL {
  const kind = query.kind ?? 'all'
  const joined = query.sort?.by === 'sort' || kind === 'solicit' || kind === 'others'
  const keys = orderTerms(query.sort).map((term, i) => ({ ...term, name: sql.raw(`k${i}`) }))
  const order = (prefix: string) =>
    sql.join(
      keys.map((key) => sql`${sql.raw(prefix)}${key.name} ${sql.raw(key.dir)}`),
      sql`, `,
    )
  return sql`
    WITH m AS MATERIALIZED (
      SELECT ${sql.join(
        keys.map((key) => sql`${key.expr} AS ${key.name}`),
        sql`, `,
      )}
      FROM ${joined ? sql`notes n LEFT JOIN firms f ON f.fid = n.fid` : sql`notes n`}
      WHERE ${jobsWhere(query, joined).where}
    )
    SELECT ${JOB_COLUMNS_SQL}, (SELECT count(*) FROM m)::int AS "__total"
    FROM (SELECT * FROM m ORDER BY ${order('')} ${windowSql(window)}) p
    JOIN notes n ON n.nid = p.${keys[keys.length - 1].name}
    LEFT JOIN firms f ON f.fid = n.fid
    ORDER BY ${order('p.')}`
}

/**
 * LIMIT and OFFSET written as numbers, not parameters: the statement is prepared (app/db/client.server.ts),
 * and a generic plan knows nothing of a parameter's limit (PostgreSQL assumes a tenth of the rows), so
 * it would never be chosen over the plan for 100 rows, and every run would be planned again.
 */
function windowSql(window: { limit: number; offset: number }): SQL {
  const limit = Math.max(0, Math.trunc(window.limit))
  const offset = Math.max(0, Math.trunc(window.offset))
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset))
    throw new RangeError('A page window must be whole numbers.')
  return sql.raw(`LIMIT ${limit} OFFSET ${offset}`)
}

/**
 * The jobs of one or more users, sorted, one page of `limit` rows: `count` is the whole queue, `capped`
 * says more rows than this page's, `page` and `pages` place the page in the queue.
 *
 * Unsearched, the page and the count are two prepared queries run side by side (issue 11; a searched
 * queue is one statement, searchedJobsSql): in the default order the page
 * walks `notes_open_jobs_order_idx` (staff, status rank ↓, cstamp, nid over the open jobs, migration
 * 0007) and stops after its rows, and the count of a whole queue is an index-only scan of
 * `notes_open_jobs_count_idx`. One query with `count(*) OVER ()` read, joined and sorted the whole
 * queue on every visit (2,867 jobs of underwriter at scale 100: 300–1,600 ms → 1–40 ms).
 */
type JobsAnswer = { result: JobRow[]; count: number; capped: boolean; limit: number; page: number; pages: number }

export async function listJobs(
  db: DbOrTx,
  query: JobsQuery,
  options: {
    /**
     * The whole queue's count as the job-override picker read it (`jobUsers`: the same staff_job_counts
     * rows, summed the same way for the same viewer), or undefined when the picker does not list the
     * user: an unsearched queue of kind all takes it instead of counting again.
     */
    queueCount?: Promise<number | undefined>
  } = {},
): Promise<JobsAnswer> {
  const limit = Math.min(Math.max(query.limit ?? JOB_LIMIT, 1), JOB_LIMIT)
  if (query.staff.length === 0) return { result: [], count: 0, capped: false, limit, page: 1, pages: 1 }
  if (query.search?.trim()) {
    // A search whose matches do not depend on the day reads them from the kept ones (decision 0038 §11).
    if (query.today !== undefined || !KINDS_READING_TODAY.has(query.kind ?? 'all'))
      return searchedJobsKept(db, query, limit)
    // Planned for its term (not prepared): the term's selectivity steers the plan.
    const searched = await pageOf(
      async (window) => (await db.execute<JobRow & { __total: number }>(searchedJobsSql(query, window))).rows,
      {
        page: query.page ?? 1,
        size: limit,
      },
    )
    return jobsAnswer(searched, limit)
  }
  const { where, countFrom } = jobsWhere(query, false)
  // Prepared (app/db/client.server.ts): a queue is walked by its user's index whatever the kind, so
  // the tickler and retry dates are filters that do not steer the plan.
  const run = <T extends Record<string, unknown>>(label: string, statement: SQL) =>
    executePrepared<T>(db, label, statement)
  // The whole queue (kind all) is counted by the counts the triggers keep: a few rows however long the
  // queue, where counting its jobs walked the index over all of them (2,867 of underwriter's at scale 100).
  const counted =
    (query.kind ?? 'all') === 'all' && QUEUE_COUNT_KEPT
      ? sql`SELECT coalesce(sum(c.active), 0)::int AS n FROM staff_job_counts c
            WHERE ${staffIn(query.staff, undefined, sql`c.staff`)}${query.isAdmin ? sql`` : sql` AND NOT c.admin_only`}`
      : sql`SELECT count(*)::int AS n FROM ${countFrom} WHERE ${where}`
  const wholeQueue = (query.kind ?? 'all') === 'all' && QUEUE_COUNT_KEPT
  const count = async () => {
    const known = wholeQueue ? await options.queueCount : undefined
    if (known !== undefined) return known
    return Number((await run<{ n: number }>('jobs count', counted)).rows[0]?.n ?? 0)
  }
  const page = await pageOf(
    async (window) => {
      const [rows, total] = await Promise.all([run<JobRow>('jobs page', jobsPageSql(query, window)), count()])
      return rows.rows.map((row) => ({ ...row, __total: total }))
    },
    { page: query.page ?? 1, size: limit },
  )
  return jobsAnswer(page, limit)
}

/**
 * The `data_versions` row bumped at commit by every write that can change which jobs a search matches
 * or their order (migration 0031): an insert, update or delete of a note that is or was an open firm
 * job, a firm's id, sort name or status (searched and sorted by; solicit reads the status), a user's
 * username (the queue's staff), a truncate of any of them.
 */
export const SEARCHED_JOBS_VERSION = 'searched_jobs'
const searchedJobsCache = versionedCache(SEARCHED_JOBS_VERSION, 200)

/** For tests: forget the kept matches. */
export const clearSearchedJobsCache = () => searchedJobsCache.clear()

/** The kinds whose condition reads the current date (ticklers: due ≤ today). */
const KINDS_READING_TODAY: ReadonlySet<JobKind> = new Set<JobKind>(['ticklers', 'others'])

/**
 * The ids of every job a searched query matches, in its order (exported for the test). The term is
 * tested on every job of the queue whatever the page (the count needs them all).
 */
export function searchedJobIdsSql(query: JobsQuery): SQL {
  const kind = query.kind ?? 'all'
  const joined = query.sort?.by === 'sort' || kind === 'solicit' || kind === 'others'
  return sql`
    SELECT n.nid
    FROM ${joined ? sql`notes n LEFT JOIN firms f ON f.fid = n.fid` : sql`notes n`}
    WHERE ${jobsWhere(query, joined).where}
    ORDER BY ${sql.join(
      orderTerms(query.sort).map((term) => sql`${term.expr} ${sql.raw(term.dir)}`),
      sql`, `,
    )}`
}

/**
 * A searched queue from its kept matches (decision 0038 §11): the ids of every match in order, read
 * once per search and `searched_jobs` version (the term tested on every job of the queue, 2–3 ms of
 * PostgreSQL for "renewal" in underwriter's 2,867 jobs at scale 100), give the count and the page; the
 * page's jobs are read afresh by their ids every time (one prepared statement), so every column shown
 * is current. The same rows, order and count as `searchedJobsSql`.
 */
async function searchedJobsKept(db: DbOrTx, query: JobsQuery, limit: number): Promise<JobsAnswer> {
  const cache = await searchedJobsCache.open(db)
  const key = JSON.stringify([
    query.staff.map((name) => name.toLowerCase()),
    query.kind ?? 'all',
    query.search?.trim(),
    query.sort ?? null,
    query.isAdmin,
    query.today ?? null,
  ])
  const matched = await cache.get(key, async () =>
    (await db.execute<{ nid: number }>(searchedJobIdsSql(query))).rows.map((row) => row.nid),
  )
  const page = slicePage(matched, { page: query.page ?? 1, size: limit })
  const rows = page.rows.length
    ? (
        await executePrepared<JobRow>(
          db,
          'jobs by ids',
          sql`SELECT ${JOB_COLUMNS_SQL} FROM notes n LEFT JOIN firms f ON f.fid = n.fid
              WHERE n.nid = ANY(${sql.param(page.rows)}::int[])`,
        )
      ).rows
    : []
  const byId = new Map(rows.map((row) => [row.nid, row]))
  const result = page.rows.flatMap((nid) => byId.get(nid) ?? [])
  return {
    result,
    count: matched.length,
    capped: matched.length > result.length,
    limit,
    page: page.page,
    pages: page.pages,
  }
}

/** The jobs call's answer from a page of jobs. */
function jobsAnswer(page: Page<JobRow>, limit: number): JobsAnswer {
  const { rows, total } = page
  return { result: rows, count: total, capped: total > rows.length, limit, page: page.page, pages: page.pages }
}

/** A timestamp as ISO 8601 UTC text, made by the database (parsing 1000 of them in JavaScript shows). */
function isoText(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
}

// ── Counts and users ───────────────────────────────────────────────────────────────────────────────

export type JobCount = {
  staff: string
  activejobs: number
  extremejobs: number
}

/**
 * GET /api/notes/jobs/count: open jobs and xtreme jobs per user who has any (or only the users named).
 * Read from staff_job_counts, which triggers keep equal to counting the open notes (migration 0008);
 * staff leave out the admin-only types.
 */
export async function jobCounts(
  db: DbOrTx,
  options: { isAdmin: boolean; staff?: readonly string[] },
): Promise<JobCount[]> {
  const conditions: SQL[] = [options.isAdmin ? sql`true` : sql`NOT c.admin_only`]
  if (options.staff) {
    if (options.staff.length === 0) return []
    const lowered = sql.join(
      options.staff.map((name) => sql`lower(${name})`),
      sql`, `,
    )
    conditions.push(sql`c.staff = ANY(ARRAY(SELECT u.username FROM users u WHERE lower(u.username) IN (${lowered})))`)
  }
  const result = await db.execute<JobCount>(sql`
    SELECT c.staff, sum(c.active)::int AS activejobs, sum(c.extreme)::int AS extremejobs
    FROM staff_job_counts c WHERE ${sql.join(conditions, sql` AND `)}
    GROUP BY c.staff HAVING sum(c.active) > 0 ORDER BY c.staff`)
  return result.rows
}

export type JobUser = {
  id: number
  username: string
  long_name: string | null
  activejobs: number
  extremejobs: number
  /** With withACLs: the users this user may hand notes to. */
  allowed_users?: { username: string }[]
}

/** The user picker of job-override holders: every enabled user with their active and extreme job counts (staff_job_counts). */
export async function jobUsers(db: DbOrTx, options: { isAdmin: boolean; withAcls?: boolean }): Promise<JobUser[]> {
  const hidden = options.isAdmin ? sql`true` : sql`NOT c.admin_only`
  const result = await db.execute<JobUser & { allowed: string[] | null }>(sql`
    SELECT u.id, u.username, u.long_name,
      coalesce(c.activejobs, 0)::int AS activejobs, coalesce(c.extremejobs, 0)::int AS extremejobs,
      ${options.withAcls ? sql`(SELECT array_agg(a.username ORDER BY a.username) FROM user_acls l JOIN users a ON a.id = l.allowed_user_id AND a.enabled WHERE l.user_id = u.id)` : sql`NULL::text[]`} AS allowed
    FROM users u
    LEFT JOIN (
      SELECT c.staff, sum(c.active) AS activejobs, sum(c.extreme) AS extremejobs
      FROM staff_job_counts c WHERE ${hidden} GROUP BY c.staff
    ) c ON c.staff = u.username
    WHERE u.enabled
    ORDER BY lower(u.username)`)
  return result.rows.map(({ allowed, ...user }) =>
    options.withAcls ? { ...user, allowed_users: (allowed ?? []).map((username) => ({ username })) } : user,
  )
}

/** An enabled user by id or username (case-insensitive), with whether they are in group admin. */
export async function findJobUser(
  db: DbOrTx,
  who: number | string,
): Promise<{ id: number; username: string; isAdmin: boolean } | null> {
  const match = typeof who === 'number' ? sql`u.id = ${who}` : sql`lower(u.username) = lower(${who})`
  const result = await db.execute<{ id: number; username: string; is_admin: boolean }>(sql`
    SELECT u.id, u.username, EXISTS (
      SELECT 1 FROM auth_group_users gu JOIN auth_groups g ON g.id = gu.group_id AND g.active
      WHERE gu.user_id = u.id AND lower(g.name) = 'admin') AS is_admin
    FROM users u WHERE u.enabled AND ${match}`)
  const row = result.rows[0]
  return row ? { id: row.id, username: row.username, isAdmin: row.is_admin } : null
}

// ── Mark Done ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Mark Done (spec 2 §2.3, §6): only the job's own user, only while it is open, only at the version
 * shown. Sets status done, closer and cstamp, and prepends a task line. Any refusal is a JobError
 * carrying 'Error marking note done.' and the status to answer.
 */
export async function markJobDone(
  db: DbOrTx,
  nid: number,
  version: number,
  actor: JobActor,
): Promise<{ nid: number; version: number }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(notes)
      .where(sql`${notes.nid} = ${nid}`)
      .for('update')
    if (!before || (!actor.isAdmin && (ADMIN_ONLY_TYPES as readonly string[]).includes(before.type)))
      throw new JobError(NOTE_MESSAGES.markDoneFailed, 404)
    if (!isOwner(before, actor)) throw new JobError(NOTE_MESSAGES.markDoneFailed, 403)
    if (!mayMarkDone(before, actor)) throw new JobError(NOTE_MESSAGES.markDoneFailed, 409)
    if (before.version !== version) throw new JobError(NOTE_MESSAGES.markDoneFailed, 409)
    const now = new Date()
    const [after] = await tx
      .update(notes)
      .set({
        status: 'done',
        closer: actor.username,
        cstamp: now,
        tasks: prependTask(before.tasks, taskLine(now, actor.username, 'marked done')),
        version: sql`${notes.version} + 1`,
      })
      .where(sql`${notes.nid} = ${nid}`)
      .returning()
    await recordChange(tx, { userId: actor.id, entity: 'note', entityId: nid, action: 'update', before, after })
    return { nid: after.nid, version: after.version }
  })
}

// ── Next Job ───────────────────────────────────────────────────────────────────────────────────────

export interface TakenJob {
  nid: number
  fid: number
  re: string | null
  status: string
  staff: string
  firm_sort: string | null
  version: number
  /** Whether the job changed hands (false when it was already the user's). */
  handedOver: boolean
}

/**
 * Next Job (spec 2 §2.3, §4): among open firm notes that nobody holds or that are already the user's,
 * the most pressing (xtreme, urgent, then those whose Exdate has come, then the oldest change) is
 * given to the user, in one transaction. `FOR UPDATE SKIP LOCKED` makes concurrent takers pass over
 * a row another is taking, so two users never get the same job. The note gets staff, taken, closer
 * (the previous holder), a hand-off task line and a new version. Null when no job is waiting.
 */
export async function takeNextJob(
  db: DbOrTx,
  target: { username: string; isAdmin: boolean },
  actor: JobActor,
  options: { today?: string } = {},
): Promise<TakenJob | null> {
  return db.transaction(async (tx) => {
    const hidden = target.isAdmin && actor.isAdmin ? sql`` : sql` AND ${HIDDEN_FROM_STAFF}`
    const picked = await tx.execute<{ nid: number }>(sql`
      SELECT n.nid FROM notes n
      WHERE ${OPEN} AND (n.staff IS NULL OR n.staff = ${target.username})${hidden}
      ORDER BY (n.status = 'xtreme') DESC, (n.status = 'urgent') DESC,
        (n.due IS NOT NULL AND n.due <= ${todaySql(options.today)}) DESC, n.cstamp ASC, n.nid ASC
      LIMIT 1
      FOR UPDATE OF n SKIP LOCKED`)
    const nid = picked.rows[0]?.nid
    if (!nid) return null
    const [before] = await tx
      .select()
      .from(notes)
      .where(sql`${notes.nid} = ${nid}`)
    const now = new Date()
    const handedOver = !isOwner(before, { username: target.username })
    const [after] = await tx
      .update(notes)
      .set({
        staff: target.username,
        taken: now,
        cstamp: now,
        ...(handedOver
          ? {
              closer: before.staff,
              tasks: prependTask(
                before.tasks,
                taskLine(now, actor.username, handOffText(before.staff, target.username, actor.username)),
              ),
            }
          : {}),
        version: sql`${notes.version} + 1`,
      })
      .where(sql`${notes.nid} = ${nid}`)
      .returning()
    await recordChange(tx, { userId: actor.id, entity: 'note', entityId: nid, action: 'update', before, after })
    const firm = await tx.execute<{ sort: string }>(sql`SELECT sort FROM firms WHERE fid = ${after.fid}`)
    return {
      nid: after.nid,
      fid: after.fid!,
      re: after.re,
      status: after.status,
      staff: after.staff!,
      firm_sort: firm.rows[0]?.sort ?? null,
      version: after.version,
      handedOver,
    }
  })
}
