import { databaseReady } from '#app/db/health.server'
import { UnavailableError } from '#app/domain/errors'
import type { PublicApiHandlers } from '#app/http/api-route.server'

/**
 * Health checks for a load balancer or an orchestrator (issue 27): unauthenticated, `no-store` (the
 * server's default), and nothing in the answer but a status word.
 */

/** GET /healthz, liveness: the process answers. It never touches the database. */
export const livenessApi: PublicApiHandlers = {
  GET: () => ({ status: 'OK' }),
}

export const NOT_READY = 'Not ready: the database is not reachable or its migrations are not applied.'

/** GET /readyz, readiness: the database answers `SELECT 1` within a short timeout and its migrations are applied; 503 with Retry-After otherwise. */
export const readinessApi: PublicApiHandlers = {
  GET: async () => {
    if (!(await databaseReady())) throw new UnavailableError(NOT_READY)
    return { status: 'OK' }
  },
}

/** The checks read no session (a load balancer sends no cookie; a browser's would otherwise be counted as activity). */
export const HEALTH_GUARD = { public: true, countActivity: false } as const
