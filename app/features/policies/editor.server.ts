import { canDeletePolicyOption, canEditPolicy, canUploadPolicyFile, fileTypeAccess } from '#app/auth/abilities'
import type { SubmissionResult } from '@conform-to/react'
import { parseForm } from '#app/http/conform.server'
import { data } from '@remix-run/node'
import dayjs from 'dayjs'
import type { CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { ConflictError, DomainError } from '#app/domain/errors'
import { toCents } from '#app/domain/money'
import { groupCount } from '#app/domain/policies'
import { redirectWithFlash } from '#app/http/flash.server'
import { readFormData } from '#app/http/form.server'
import { intentError, intentErrorFrom } from '#app/http/intent.server'
import { policyLedger } from '#app/models/ledger.server'
import { policyFiles, uploadPolicyFiles } from '#app/models/file.server'
import { allowedFileTypes, UPLOAD_ERROR } from '#app/domain/files'
import { readUploads } from '#app/http/uploads.server'
import { loadPicklists } from '#app/models/list.server'
import {
  addGroupCopy,
  bookPolicy,
  deletePolicy,
  getPolicy,
  groupOptions,
  policyFirm,
  priorCandidates,
  requirePolicy,
  saveTextToGroup,
  updatePolicy,
  type PolicyRow,
} from '#app/models/policy.server'
import { listPrograms } from '#app/models/program.server'
import { groupCopySchema, policyEditSchema, policyTextSchema, versionOnlySchema } from '#app/schemas/policy'
import {
  POLICY_EDITOR_MESSAGES,
  type EditorActionResult,
  type EditorReply,
  type PolicyEditorData,
} from './editor-types'
import { parseId } from '#app/domain/ids'

const MONEY_FIELDS = new Set([
  'sales',
  'premium',
  'down',
  'doifee',
  'slafee',
  'profee',
  'subfee',
  'depfee',
  'mgafee',
  'srcfee',
  'spnfee',
])

/** The policy as the editor shows it (timestamps as text, so loader data stays plain). */
function plain(policy: PolicyRow) {
  const { createdAt: _created, updatedAt: _updated, bstamp, ...rest } = policy
  return { ...rest, bstamp: bstamp ? dayjs(bstamp).format('YYYY-MM-DD HH:mm') : null }
}
export type EditorPolicy = ReturnType<typeof plain>

/** Edit policy and view policy (spec 3 §2.4): the policy, its group options, prior candidates, ledger. */
export async function loadPolicyEditor(user: CurrentUser, pid: number, url: URL): Promise<PolicyEditorData> {
  const db = getDb()
  const policy = await requirePolicy(db, pid)
  const [firm, options, priors, ledger, programs, picklists, files] = await Promise.all([
    policyFirm(db, policy.fid),
    groupOptions(db, policy),
    priorCandidates(db, policy),
    policyLedger(db, pid),
    listPrograms(db),
    loadPicklists(db, ['carrier', 'ptype', 'is_new', 'cancat', 'ltype', 'dtype'] as const),
    policyFiles(db, pid, { isAdmin: user.isAdmin }),
  ])
  return {
    policy: plain(policy),
    firm,
    options,
    optionCount: groupCount(policy.grpnum, options.length),
    priors,
    ledger,
    programs: programs.map((program) => ({
      value: String(program.prid),
      label: program.name ?? `Program ${program.prid}`,
    })),
    picklists,
    files: files.map(({ loidfid, filename, file_description, file_type_description, size }) => ({
      loidfid,
      filename,
      file_description,
      file_type_description,
      size,
    })),
    fileTypes: allowedFileTypes(fileTypeAccess(user)),
    showFees: url.searchParams.get('fees') === '1',
    addOption: url.searchParams.get('addOption') === '1',
    can: { edit: canEditPolicy(user), deleteOption: canDeletePolicyOption(user), upload: canUploadPolicyFile(user) },
  }
}

function differs(policy: PolicyRow, changes: Record<string, unknown>): boolean {
  return Object.entries(changes).some(([key, value]) => {
    const stored = (policy as Record<string, unknown>)[key]
    if (MONEY_FIELDS.has(key))
      return (toCents(value as string | null) ?? null) !== (toCents(stored as string | null) ?? null)
    return String(value ?? '') !== String(stored ?? '')
  })
}

/** The editor's forms, told apart by intent; each success redirects with the spec's snackbar. */
export async function policyEditorAction(request: Request, user: CurrentUser, pid: number) {
  const db = getDb()
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? '')
  const back = `/editPolicy/${pid}`
  const fail = (status: number, error: string, extra: Partial<EditorReply> = {}) =>
    intentError<EditorReply>(intent, status, error, extra)
  // A form's refused fields: Conform's reply, shown at the fields of the form that sent them.
  const refused = (submission: { reply: () => SubmissionResult<string[]> }) =>
    fail(400, POLICY_EDITOR_MESSAGES.fix, { result: submission.reply() })
  if (!canEditPolicy(user) && intent !== 'policy-file-upload') return fail(403, POLICY_EDITOR_MESSAGES.forbidden)
  try {
    switch (intent) {
      case 'policy-save':
      case 'policy-book':
      case 'policy-book-cancel':
      case 'policy-save-book': {
        const submission = parseForm(form, { schema: policyEditSchema })
        if (submission.status !== 'success') return refused(submission)
        // The Book Policy dialog closed: the form again, with what was typed (nothing saved).
        if (intent === 'policy-book-cancel') return data<EditorActionResult>({ intent, result: submission.reply() })
        const { version, ...changes } = submission.value
        if (intent === 'policy-book') {
          const current = await requirePolicy(db, pid)
          // Unsaved changes: the 'Book Policy' dialog asks first (spec 3 §2.4); the form behind it
          // keeps what was typed, and the dialog's forms carry it (Save and book, Cancel).
          if (current.version === version && differs(current, changes)) {
            return data<EditorActionResult>({
              intent,
              result: submission.reply(),
              bookConfirm: true,
              values: Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)])),
            })
          }
          await bookPolicy(db, pid, version, dayjs().format('YYYY-MM-DD'), user.id)
          return redirectWithFlash(back, { message: POLICY_EDITOR_MESSAGES.booked, kind: 'success' })
        }
        const saved = await updatePolicy(db, pid, version, changes, user.id)
        if (intent === 'policy-save-book') {
          await bookPolicy(db, pid, saved.version, dayjs().format('YYYY-MM-DD'), user.id)
          return redirectWithFlash(back, { message: POLICY_EDITOR_MESSAGES.booked, kind: 'success' })
        }
        return redirectWithFlash(back, { message: POLICY_EDITOR_MESSAGES.saved, kind: 'success' })
      }
      case 'policy-book-only': {
        const parsed = versionOnlySchema.safeParse(Object.fromEntries(form))
        if (!parsed.success) return fail(400, POLICY_EDITOR_MESSAGES.fix)
        await bookPolicy(db, pid, parsed.data.version, dayjs().format('YYYY-MM-DD'), user.id)
        return redirectWithFlash(back, { message: POLICY_EDITOR_MESSAGES.booked, kind: 'success' })
      }
      case 'policy-text':
      case 'policy-text-group': {
        const submission = parseForm(form, { schema: policyTextSchema })
        if (submission.status !== 'success') return refused(submission)
        const { version, ...text } = submission.value
        if (intent === 'policy-text-group') {
          await saveTextToGroup(db, pid, version, text, user.id)
          return redirectWithFlash(back, { message: POLICY_EDITOR_MESSAGES.textToGroup, kind: 'success' })
        }
        await updatePolicy(db, pid, version, text, user.id)
        return redirectWithFlash(back, { message: POLICY_EDITOR_MESSAGES.saved, kind: 'success' })
      }
      case 'policy-group-copy': {
        const submission = parseForm(form, { schema: groupCopySchema })
        if (submission.status !== 'success') return refused(submission)
        const { version, limits, deduc, premium } = submission.value
        await addGroupCopy(db, pid, version, { limits, deduc, premium: premium! }, user.id)
        return redirectWithFlash(back, { message: POLICY_EDITOR_MESSAGES.addedToGroup, kind: 'success' })
      }
      case 'policy-file-upload': {
        if (!canUploadPolicyFile(user)) return fail(403, POLICY_EDITOR_MESSAGES.forbidden)
        // The Files tab's and the note editor's upload rules, written once (checkUploads through readUploads).
        const read = await readUploads(form, allowedFileTypes(fileTypeAccess(user)), {
          file: 'file',
          description: 'description',
          type: 'type',
        })
        try {
          await uploadPolicyFiles(db, pid, read.files, user)
        } catch (error) {
          if (error instanceof DomainError) throw error
          return fail(400, UPLOAD_ERROR)
        }
        return redirectWithFlash(back, { message: 'File uploaded.', kind: 'success' })
      }
      case 'policy-delete-option': {
        if (!canDeletePolicyOption(user)) return fail(403, POLICY_EDITOR_MESSAGES.forbidden)
        const optionPid = parseId(form.get('option'))
        const parsed = versionOnlySchema.safeParse(Object.fromEntries(form))
        const current = await requirePolicy(db, pid)
        const option = optionPid !== null ? await getPolicy(db, optionPid) : null
        // Only another option of this policy's group.
        if (
          !parsed.success ||
          !option ||
          option.pid === pid ||
          current.grpnum === 0 ||
          option.grpnum !== current.grpnum ||
          option.fid !== current.fid ||
          option.prid !== current.prid
        ) {
          return fail(404, 'Failed to get Policy')
        }
        await deletePolicy(db, option.pid, parsed.data.version, user.id)
        return redirectWithFlash(back, { message: POLICY_EDITOR_MESSAGES.deleted, kind: 'success' })
      }
      default:
        return fail(400, 'Unknown action.')
    }
  } catch (error) {
    if (error instanceof ConflictError) return fail(409, error.message, { conflict: true })
    return intentErrorFrom<EditorReply>(intent, error)
  }
}
