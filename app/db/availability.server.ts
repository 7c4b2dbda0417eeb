/**
 * Whether the database can be reached, as this process last saw it (issue 27). A lost or refused
 * connection is not a bug of the request that met it: the factories answer 503 with Retry-After
 * (app/http/errors.server.ts), and the log says once when the database went and once when it is back,
 * instead of a stack per request.
 */

/** SQLSTATEs that say the connection, not the statement, failed. */
const CONNECTION_STATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown: another backend crashed, the server restarts
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
])
/** Node's socket errors when the server is not there (or went away). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'])
/** node-postgres's own words for a connection that ended or could not be made in time. */
const CLIENT_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Query read timeout)/

/**
 * Whether an error means the database could not be reached or dropped the connection (a restart, a
 * failover, an administrator ending sessions), rather than refusing the statement. 08xxx is the
 * connection-exception class.
 */
export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof code === 'string' && (CONNECTION_STATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)))
      return true
    if (typeof message === 'string' && CLIENT_MESSAGES.test(message)) return true
    // AggregateError (a host with several addresses) and drizzle's wrapped query errors.
    const errors = (current as { errors?: unknown }).errors
    if (Array.isArray(errors) && errors.some(isConnectionError)) return true
    current = cause
  }
  return false
}

let down: { since: number } | null = null

/**
 * Notes that the database was out of reach: the first time since it was last seen, one log line.
 * `log` is replaceable for tests.
 */
export function noteDatabaseLost(error: unknown, log: (line: string) => void = console.error): void {
  if (down) return
  down = { since: Date.now() }
  log(`[db] the database cannot be reached (${describe(error)}): requests that need it answer 503 until it is back`)
}

/** Notes a successful connection: after an outage, one log line. */
export function noteDatabaseBack(log: (line: string) => void = console.log): void {
  if (!down) return
  const seconds = ((Date.now() - down.since) / 1000).toFixed(1)
  down = null
  log(`[db] the database is back (out of reach for ${seconds} s)`)
}

/** Whether this process last saw the database out of reach. */
export function databaseDown(): boolean {
  return down !== null
}

function describe(error: unknown): string {
  if (!error || typeof error !== 'object') return String(error)
  const { code, message } = error as { code?: unknown; message?: unknown }
  const text = typeof message === 'string' && message ? message : 'no message'
  return typeof code === 'string' ? `${code}: ${text}` : text
}
