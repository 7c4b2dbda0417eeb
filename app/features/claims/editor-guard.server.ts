import { requireUser, type CurrentUser } from '#app/auth/guard.server'
import { DomainError } from '#app/domain/errors'
import { CLAIM_MESSAGES, RIGHTS_FAILED_CODE } from '#app/domain/claims'
import { pageErrorFrom } from '#app/http/errors.server'

/**
 * The claim editor's rights (spec 3 §8, 'Failed to get rights.'): the user's scopes and groups, which
 * the guard reads with the session in one statement. The guard's own answers (sign in, idle, refusal)
 * pass through; a failure to read them (the database did not answer, a statement was refused) is
 * logged and answered 503 with the spec's message, which the editor's error panel shows instead of the
 * generic problem text.
 */
export async function requireClaimEditorUser(request: Request, pattern: string): Promise<CurrentUser> {
  try {
    return await requireUser(request, pattern)
  } catch (error) {
    if (error instanceof Response) throw error
    console.error('[claims] the editor could not read the user’s rights:', error instanceof Error ? error.stack : error)
    return pageErrorFrom(new DomainError(CLAIM_MESSAGES.rightsFailed, RIGHTS_FAILED_CODE, 503))
  }
}
