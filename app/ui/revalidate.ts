import type { ShouldRevalidateFunction } from '@remix-run/react'

/**
 * A lost race (409) reloads the page's data: the record changed under the user, so the forms show
 * its current values and version and a retry can succeed (Remix v3 skips revalidation after a 4xx;
 * a form left on the stale version was refused again on every retry). Other refused saves keep what
 * was typed.
 */
export const revalidateAfterConflict: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate
