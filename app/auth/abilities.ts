/**
 * Named abilities: the finer rights the spec gives inside a screen (delete a person, see Admin
 * files, override jobs, …). The registry guards routes by scope; everything finer is one function
 * here, used alike by the page (to show an action), its action and the API (to allow it) and the
 * authorization walk (to prove both). Never test a scope name for a right in a component or route.
 *
 * Spec 2 §6 ("Rights") and spec 1 §6 (the admin group) are the source of each line.
 */
import { mayEditFile } from '#app/domain/files'
import { ACCESS_DENIED } from '#app/domain/errors'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { ADMIN_GROUP, type Scope } from '#app/domain/scope-names'

/** What an ability needs to know of a user: its scopes and groups (a CurrentUser satisfies it). */
export interface Actor {
  scopeSet: ReadonlySet<string>
  isAdmin: boolean
}

/** The abilities that depend on scopes only also serve a bare scope set (the home choice at sign-in). */
export type ScopeHolder = Pick<Actor, 'scopeSet'>

const has = (user: ScopeHolder, scope: Scope) => user.scopeSet.has(scope)
const hasAny = (user: ScopeHolder, scopes: readonly Scope[]) => scopes.some((scope) => has(user, scope))

/** The admin group: delete notes, take notes from others, Admin files, no firm over-limit block. */
export const isAdmin = (user: Actor) => user.isAdmin

// ── People and members ─────────────────────────────────────────────────────────────────────────────
/** People Search: 'Delete needs member-override or people-override'. */
export const DELETE_PERSON_SCOPES = ['people-override', 'member-override'] as const satisfies readonly Scope[]
/** Firm Members tab: 'person-override / member-override: Delete a member'. */
export const DELETE_MEMBER_SCOPES = ['person-override', 'member-override'] as const satisfies readonly Scope[]
/** DELETE /api/people/{id} serves both screens: either right deletes (the registry's rule is this list). */
export const DELETE_PEOPLE_API_SCOPES = [...new Set([...DELETE_PERSON_SCOPES, ...DELETE_MEMBER_SCOPES])] as Scope[]

/**
 * Reading people rows (People Search, GET /api/people, POST /api/people/search): a firm's Members tab
 * shows them to firm-view, Edit Person opens them with person-view (docs/decisions, reads by scope).
 */
export const PEOPLE_READ_SCOPES = ['person-view', 'firm-view'] as const satisfies readonly Scope[]
/** The contact form is the contacts list's (contact-view), or the editor's (contact-edit). */
export const CONTACT_READ_SCOPES = ['contact-view', 'contact-edit'] as const satisfies readonly Scope[]

/**
 * Reading notes (a note, its files, task log and recipients; the Note/Email editor, the note popup):
 * the screen that shows them is the firm viewer's Notes tab, which needs firm-view. One rule for the
 * pages and the API (decision 0014, issue 23): the registry guards both with this list.
 */
export const NOTE_READ_SCOPES = ['firm-view'] as const satisfies readonly Scope[]
/**
 * Reading policies and ledgers (View Policy, GET /api/policies…, /api/ledgers…, a policy's taxes and
 * fees): the firm's Policies tab shows them to firm-view, Edit Policy to policy-edit (decision 0027).
 */
export const POLICY_READ_SCOPES = ['firm-view', 'policy-edit'] as const satisfies readonly Scope[]

export const canReadNotes = (user: ScopeHolder) => hasAny(user, NOTE_READ_SCOPES)
export const canReadPolicies = (user: ScopeHolder) => hasAny(user, POLICY_READ_SCOPES)

export const canDeletePerson = (user: ScopeHolder) => hasAny(user, DELETE_PERSON_SCOPES)
export const canDeleteMember = (user: ScopeHolder) => hasAny(user, DELETE_MEMBER_SCOPES)
/** The API's DELETE /api/people/{id}: whoever may delete a person on either screen. */
export const canDeletePeopleByApi = (user: ScopeHolder) => hasAny(user, DELETE_PEOPLE_API_SCOPES)
/** People Search 'Create needs people-edit'. */
export const canCreatePerson = (user: ScopeHolder) => has(user, 'people-edit')
/** Create members; edit a person (else read-only, SSN masked). */
export const canEditPerson = (user: ScopeHolder) => has(user, 'person-edit')
export const canOpenPerson = (user: ScopeHolder) => has(user, 'person-view')
/** The SSN is shown to those who may edit the person. */
export const canSeeSsn = canEditPerson

// ── Firms and files ────────────────────────────────────────────────────────────────────────────────
export const canViewFirms = (user: ScopeHolder) => has(user, 'firm-view')
/** Edit Firm; edit a file's description and type. */
export const canEditFirm = (user: ScopeHolder) => has(user, 'firm-edit')
export const canEditFiles = canEditFirm
export const canUploadFiles = (user: ScopeHolder) => has(user, 'firmfile-upload')
/**
 * What a user may do with file types (app/domain/files reads it): Admin files for the admin group
 * only, type Form for admin or firmfile-override.
 */
export const fileTypeAccess = (user: Actor) => ({ isAdmin: user.isAdmin, formOverride: has(user, 'firmfile-override') })

// ── Notes, jobs, email ─────────────────────────────────────────────────────────────────────────────
/** Create, copy and inline edit notes (taking a job changes a note too). */
export const canEditNotes = (user: ScopeHolder) => has(user, 'note-edit')
/** Only the admin group deletes notes. */
export const canDeleteNotes = isAdmin
/** The admin group takes a note from another user (after being asked). */
export const canTakeOverNotes = (user: Actor) => canEditNotes(user) && user.isAdmin
/** See other users' jobs, choose users, job counts. */
export const canOverrideJobs = (user: ScopeHolder) => has(user, 'job-override')
export const canSendEmail = (user: ScopeHolder) => has(user, 'email-send')

// ── Contacts, hours, users ─────────────────────────────────────────────────────────────────────────
export const canEditContacts = (user: ScopeHolder) => has(user, 'contact-edit')
/** View other users' hours and sessions, choose All, enter leave for anyone. */
export const canSeeOthersHours = (user: ScopeHolder) => has(user, 'hours-override')
/** Change another user's settings or read another user's ACL (role editors; the admin group reads ACLs too). */
export const canManageUsers = (user: ScopeHolder) => has(user, 'role-edit')

export { ADMIN_GROUP }

// ── Files follow the record that holds them (issue 10 item 6) ───────────────────────────────────────
/** The record a file link belongs to, as app/models/file.server.ts reads it. */
export interface FileHolder {
  fileType: number
  adminFile: boolean
  fid: number | null
  nid: number | null
  pid: number | null
  clid: number | null
  /** For note files: the note's type (admin-type notes are the admin group's) and who it is for. */
  noteAdminOnly: boolean
  noteStaff: string | null
}

/**
 * Reading a file (download, metadata): Admin files for the admin group; firm, note and policy
 * files for those who see firms (the screens that show them need firm-view), a note's files only
 * when the note itself is visible; claim files for claim-view.
 */
export function canReadFile(user: Actor, file: FileHolder): boolean {
  if (file.adminFile && !user.isAdmin) return false
  if (file.clid !== null) return has(user, 'claim-view')
  if (file.nid !== null && file.noteAdminOnly && !user.isAdmin) return false
  return canViewFirms(user)
}

/**
 * Changing or detaching a file: a note's files follow the note's ownership (the user it is for, or
 * the admin group, with note-edit); other files need firm-edit (the registry's rule for the API).
 */
export function canChangeFile(user: Actor & { username: string }, file: FileHolder): boolean {
  if (!canReadFile(user, file)) return false
  if (file.nid !== null) {
    const owner = (file.noteStaff ?? '').trim().toLowerCase() === user.username.trim().toLowerCase()
    return canEditNotes(user) && (owner || user.isAdmin)
  }
  return canEditFirm(user)
}

/**
 * Deleting a firm's file (DELETE /api/firms/{id}/files/{fileId}): the Files tab's rule for changing a
 * file, since the tab's table offers no delete of its own (spec 2 §2.7): firm-edit, and a Form file only
 * for the admin group (spec 2 §6). Admin files are not seen by others at all (canReadFile).
 */
export const canDeleteFirmFile = (user: Actor, fileType: number) => canEditFiles(user) && mayEditFile(user, fileType)

/** Spec 3 §6: claim-edit gives the edit pencil on claim rows, the claim editor and Create on a firm's Claims tab. */
export const canEditClaim = (user: ScopeHolder) => has(user, 'claim-edit')

/** Spec 3 §6: bordereau-download shows the Bordereaux page's Download (and serves its file). */
export const canDownloadBordereau = (user: ScopeHolder) => has(user, 'bordereau-download')

/** Spec 3 §6: claim-view shows claims (the firm viewer's Claims tab among them). */
export const canViewClaims = (user: ScopeHolder) => has(user, 'claim-view')

/** Spec 3 §6: editing a policy (and creating one from a firm's Policies tab) needs policy-edit. */
export const canEditPolicy = (user: ScopeHolder) => has(user, 'policy-edit')

/** Spec 3 §2.6: the Commissions item of the policy calculator menu needs calculate-commissions. */
export const canCalculateCommissions = (user: ScopeHolder) => has(user, 'calculate-commissions')

/** Spec 3 §2.4: only group admin sees the delete-option button for group policies. */
export const canDeletePolicyOption = (user: Actor) => user.isAdmin

/** Spec 3 §6: the upload control on policy files needs firmfile-upload. */
export const canUploadPolicyFile = (user: ScopeHolder) => has(user, 'firmfile-upload')

export { ACCESS_DENIED }

/** How a missing ability is worded when an action is refused for it (the screens' own messages). */
export const ABILITY_REFUSALS: Partial<Record<string, string>> = {
  canEditNotes: 'You do not have permission to edit notes.',
  canDeleteNotes: NOTE_MESSAGES.deleteAdminOnly,
  canEditPerson: 'You do not have permission to create members.',
  canDeleteMember: 'You do not have permission to delete members.',
  canDeletePerson: 'You do not have permission to delete people.',
  canCreatePerson: 'You do not have permission to create people.',
  canUploadFiles: 'You do not have permission to upload files.',
  canUploadPolicyFile: 'You do not have permission to upload files.',
  canEditFiles: 'You do not have permission to edit files.',
  canEditContacts: 'You do not have permission to edit contacts.',
  canEditClaim: 'You do not have permission to edit claims.',
  canSendEmail: 'You do not have permission to send email.',
}
