import { data } from '@remix-run/node'
import dayjs from 'dayjs'
import type { ZodType } from 'zod'
import { canDeletePolicyOption, canEditPolicy, canUploadPolicyFile, fileTypeAccess } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { allowedFileTypes, UPLOAD_ERROR } from '#app/domain/files'
import { DomainError, InvalidError, NotFoundError } from '#app/domain/errors'
import { toCents } from '#app/domain/money'
import { groupCount } from '#app/domain/policies'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent, type IntentContext } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import { readUploads } from '#app/http/uploads.server'
import { policyFiles, uploadPolicyFiles } from '#app/models/file.server'
import { policyLedger } from '#app/models/ledger.server'
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
import {
  groupCopySchema,
  policyDeleteOptionSchema,
  policyEditSchema,
  policyTextSchema,
  versionOnlySchema,
} from '#app/schemas/policy'
import { POLICY_EDITOR_MESSAGES, type EditorActionResult, type PolicyEditorData } from './editor-types'

/** The ids of a policy page's URL: a bad or unknown id is the spec's 404 ('Failed to get Policy'). */
export const POLICY_IDS = { id: { kind: 'policy', message: 'Failed to get Policy' } } as const

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

/** Edit policy and view policy (spec 3 §2.4): the policy, its group options, prior candidates, ledger. */
export async function loadPolicyEditor({ user, ids, url }: PageContext): Promise<PolicyEditorData> {
  const db = getDb()
  const pid = ids.id
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

const today = () => dayjs().format('YYYY-MM-DD')

/** Back to the editor with the spec's snackbar. */
const back = ({ ids }: PageContext, message: string) =>
  redirectWithFlash(`/editPolicy/${ids.id}`, { message, kind: 'success' })

type EditValue = ReturnType<typeof policyEditSchema.parse>

/** An intent of the Edit Policy panel: its fields, refused at the fields with the screen's summary. */
const editIntent = (handle: (context: IntentContext<EditValue>) => unknown) =>
  intent({ schema: policyEditSchema, summary: POLICY_EDITOR_MESSAGES.fix, handle })

/** A form of the editor whose success is one change, then back to the editor with its snackbar. */
const editorIntent = <Value>(
  schema: ZodType<Value>,
  message: string,
  change: (context: IntentContext<Value>) => Promise<unknown>,
) =>
  intent({
    schema,
    summary: POLICY_EDITOR_MESSAGES.fix,
    handle: async (context) => {
      await change(context)
      return back(context, message)
    },
  })

async function save({ value, ids, user }: IntentContext<EditValue>) {
  const { version, ...changes } = value
  return updatePolicy(getDb(), ids.id, version, changes, user.id)
}

/**
 * The editor's forms, by intent (their abilities: app/auth/action-intents.ts); each success redirects
 * with the spec's snackbar. A lost race answers 409 with the current policy (the page reloads it).
 */
export const policyEditorIntents = {
  'policy-save': editorIntent(policyEditSchema, POLICY_EDITOR_MESSAGES.saved, save),
  // Book with unsaved changes: the 'Book Policy' dialog asks first (spec 3 §2.4); the form behind it
  // keeps what was typed, and the dialog's forms carry it (Save and book, Book without saving, Cancel).
  'policy-book': editIntent(async (context) => {
    const { value, ids, user, intent: name, form, reply } = context
    const { version, ...changes } = value
    const current = await requirePolicy(getDb(), ids.id)
    if (current.version === version && differs(current, changes)) {
      const values = Object.fromEntries([...form.entries()].map(([key, field]) => [key, String(field)]))
      return data<EditorActionResult>({ intent: name, result: reply(), bookConfirm: true, values })
    }
    await bookPolicy(getDb(), ids.id, version, today(), user.id)
    return back(context, POLICY_EDITOR_MESSAGES.booked)
  }),
  'policy-save-book': editorIntent(policyEditSchema, POLICY_EDITOR_MESSAGES.booked, async (context) => {
    const saved = await save(context)
    await bookPolicy(getDb(), context.ids.id, saved.version, today(), context.user.id)
  }),
  // The Book Policy dialog closed: the form again, with what was typed (nothing saved).
  'policy-book-cancel': editIntent(({ intent: name, reply }) =>
    data<EditorActionResult>({ intent: name, result: reply() }),
  ),
  'policy-book-only': editorIntent(versionOnlySchema, POLICY_EDITOR_MESSAGES.booked, ({ ids, value, user }) =>
    bookPolicy(getDb(), ids.id, value.version, today(), user.id),
  ),
  'policy-text': editorIntent(policyTextSchema, POLICY_EDITOR_MESSAGES.saved, ({ ids, value, user }) => {
    const { version, ...text } = value
    return updatePolicy(getDb(), ids.id, version, text, user.id)
  }),
  'policy-text-group': editorIntent(policyTextSchema, POLICY_EDITOR_MESSAGES.textToGroup, ({ ids, value, user }) => {
    const { version, ...text } = value
    return saveTextToGroup(getDb(), ids.id, version, text, user.id)
  }),
  'policy-group-copy': editorIntent(groupCopySchema, POLICY_EDITOR_MESSAGES.addedToGroup, ({ ids, value, user }) => {
    const { version, limits, deduc, premium } = value
    return addGroupCopy(getDb(), ids.id, version, { limits, deduc, premium: premium! }, user.id)
  }),
  // The Files tab's and the note editor's upload rules, written once (checkUploads through readUploads).
  'policy-file-upload': intent({
    handle: async (context) => {
      const { form, user, ids } = context
      const read = await readUploads(form, allowedFileTypes(fileTypeAccess(user)), {
        file: 'file',
        description: 'description',
        type: 'type',
      })
      try {
        await uploadPolicyFiles(getDb(), ids.id, read.files, user)
      } catch (error) {
        if (error instanceof DomainError) throw error
        throw new InvalidError(UPLOAD_ERROR)
      }
      return back(context, 'File uploaded.')
    },
  }),
  // Only another option of this policy's group, at the version read of it.
  'policy-delete-option': editorIntent(
    policyDeleteOptionSchema,
    POLICY_EDITOR_MESSAGES.deleted,
    async ({ value, ids, user }) => {
      const current = await requirePolicy(getDb(), ids.id)
      const option = await getPolicy(getDb(), value.option)
      if (
        !option ||
        option.pid === ids.id ||
        current.grpnum === 0 ||
        option.grpnum !== current.grpnum ||
        option.fid !== current.fid ||
        option.prid !== current.prid
      )
        throw new NotFoundError('Failed to get Policy')
      await deletePolicy(getDb(), option.pid, value.version, user.id)
    },
  ),
}
