import { data } from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
import { getDb } from '#app/db/client.server'
import { CLAIM_LISTS, CLAIM_MESSAGES, RIGHTS_FAILED_CODE, zeroReserves } from '#app/domain/claims'
import { ConflictError, NotFoundError } from '#app/domain/errors'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent, type IntentContext } from '#app/http/intent-action.server'
import type { IntentReply } from '#app/http/intent.server'
import type { PageContext } from '#app/http/page-route.server'
import {
  claimFiles,
  claimLedgerEntries,
  claimLogs,
  claimPolicyChoices,
  createLedgerEntry,
  deleteLedgerEntry,
  updateClaim,
  updateLedgerEntry,
} from '#app/models/claim.server'
import { loadPicklists } from '#app/models/list.server'
import { claimFormSchema, ledgerDeleteFormSchema, ledgerEditFormSchema, ledgerEntrySchema } from '#app/schemas/claims'
import { counselOptions } from './counsel.server'
import { requireClaim } from './view.server'

/** Spec 3 §2: without claim-edit the user is signed out and sent to Login (the route's `refuse`). */
export const CLAIM_EDIT_REFUSAL = { signOut: 'You do not have permission to edit claims.' }

/** Spec 3 §8: the editor's rights could not be read ('Failed to get rights.', editor-error.tsx). */
export const CLAIM_RIGHTS_FAILED = { message: CLAIM_MESSAGES.rightsFailed, code: RIGHTS_FAILED_CODE }

/** Everything the claim editor shows: the claim, its lists, policies, counsel, files, ledger and log. */
export async function loadClaimEditor({ user, ids, request }: PageContext) {
  const claim = await requireClaim(ids.id, request)
  const db = getDb()
  const [lists, policies, counsel, files, ledger, logs] = await Promise.all([
    loadPicklists(db, CLAIM_LISTS),
    claimPolicyChoices(db, claim.fid, claim.pid),
    counselOptions(db),
    claimFiles(db, claim.clid, { isAdmin: user.isAdmin }),
    claimLedgerEntries(db, claim.clid),
    claimLogs(db, claim.clid, 50),
  ])
  return {
    claim,
    lists,
    policies,
    counsel,
    files,
    ledger,
    logs,
  }
}
export type ClaimEditorData = Awaited<ReturnType<typeof loadClaimEditor>>

export const LEDGER_FORM_MESSAGES = {
  conflict:
    'Someone else changed this ledger entry after you opened it. Your change was not saved; the ledger now shows the current entry.',
  missing: 'No such ledger entry.',
} as const

/** A ledger form's answer: the multi-intent shape, with the success message a fetcher shows in place. */
export type LedgerReply = IntentReply<{ message: string; result: SubmissionResult<string[]> }>

/**
 * The ledger's add, edit and delete (each change logged by the model). Without JavaScript the form
 * posts and the page comes back with a snackbar; a fetcher sends `js=1` and gets the outcome as data
 * (the page's data revalidates), so the editor's unsaved fields stay as typed.
 */
async function ledgerChange(
  { form, intent: name, ids }: IntentContext<unknown>,
  change: () => Promise<unknown>,
  message: string,
) {
  try {
    await change()
  } catch (error) {
    if (error instanceof ConflictError) throw new ConflictError(error.current, LEDGER_FORM_MESSAGES.conflict)
    if (error instanceof NotFoundError && error.message !== 'No such claim.')
      throw new NotFoundError(LEDGER_FORM_MESSAGES.missing)
    if (error instanceof NotFoundError) throw new NotFoundError(CLAIM_MESSAGES.getFailed)
    throw error
  }
  if (form.get('js') === '1') return data<LedgerReply>({ intent: name, message })
  return redirectWithFlash(`/editClaim/${ids.id}#ledger`, { message, kind: 'success' })
}

/**
 * The editor's forms, by intent: save (with the version read: a lost race answers 409 with the current
 * claim), zero (the form back with every remaining reserve zeroed, not saved; without JavaScript Zero
 * comes to the server), and the ledger's add, edit and delete.
 */
export const claimEditorIntents = {
  save: intent({
    schema: claimFormSchema,
    handle: async ({ value, ids, user }) => {
      const { version, intent: _intent, ...changes } = value
      try {
        await updateClaim(getDb(), ids.id, version, changes, user.id)
      } catch (error) {
        if (error instanceof NotFoundError) throw new NotFoundError(CLAIM_MESSAGES.getFailed)
        throw error
      }
      return redirectWithFlash(`/editClaim/${ids.id}`, { message: CLAIM_MESSAGES.saved, kind: 'success' })
    },
  }),
  zero: intent({
    schema: claimFormSchema,
    handle: ({ value, intent: name, form }) => {
      const { version: _version, intent: _intent, ...changes } = value
      const typed = Object.fromEntries([...form].filter(([, field]) => typeof field === 'string'))
      return data({ intent: name, zeroed: { ...typed, ...zeroReserves(changes) } as Record<string, unknown> })
    },
  }),
  'ledger-add': intent({
    schema: ledgerEntrySchema,
    invalid: 'Check the entry.',
    handle: (context) =>
      ledgerChange(
        context,
        () => createLedgerEntry(getDb(), context.ids.id, context.value, context.user),
        CLAIM_MESSAGES.ledgerSaved,
      ),
  }),
  'ledger-edit': intent({
    schema: ledgerEditFormSchema,
    invalid: 'Check the entry.',
    handle: (context) => {
      const { id, version, ...input } = context.value
      return ledgerChange(
        context,
        () => updateLedgerEntry(getDb(), context.ids.id, id, version, input, context.user.id),
        CLAIM_MESSAGES.ledgerSaved,
      )
    },
  }),
  'ledger-delete': intent({
    schema: ledgerDeleteFormSchema,
    invalid: LEDGER_FORM_MESSAGES.missing,
    handle: (context) =>
      ledgerChange(
        context,
        () => deleteLedgerEntry(getDb(), context.ids.id, context.value.id, context.user.id),
        CLAIM_MESSAGES.ledgerDeleted,
      ),
  }),
}
