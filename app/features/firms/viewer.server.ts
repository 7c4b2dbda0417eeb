import { data } from '@remix-run/node'
import { hasScope, type CurrentUser } from '#app/auth/guard.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { getDb } from '#app/db/client.server'
import {
  DESCRIPTION_REQUIRED,
  FILE_TYPE_CODES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MESSAGE,
  TYPE_SAVE_ERROR,
  UPLOAD_ERROR,
  allowedFileTypes,
  hasExtension,
  mayEditFileType,
  FILE_TYPE_REFUSED,
  noExtensionWarning,
  type FileTypeName,
} from '#app/domain/files'
import { firmFiles, updateFileLink, uploadFirmFiles, type NewFile } from '#app/models/file.server'
import { getFirm } from '#app/models/firm.server'
import { editableFirm } from './edit-firm.server'
import { createPerson, deletePerson, firmMembers } from '#app/models/person.server'
import { fileEditSchema, fileIdSchema } from '#app/schemas/files'
import type { ViewerTab } from '#app/schemas/firm-search'
import { readFormData } from '#app/http/form.server'
import { DEFAULT_MODE_FROM_SEARCH } from '#app/domain/notes-tab'
import { loadNotesTab, notesAction, type NoteActionResult, type NoteTabDefaults } from '#app/features/notes/notes-tab.server'
import { loadFirmClaimsTab } from '#app/features/claims/firm-tab.server'
import { canViewClaims } from '#app/auth/abilities'
import { loadPoliciesTab, policiesTabAction } from '#app/features/policies/policies-tab.server'

/** What the firm viewer shows for its active firm and sub-tab, and what the user may do there. */
export async function loadFirmView(user: CurrentUser, fid: number, tab: ViewerTab, url: URL, options: { notes?: NoteTabDefaults } = {}) {
  const db = getDb()
  const firm = await getFirm(db, fid)
  if (!firm) return null
  const membersSearch = url.searchParams.get('mq')?.slice(0, 100) ?? ''
  const bySurname = url.searchParams.get('msurname') === '1'
  const [members, files, notes, claims, policies] = await Promise.all([
    tab === 'Members' ? firmMembers(db, fid, { search: membersSearch, bySurname }) : null,
    tab === 'Files' ? firmFiles(db, fid, { isAdmin: user.isAdmin }) : null,
    // A firm opened from search lists all its notes; one opened from a note passes Active (§2.2).
    tab === 'Notes' ? loadNotesTab(user, fid, url, options.notes ?? { mode: DEFAULT_MODE_FROM_SEARCH }) : null,
    tab === 'Claims' ? loadFirmClaimsTab(user, fid, url) : null,
    tab === 'Policies' ? loadPoliciesTab(user, fid, url) : null,
  ])
  return {
    firm: editableFirm(firm),
    tab,
    members: members?.map(({ ssn: _ssn, ...member }) => member) ?? null,
    membersSearch,
    bySurname,
    // Panels opened by a link (so they work without JavaScript): delete confirmation, upload, file edit.
    panel: {
      deleteMember: Number(url.searchParams.get('deleteMember')) || null,
      upload: url.searchParams.get('upload') === '1',
      editFile: Number(url.searchParams.get('editFile')) || null,
      rows: Math.min(10, Math.max(1, Number(url.searchParams.get('rows')) || 1)),
    },
    files,
    notes,
    claims,
    policies,
    can: {
      viewClaims: canViewClaims(user),
      editFirm: hasScope(user, 'firm-edit'),
      createMember: hasScope(user, 'person-edit'),
      deleteMember: hasScope(user, 'person-override') || hasScope(user, 'member-override'),
      openPerson: hasScope(user, 'person-view'),
      upload: hasScope(user, 'firmfile-upload'),
      editFiles: hasScope(user, 'firm-edit'),
      fileTypes: allowedFileTypes({ isAdmin: user.isAdmin, formOverride: hasScope(user, 'firmfile-override') }),
      isAdmin: user.isAdmin,
    },
  }
}
export type FirmView = NonNullable<Awaited<ReturnType<typeof loadFirmView>>>

export type ViewerActionResult = { intent: string; error?: string; warning?: string } & Partial<NoteActionResult>

const fail = (intent: string, status: number, error: string, warning?: string) =>
  data<ViewerActionResult>({ intent, error, warning }, { status })

/**
 * The viewer's forms (members, files) post to the page that shows it (search page or popup) with
 * an `intent`; success redirects back to `back` with a snackbar.
 */
export async function firmViewerAction(request: Request, user: CurrentUser, back: string) {
  const length = Number(request.headers.get('Content-Length') ?? 0)
  if (length > MAX_UPLOAD_BYTES + 64 * 1024) return fail('file-upload', 413, MAX_UPLOAD_MESSAGE)
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? '')
  const fid = Number(form.get('fid'))
  if (!Number.isInteger(fid) || fid <= 0 || fid >= 2 ** 31) return fail(intent, 400, 'Pick a firm first.')
  const db = getDb()
  if (intent.startsWith('note-')) return notesAction(intent, form, user, fid, back)
  if (intent.startsWith('policy-') || intent.startsWith('commission-')) return policiesTabAction(intent, form, user, fid, back)
  switch (intent) {
    case 'member-create': {
      if (!hasScope(user, 'person-edit')) return fail(intent, 403, 'You do not have permission to create members.')
      const person = await createPerson(db, { fid }, user.id).catch(() => null)
      if (!person) return fail(intent, 400, 'Failed to create new member')
      return redirectWithFlash(`/editPerson/${person.plid}`, { message: 'New member created.', kind: 'success' })
    }
    case 'member-delete': {
      if (!(hasScope(user, 'person-override') || hasScope(user, 'member-override'))) return fail(intent, 403, 'You do not have permission to delete members.')
      const plid = fileIdSchema.safeParse(form.get('plid'))
      const members = plid.success ? await firmMembers(db, fid) : []
      if (!plid.success || !members.some((member) => member.plid === plid.data)) return fail(intent, 400, 'Failed to delete member')
      const deleted = await deletePerson(db, plid.data, user.id)
      if (!deleted) return fail(intent, 400, 'Failed to delete member')
      return redirectWithFlash(back, { message: 'Member deleted', kind: 'success' })
    }
    case 'file-upload':
      return uploadAction(form, user, fid, back)
    case 'file-edit': {
      if (!hasScope(user, 'firm-edit')) return fail(intent, 403, 'You do not have permission to edit files.')
      const loidfid = fileIdSchema.safeParse(form.get('loidfid'))
      const parsed = fileEditSchema.safeParse(Object.fromEntries(form))
      if (!loidfid.success || !parsed.success) return fail(intent, 400, parsed.success ? TYPE_SAVE_ERROR : (parsed.error.issues[0]?.message ?? TYPE_SAVE_ERROR))
      const files = await firmFiles(db, fid, { isAdmin: user.isAdmin })
      const file = files.find((candidate) => candidate.loidfid === loidfid.data)
      if (!file) return fail(intent, 404, TYPE_SAVE_ERROR)
      if (!mayEditFileType({ isAdmin: user.isAdmin, formOverride: hasScope(user, 'firmfile-override') }, file.file_type, parsed.data.file_type)) {
        return fail(intent, 403, FILE_TYPE_REFUSED)
      }
      await updateFileLink(db, file.loidfid, parsed.data, { userId: user.id, isAdmin: user.isAdmin })
      return redirectWithFlash(back, { message: 'File saved.', kind: 'success' })
    }
    default:
      return fail(intent, 400, 'Unknown action.')
  }
}

async function uploadAction(form: FormData, user: CurrentUser, fid: number, back: string) {
  const intent = 'file-upload'
  if (!hasScope(user, 'firmfile-upload')) return fail(intent, 403, 'You do not have permission to upload files.')
  const allowed = allowedFileTypes({ isAdmin: user.isAdmin, formOverride: hasScope(user, 'firmfile-override') })
  const chosen: (NewFile & { name: string })[] = []
  const noExtension: { filename: string; description: string }[] = []
  const files = form.getAll('file')
  const descriptions = form.getAll('description').map(String)
  const types = form.getAll('type').map(String)
  for (const [index, entry] of files.entries()) {
    if (!(entry instanceof File) || entry.size === 0 && entry.name === '') continue
    const description = (descriptions[index] ?? '').trim()
    if (!hasExtension(entry.name)) {
      noExtension.push({ filename: entry.name, description })
      continue
    }
    if (!description) return fail(intent, 400, DESCRIPTION_REQUIRED)
    if (description.length > 500) return fail(intent, 400, 'A description is at most 500 characters.')
    if (entry.size > MAX_UPLOAD_BYTES) return fail(intent, 413, MAX_UPLOAD_MESSAGE)
    const typeName = (types[index] || 'Other') as FileTypeName
    if (!allowed.includes(typeName)) return fail(intent, 403, 'You may not give a file that type.')
    chosen.push({ name: entry.name, filename: entry.name.slice(0, 255), contentType: entry.type, data: Buffer.from(await entry.arrayBuffer()), description, type: FILE_TYPE_CODES[typeName] })
  }
  const warning = noExtension.length ? noExtensionWarning(noExtension) : undefined
  if (chosen.length === 0) return fail(intent, 400, warning ? 'No file was uploaded.' : 'Choose a file to upload.', warning)
  try {
    await uploadFirmFiles(getDb(), fid, chosen, user)
  } catch {
    return fail(intent, 400, UPLOAD_ERROR)
  }
  const message = `${chosen.length === 1 ? 'File' : `${chosen.length} files`} uploaded.${warning ? ` ${warning}` : ''}`
  return redirectWithFlash(back, { message, kind: warning ? 'info' : 'success' })
}
