import { parseForm } from '#app/http/conform.server'
import { data } from '@remix-run/node'
import { canEditClaim } from '#app/auth/abilities'
import type { CurrentUser } from '#app/auth/guard.server'
import { refuseSigningOut } from '#app/auth/refusal.server'
import { getDb } from '#app/db/client.server'
import { CLAIM_MESSAGES, zeroReserves } from '#app/domain/claims'
import { ConflictError, InvalidError, NotFoundError } from '#app/domain/errors'
import { redirectWithFlash } from '#app/http/flash.server'
import { readFormData } from '#app/http/form.server'
import { requireId } from '#app/http/ids.server'
import {
  claimFiles,
  claimLedgerEntries,
  claimLogs,
  claimPolicyChoices,
  createLedgerEntry,
  deleteLedgerEntry,
  getClaim,
  updateClaim,
  updateLedgerEntry,
  type ClaimDetail,
} from '#app/models/claim.server'
import { contactsOfType } from '#app/models/contact.server'
import { loadPicklists } from '#app/models/list.server'
import { claimFormSchema, ledgerDeleteFormSchema, ledgerEditFormSchema, ledgerEntrySchema } from '#app/schemas/claims'
import { CLAIM_LISTS, requireClaim } from './view.server'
import { intentError, refusedFields, type IntentReply } from '#app/http/intent.server'
import type { SubmissionResult } from '@conform-to/react'

const NO_CLAIM_EDIT = 'You do not have permission to edit claims.'

/**
 * Spec 3 §2: /editClaim/{id} needs only a sign-in, but without claim-edit the user is signed out and
 * sent to Login; from another site the answer is a 403 refusal, not a sign-out (refuseSigningOut).
 * The claim is looked up first, so an unknown id is a 404 for everyone.
 */
async function requireEditor(request: Request, user: CurrentUser, param: string | undefined): Promise<ClaimDetail> {
  const claim = await requireClaim(param)
  if (!canEditClaim(user)) await refuseSigningOut(request, { message: NO_CLAIM_EDIT })
  return claim
}

/** Everything the claim editor shows: the claim, its lists, policies, counsel, files, ledger and log. */
export async function loadClaimEditor(request: Request, user: CurrentUser, param: string | undefined) {
  const claim = await requireEditor(request, user, param)
  const db = getDb()
  const [lists, policies, adjusters, panel, files, ledger, logs] = await Promise.all([
    loadPicklists(db, CLAIM_LISTS),
    claimPolicyChoices(db, claim.fid, claim.pid),
    contactsOfType(db, 'Adjuster'),
    contactsOfType(db, 'Panel'),
    claimFiles(db, claim.clid, { isAdmin: user.isAdmin }),
    claimLedgerEntries(db, claim.clid),
    claimLogs(db, claim.clid, 50),
  ])
  const counsel = (contacts: typeof adjusters) =>
    contacts.map((contact) => ({
      cid: contact.cid,
      name1: contact.name1,
      people: contact.people.map((person) => ({
        plid: person.plid,
        name: [person.given, person.surname].filter(Boolean).join(' '),
      })),
    }))
  return {
    claim,
    lists,
    policies,
    counsel: { adjusters: counsel(adjusters), panel: counsel(panel) },
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
 * The ledger's add, edit and delete intents (each change logged by the model). Without JavaScript
 * the form posts and the page comes back with a snackbar; a fetcher sends `js=1` and gets the
 * outcome as data (the page's data revalidates), so the editor's unsaved fields stay as typed.
 * Refused fields answer Conform's reply in the multi-intent shape: marked at each field, the first
 * message beside the form.
 */
async function ledgerAction(intent: string, form: FormData, clid: number, user: CurrentUser) {
  const enhanced = form.get('js') === '1'
  const back = `/editClaim/${clid}#ledger`
  const done = (message: string) =>
    enhanced ? data<LedgerReply>({ intent, message }) : redirectWithFlash(back, { message, kind: 'success' })
  const refused = (submission: { reply: () => SubmissionResult<string[]> }) =>
    refusedFields<LedgerReply>(intent, submission.reply(), 'Check the entry.')
  try {
    if (intent === 'ledger-add') {
      const submission = parseForm(form, { schema: ledgerEntrySchema })
      if (submission.status !== 'success') return refused(submission)
      await createLedgerEntry(getDb(), clid, submission.value, user)
      return done(CLAIM_MESSAGES.ledgerSaved)
    }
    if (intent === 'ledger-edit') {
      const submission = parseForm(form, { schema: ledgerEditFormSchema })
      if (submission.status !== 'success') return refused(submission)
      const { id, version, ...input } = submission.value
      await updateLedgerEntry(getDb(), clid, id, version, input, user.id)
      return done(CLAIM_MESSAGES.ledgerSaved)
    }
    if (intent === 'ledger-delete') {
      const parsed = ledgerDeleteFormSchema.safeParse({ id: form.get('id') })
      if (!parsed.success) return intentError<LedgerReply>(intent, 400, LEDGER_FORM_MESSAGES.missing)
      await deleteLedgerEntry(getDb(), clid, parsed.data.id, user.id)
      return done(CLAIM_MESSAGES.ledgerDeleted)
    }
  } catch (error) {
    if (error instanceof ConflictError) return intentError<LedgerReply>(intent, 409, LEDGER_FORM_MESSAGES.conflict)
    if (error instanceof NotFoundError)
      return intentError<LedgerReply>(
        intent,
        404,
        error.message === 'No such claim.' ? CLAIM_MESSAGES.getFailed : LEDGER_FORM_MESSAGES.missing,
      )
    throw error
  }
  return intentError<LedgerReply>(intent, 400, 'Unknown ledger action.')
}

/**
 * The editor's forms, told apart by intent: save (with the version read: a lost race answers 409 with
 * the current claim), zero (the form back with every remaining reserve zeroed, not saved), and the
 * ledger's add, edit and delete (ledgerAction).
 */
export async function claimEditorAction(request: Request, user: CurrentUser, param: string | undefined) {
  const clid = requireId(param, 'claim', CLAIM_MESSAGES.getFailed)
  if (!canEditClaim(user)) await refuseSigningOut(request, { message: NO_CLAIM_EDIT })
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? 'save')
  const back = `/editClaim/${clid}`

  if (intent.startsWith('ledger-')) return ledgerAction(intent, form, clid, user)

  const submission = parseForm(form, { schema: claimFormSchema })
  if (submission.status !== 'success')
    return data({ intent, result: submission.reply(), current: null, conflict: null, zeroed: null }, { status: 400 })
  const { version, intent: _intent, ...changes } = submission.value
  if (intent === 'zero') {
    // Without JavaScript Zero comes to the server: the form returns with the reserves zeroed, unsaved.
    return data({
      intent,
      result: null,
      current: null,
      conflict: null,
      zeroed: { ...submission.payload, ...zeroReserves(changes) } as Record<string, unknown>,
    })
  }
  try {
    await updateClaim(getDb(), clid, version, changes, user.id)
  } catch (error) {
    if (error instanceof ConflictError) {
      return data(
        {
          intent,
          result: submission.reply(),
          current: error.current as ClaimDetail,
          conflict: error.message,
          zeroed: null,
        },
        { status: 409 },
      )
    }
    if (error instanceof InvalidError) {
      const field = typeof error.extra.field === 'string' ? error.extra.field : ''
      return data(
        {
          intent,
          result: submission.reply(
            field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] },
          ),
          current: null,
          conflict: null,
          zeroed: null,
        },
        { status: 400 },
      )
    }
    if (error instanceof NotFoundError) throw data({ message: CLAIM_MESSAGES.getFailed }, { status: 404 })
    throw error
  }
  return redirectWithFlash(back, { message: CLAIM_MESSAGES.saved, kind: 'success' })
}

export { getClaim }
