/**
 * Named abilities: the finer rights the spec gives inside a screen (delete a person, see Admin
 * files, override jobs, …). The registry guards routes by scope; everything finer is one function
 * here, used alike by the page (to show an action), its action and the API (to allow it) and the
 * authorization walk (to prove both). Never test a scope name for a right in a component or route.
 */
import { ADMIN_GROUP, type Scope } from './scope-names'

/** What an ability needs to know of a user: its scopes and groups (a CurrentUser satisfies it). */
export interface Actor {
  scopeSet: ReadonlySet<string>
  isAdmin: boolean
}

const has = (user: Actor, scope: Scope) => user.scopeSet.has(scope)

export const isAdmin = (user: Actor) => user.isAdmin

/** Spec 2: deleting a person needs people-override or member-override. */
export const canDeletePerson = (user: Actor) => has(user, 'people-override') || has(user, 'member-override')

export { ADMIN_GROUP }

/** Spec 3 §6: editing a policy (and creating one from a firm's Policies tab) needs policy-edit. */
export const canEditPolicy = (user: Actor) => has(user, 'policy-edit')

/** Spec 3 §2.6: the Commissions item of the policy calculator menu needs calculate-commissions. */
export const canCalculateCommissions = (user: Actor) => has(user, 'calculate-commissions')

/** Spec 3 §2.4: only group admin sees the delete-option button for group policies. */
export const canDeletePolicyOption = (user: Actor) => user.isAdmin

/** Spec 3 §6: the upload control on policy files needs firmfile-upload. */
export const canUploadPolicyFile = (user: Actor) => has(user, 'firmfile-upload')
