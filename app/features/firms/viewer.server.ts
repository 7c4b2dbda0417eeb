import {
  canDeleteMember,
  canEditFiles,
  canEditFirm,
  canEditPerson,
  canOpenPerson,
  canUploadFiles,
  canViewClaims,
  fileTypeAccess,
} from '#app/auth/abilities'
import { FIRM_MESSAGES } from '#app/domain/firm-search'
import { type CurrentUser } from '#app/auth/guard.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { getDb } from '#app/db/client.server'
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MESSAGE,
  TYPE_SAVE_ERROR,
  UPLOAD_ERROR,
  allowedFileTypes,
  mayEditFileType,
  FILE_TYPE_REFUSED,
  FORM_FILE_REFUSED,
  mayEditFile,
} from '#app/domain/files'
import { firmFiles, updateFileLink, uploadFirmFiles } from '#app/models/file.server'
import { getFirm } from '#app/models/firm.server'
import { editableFirm } from './edit-firm.server'
import { readUploads, UploadRefusal } from '#app/http/uploads.server'
import { createPerson, deletePerson, firmMembers } from '#app/models/person.server'
import { fileEditSchema, fileIdSchema } from '#app/schemas/files'
import { membersSearchFormSchema, type ViewerTab } from '#app/schemas/firm-search'
import { readFormData } from '#app/http/form.server'
import { DEFAULT_MODE_FROM_SEARCH } from '#app/domain/notes-tab'
import {
  loadNotesTab,
  notesAction,
  type NoteActionResult,
  type NoteTabDefaults,
} from '#app/features/notes/notes-tab.server'
import { loadFirmClaimsTab } from '#app/features/claims/firm-tab.server'
import { loadPoliciesTab, policiesTabAction } from '#app/features/policies/policies-tab.server'
import { intentError, refusedFields, type IntentReply } from '#app/http/intent.server'
import { parseForm } from '#app/http/conform.server'
import { parseId } from '#app/domain/ids'

/** What the firm viewer shows for its active firm and sub-tab, and what the user may do there. */
export async function loadFirmView(
  user: CurrentUser,
  fid: number,
  tab: ViewerTab,
  url: URL,
  options: { notes?: NoteTabDefaults } = {},
) {
  const db = getDb()
  const firm = await getFirm(db, fid)
  if (!firm) return null
  // The Members tab's search, read leniently: a value the form would refuse is no search.
  const membersSearch =
    membersSearchFormSchema.shape.mq.catch(undefined).parse(url.searchParams.get('mq') ?? undefined) ?? ''
  const bySurname = url.searchParams.get('msurname') === '1'
  const [members, files, notes, claims, policies] = await Promise.all([
    tab === 'Members'
      ? firmMembers(db, fid, { search: membersSearch, bySurname }).catch((error: unknown) => {
          console.error('[firms] members failed', error)
          return 'failed' as const
        })
      : null,
    tab === 'Files' ? firmFiles(db, fid, { isAdmin: user.isAdmin }) : null,
    // A firm opened from search lists all its notes; one opened from a note passes Active (§2.2).
    tab === 'Notes' ? loadNotesTab(user, fid, url, options.notes ?? { mode: DEFAULT_MODE_FROM_SEARCH }) : null,
    tab === 'Claims' ? loadFirmClaimsTab(user, fid, url) : null,
    tab === 'Policies' ? loadPoliciesTab(user, fid, url) : null,
  ])
  return {
    firm: editableFirm(firm),
    tab,
    members: members === 'failed' ? null : (members?.map(({ ssn: _ssn, ...member }) => member) ?? null),
    membersError: members === 'failed' ? FIRM_MESSAGES.membersFailed : null,
    membersSearch,
    bySurname,
    // Panels opened by a link (so they work without JavaScript): delete confirmation, upload, file edit.
    panel: {
      // Only what the user may do opens from a typed URL too (the lists offer no link otherwise).
      deleteMember: canDeleteMember(user) ? parseId(url.searchParams.get('deleteMember')) : null,
      upload: canUploadFiles(user) && url.searchParams.get('upload') === '1',
      editFile: canEditFiles(user) ? parseId(url.searchParams.get('editFile')) : null,
      rows: Math.min(10, Math.max(1, Number(url.searchParams.get('rows')) || 1)),
    },
    files,
    notes,
    claims,
    policies,
    can: {
      viewClaims: canViewClaims(user),
      editFirm: canEditFirm(user),
      createMember: canEditPerson(user),
      deleteMember: canDeleteMember(user),
      openPerson: canOpenPerson(user),
      upload: canUploadFiles(user),
      editFiles: canEditFiles(user),
      fileTypes: allowedFileTypes(fileTypeAccess(user)),
      isAdmin: user.isAdmin,
    },
  }
}
export type FirmView = NonNullable<Awaited<ReturnType<typeof loadFirmView>>>

export type ViewerActionResult = IntentReply<NoteActionResult>

const fail = (intent: string, status: number, error: string, warning?: string) =>
  intentError<NoteActionResult>(intent, status, error, { warning })

/**
 * The viewer's forms (members, files) post to the page that shows it (search page or popup) with
 * an `intent`; success redirects back to `back` with a snackbar.
 */
export async function firmViewerAction(request: Request, user: CurrentUser, back: string) {
  const length = Number(request.headers.get('Content-Length') ?? 0)
  if (length > MAX_UPLOAD_BYTES + 64 * 1024) return fail('file-upload', 413, MAX_UPLOAD_MESSAGE)
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? '')
  const fid = parseId(form.get('fid'))
  if (fid === null) return fail(intent, 400, 'Pick a firm first.')
  const db = getDb()
  if (intent.startsWith('note-')) return notesAction(intent, form, user, fid, back)
  if (intent.startsWith('policy-') || intent.startsWith('commission-'))
    return policiesTabAction(intent, form, user, fid, back)
  switch (intent) {
    case 'member-create': {
      if (!canEditPerson(user)) return fail(intent, 403, 'You do not have permission to create members.')
      const person = await createPerson(db, { fid }, user.id).catch(() => null)
      if (!person) return fail(intent, 400, 'Failed to create new member')
      return redirectWithFlash(`/editPerson/${person.plid}`, { message: 'New member created.', kind: 'success' })
    }
    case 'member-delete': {
      if (!canDeleteMember(user)) return fail(intent, 403, 'You do not have permission to delete members.')
      const plid = fileIdSchema.safeParse(form.get('plid'))
      const members = plid.success ? await firmMembers(db, fid) : []
      if (!plid.success || !members.some((member) => member.plid === plid.data))
        return fail(intent, 400, 'Failed to delete member')
      const deleted = await deletePerson(db, plid.data, user.id)
      if (!deleted) return fail(intent, 400, 'Failed to delete member')
      return redirectWithFlash(back, { message: 'Member deleted', kind: 'success' })
    }
    case 'file-upload':
      return uploadAction(form, user, fid, back)
    case 'file-edit': {
      if (!canEditFiles(user)) return fail(intent, 403, 'You do not have permission to edit files.')
      const loidfid = fileIdSchema.safeParse(form.get('loidfid'))
      const submission = parseForm(form, { schema: fileEditSchema })
      // Refused fields are marked at the panel's fields, the first message above the tab.
      if (submission.status !== 'success')
        return refusedFields<NoteActionResult>(intent, submission.reply(), TYPE_SAVE_ERROR)
      if (!loidfid.success) return fail(intent, 400, TYPE_SAVE_ERROR)
      const files = await firmFiles(db, fid, { isAdmin: user.isAdmin })
      const file = files.find((candidate) => candidate.loidfid === loidfid.data)
      if (!file) return fail(intent, 404, TYPE_SAVE_ERROR)
      if (!mayEditFile(user, file.file_type)) return fail(intent, 403, FORM_FILE_REFUSED)
      if (!mayEditFileType(fileTypeAccess(user), file.file_type, submission.value.file_type)) {
        return fail(intent, 403, FILE_TYPE_REFUSED)
      }
      await updateFileLink(db, file.loidfid, submission.value, { userId: user.id, isAdmin: user.isAdmin })
      return redirectWithFlash(back, { message: 'File saved.', kind: 'success' })
    }
    default:
      return fail(intent, 400, 'Unknown action.')
  }
}

async function uploadAction(form: FormData, user: CurrentUser, fid: number, back: string) {
  const intent = 'file-upload'
  if (!canUploadFiles(user)) return fail(intent, 403, 'You do not have permission to upload files.')
  const allowed = allowedFileTypes(fileTypeAccess(user))
  // A refusal gives back what was typed per row, so the panel shows it again (the files must be chosen again).
  const descriptions = form.getAll('description').map(String)
  const types = form.getAll('type').map(String)
  const typed = descriptions
    .slice(0, 10)
    .map((description, index) => ({ description: description.slice(0, 500), type: types[index] ?? '' }))
  const refuse = (status: number, error: string, warning?: string) =>
    intentError<NoteActionResult>(intent, status, error, { warning, typed })
  const read = await readUploads(form, allowed, { file: 'file', description: 'description', type: 'type' }).catch(
    (error: unknown) => {
      if (!(error instanceof UploadRefusal)) throw error
      return refuse(
        error.status,
        error.warning && error.message === error.warning ? 'No file was uploaded.' : error.message,
        error.warning,
      )
    },
  )
  if (!('files' in read)) return read
  const { files: chosen, warning } = read
  try {
    await uploadFirmFiles(getDb(), fid, chosen, user)
  } catch {
    return refuse(400, UPLOAD_ERROR)
  }
  const message = `${chosen.length === 1 ? 'File' : `${chosen.length} files`} uploaded.${warning ? ` ${warning}` : ''}`
  return redirectWithFlash(back, { message, kind: warning ? 'info' : 'success' })
}
