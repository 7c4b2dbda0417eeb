import { parseForm } from '#app/http/conform.server'
import dayjs from 'dayjs'
import { canCalculateCommissions, canEditPolicy } from '#app/auth/abilities'
import type { CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { NEW_POLICY_STATUS, oneYearAfter, type PolicyListQuery } from '#app/domain/policies'
import { redirectWithFlash } from '#app/http/flash.server'
import { redirect } from '@remix-run/node'
import { hrefWithParams } from '#app/ui/use-href-with'
import {
  firmPolicies,
  firmPolicyFacets,
  getPolicy,
  createPolicy,
  policyFirm,
  type PolicyRow,
} from '#app/models/policy.server'
import { listPrograms } from '#app/models/program.server'
import { isNuState, nuStates } from '#app/models/list.server'
import { commissionChoiceSchema, policyListSearchSchema, taxChoiceSchema } from '#app/schemas/policy'
import {
  calculatorPolicyId,
  commissionPolicyFormSchema,
  commissionRatesFormSchema,
  policyCreateSchema,
  taxApplyFormSchema,
} from '#app/schemas/policies-tab'
import { applyPolicyTaxes, taxesOf } from '#app/models/policy-taxes.server'
import {
  commissionDataProblems,
  commissionFormValues,
  commissionPolicyEdited,
  commissionStep,
  saveCommissionPolicy,
  saveCommissionRates,
  type RatesStep,
} from './commission-steps.server'
import {
  CALC_PARAMS,
  POLICY_TAB_MESSAGES,
  type CommissionDialogData,
  type PoliciesTabData,
  type TaxDialogData,
} from './policies-tab-types'
import { fractionToPercent } from '#app/domain/percent'
import { InvalidError, NotFoundError } from '#app/domain/errors'
import { firmIntent, type FirmTab } from '#app/http/firm-tab.server'
import { firstError } from '#app/http/intent.server'
import type { SubmissionResult } from '@conform-to/react'

const today = () => dayjs().format('YYYY-MM-DD')

function listQuery(url: URL): PolicyListQuery {
  const params = url.searchParams
  const parsed = policyListSearchSchema.parse({
    pview: params.get('pview') ?? undefined,
    pstatus: params.getAll('pstatus'),
    pcarrier: params.getAll('pcarrier'),
    ptype: params.getAll('ptype'),
    pq: params.get('pq') ?? undefined,
    psort: params.get('psort') ?? undefined,
    pdesc: params.get('pdesc') ?? undefined,
    ppage: params.get('ppage') ?? undefined,
    psize: params.get('psize') ?? undefined,
  })
  return {
    view: parsed.pview,
    statuses: parsed.pstatus,
    carriers: parsed.pcarrier,
    types: parsed.ptype,
    search: parsed.pq,
    sort: parsed.psort,
    // The list opens newest first; a chosen column sorts ascending unless pdesc=1 (the table's links).
    desc: params.has('psort') ? parsed.pdesc === '1' : true,
    page: parsed.ppage,
    perPage: parsed.psize,
  }
}

/** The firm Policies tab: its list page, the More mode's choices, and the dialog the URL opens. */
export async function loadPoliciesTab(user: CurrentUser, fid: number, url: URL): Promise<PoliciesTabData> {
  const db = getDb()
  const query = listQuery(url)
  const more = url.searchParams.get('pmore') === '1'
  const create = url.searchParams.get('pcreate') === '1' && canEditPolicy(user)
  const firm = policyFirm(db, fid)
  // The dialog the URL opens is read beside the list, not after it.
  const [list, facets, programs, taxes, commissions] = await Promise.all([
    firmPolicies(db, fid, query),
    more ? firmPolicyFacets(db, fid) : null,
    create ? listPrograms(db) : null,
    loadTaxDialog(fid, url, () => firm.then((row) => row?.state ?? '')),
    canCalculateCommissions(user) ? loadCommissionDialog(fid, url) : null,
    firm,
  ])
  return {
    fid,
    // The page shown: a page past the end is the last one.
    query: { ...query, page: list.page },
    more,
    list,
    facets,
    create: create
      ? {
          programs: programs!.map((program) => ({
            value: String(program.prid),
            label: program.name ?? `Program ${program.prid}`,
          })),
        }
      : null,
    taxes,
    commissions,
    can: { edit: canEditPolicy(user), commissions: canCalculateCommissions(user) },
  }
}

async function dialogPolicy(fid: number, url: URL, calc: string): Promise<PolicyRow | null> {
  if (url.searchParams.get(CALC_PARAMS.calc) !== calc) return null
  const pid = calculatorPolicyId.parse(url.searchParams.get(CALC_PARAMS.pid) ?? undefined)
  if (pid === undefined) return null
  const policy = await getPolicy(getDb(), pid)
  return policy && policy.fid === fid ? policy : null
}

const STATE_FROM_LIST = 'Pick a state from the list'

async function loadTaxDialog(fid: number, url: URL, firmState: () => Promise<string>): Promise<TaxDialogData | null> {
  const policy = await dialogPolicy(fid, url, 'taxes')
  if (!policy) return null
  const step = url.searchParams.get(CALC_PARAMS.step) === '2' ? 2 : 1
  const state = url.searchParams.get('state') ?? (await firmState())
  const admitted = url.searchParams.get('admitted')
  const base = { pid: policy.pid, version: policy.version, incept: policy.incept }
  if (step === 1)
    return {
      ...base,
      step: 1,
      states: await nuStates(getDb()),
      state,
      admitted: admitted === 'on',
      error: null,
      outcome: null,
    }
  const choice = parseForm(new URLSearchParams(admitted === null ? { state } : { state, admitted }), {
    schema: taxChoiceSchema,
  })
  // Not a state code (a hand-made address): no choice kept, so it is not offered as one.
  if (choice.status !== 'success')
    return {
      ...base,
      step: 1,
      states: await nuStates(getDb()),
      state: '',
      admitted: admitted === 'on',
      error: firstError(choice.error) ?? null,
      outcome: null,
    }
  // A state from the list only (a typed address's ZZ would calculate no tax at all). Tax is calculated
  // on entering step 2 (spec 3 §4), from the policy read above.
  const [listed, outcome] = await Promise.all([
    isNuState(getDb(), choice.value.state),
    taxesOf(getDb(), policy, choice.value),
  ])
  if (!listed) {
    return {
      ...base,
      step: 1,
      states: await nuStates(getDb()),
      state: '',
      admitted: choice.value.admitted,
      error: STATE_FROM_LIST,
      outcome: null,
    }
  }
  return {
    ...base,
    step: 2,
    states: null,
    state: choice.value.state,
    admitted: choice.value.admitted,
    error: null,
    outcome,
  }
}

async function loadCommissionDialog(fid: number, url: URL): Promise<CommissionDialogData | null> {
  const policy = await dialogPolicy(fid, url, 'commissions')
  if (!policy) return null
  const requested = Number(url.searchParams.get(CALC_PARAMS.step)) || 1
  const problems = commissionDataProblems(policy)
  const values = commissionFormValues(policy)
  const base = { pid: policy.pid, version: policy.version, values, problems }
  // Steps 2 and 3 need valid saved data; otherwise the dialog stays on step 1.
  if (requested <= 1 || Object.keys(problems).length > 0) return { ...base, step: 1 }
  // The completion step shows what the policy holds, so a typed step 4 says nothing that is not so.
  if (requested >= 4) {
    const saved = {
      mgacom: fractionToPercent(policy.mgacom),
      procom: fractionToPercent(policy.procom),
      subcom: fractionToPercent(policy.subcom),
      spncom: fractionToPercent(policy.spncom),
    }
    return { ...base, step: 4, saved }
  }
  // Step 2 asked for (Back from step 3): the conditions again, the choice made preselected.
  const next = await commissionStep(getDb(), policy, today(), requested === 2 ? null : url.searchParams.get('choice'))
  if (next.step === 2) {
    if (next.match.kind !== 'choose') return { ...base, step: 1 }
    const options = next.match.options.map((rule) => ({
      id: rule.id,
      condition: rule.condition ?? '',
      commission: rule.commission,
    }))
    // Next (step 3 asked for) without a choice that applies: step 2 again, the refusal at the field.
    const result = requested >= 3 ? choiceRefusal(url.searchParams) : null
    return { ...base, step: 2, options, choice: (url.searchParams.get('choice') ?? '').slice(0, 20), result }
  }
  // The condition chosen at step 2, if the policy had one to choose: Back returns there with it.
  const chosen = url.searchParams.get('choice')?.slice(0, 20) || null
  return {
    ...base,
    step: 3,
    rule: next.rule ? { id: next.rule.id, condition: next.rule.condition, commission: next.rule.commission } : null,
    message: next.message,
    rates: next.rates,
    sources: next.sources,
    payees: payeeLines(next.payees),
    choice: chosen,
  }
}

/** Step 3's matching entity fields as the dialog shows them, one line each. */
function payeeLines(payees: RatesStep['payees']): Record<'mgacom' | 'procom' | 'subcom' | 'spncom', string[]> {
  const name = (payee: { sort: string; name1: string } | null) => (payee ? `${payee.name1} (${payee.sort})` : 'none')
  return {
    mgacom: [`MGA: ${name(payees.mgacom.mga)}`, `Paid to (MGA Billing): ${name(payees.mgacom.billing)}`],
    procom: [`Producer: ${payees.procom.producer ?? 'none'}`],
    subcom: [`Sub Producer: ${name(payees.subcom.subProducer)}`],
    spncom: [`Sponsor: ${name(payees.spncom.sponsor)}`],
  }
}

/** Why step 2's choice was not taken: none chosen (or not a choice), or one that is not among the conditions. */
function choiceRefusal(query: URLSearchParams): SubmissionResult<string[]> {
  const submission = parseForm(query, { schema: commissionChoiceSchema })
  if (submission.status !== 'success') return submission.reply()
  return submission.reply({ fieldErrors: { choice: [POLICY_TAB_MESSAGES.chooseCondition] } })
}

/** The calculator's policy posted with a form: one of this firm's, or the tab's 404. */
async function postedPolicy(fid: number, pid: number | undefined): Promise<PolicyRow> {
  const policy = pid !== undefined ? await getPolicy(getDb(), pid) : null
  if (!policy || policy.fid !== fid) throw new NotFoundError('Failed to get Policy')
  return policy
}

/** `back` with some parameters changed (null removes one). */
function withParams(back: string, changes: Record<string, string | null>): string {
  const url = new URL(back, 'http://x')
  return hrefWithParams(url.pathname, url.searchParams, changes)
}

// A form's refused fields are marked at the fields of the form that sent them, this above it.
const summary = POLICY_TAB_MESSAGES.fix

/** The Policies tab's forms: create, apply taxes, the commission dialog's two saves and its Next. */
export const policyIntents = {
  'policy-create': firmIntent({
    schema: policyCreateSchema,
    summary,
    handle: async ({ value: input, fid, user, back }) => {
      const created = await createPolicy(
        getDb(),
        {
          fid,
          prid: input.prid,
          incept: input.incept!,
          expiry: input.expiry ?? oneYearAfter(input.incept!),
          retro: input.retro,
          limits: input.limits,
          deduc: input.deduc,
          premium: input.premium,
          status: NEW_POLICY_STATUS,
        },
        user.id,
      )
      return redirectWithFlash(
        withParams(back, { pcreate: null, pview: 'All', ppage: null, phl: String(created.pid) }),
        {
          message: POLICY_TAB_MESSAGES.created,
          kind: 'success',
        },
      )
    },
  }),
  'policy-tax-apply': firmIntent({
    schema: taxApplyFormSchema,
    summary,
    handle: async ({ value: { pid, version, ...choice }, fid, user, back }) => {
      const policy = await postedPolicy(fid, pid)
      const db = getDb()
      if (!(await isNuState(db, choice.state))) throw new InvalidError(STATE_FROM_LIST)
      await applyPolicyTaxes(db, policy.pid, version, choice, user.id)
      const closed = {
        [CALC_PARAMS.calc]: null,
        [CALC_PARAMS.pid]: null,
        [CALC_PARAMS.step]: null,
        state: null,
        admitted: null,
      }
      return redirectWithFlash(withParams(back, closed), { message: POLICY_TAB_MESSAGES.taxesApplied, kind: 'success' })
    },
  }),
  'commission-policy': firmIntent({
    schema: commissionPolicyFormSchema,
    summary,
    handle: async ({ value: { pid, ...values }, fid, user, back }) => {
      const policy = await postedPolicy(fid, pid)
      await saveCommissionPolicy(getDb(), policy.pid, values, user.id)
      return redirectWithFlash(withParams(back, { [CALC_PARAMS.step]: '1' }), {
        message: 'Policy changes have been saved',
        kind: 'success',
      })
    },
  }),
  'commission-next': firmIntent({
    schema: commissionPolicyFormSchema,
    summary,
    handle: async ({ value: { pid, ...values }, fid, back }) => {
      const policy = await postedPolicy(fid, pid)
      // Next is disabled in a browser while the data is edited and unsaved; without JavaScript it
      // comes here with the typed values: changed ones stay in the form, with the reason.
      if (commissionPolicyEdited(policy, values)) throw new InvalidError(POLICY_TAB_MESSAGES.saveFirst)
      return redirect(withParams(back, { [CALC_PARAMS.step]: '2', choice: null }))
    },
  }),
  'commission-rates': firmIntent({
    schema: commissionRatesFormSchema,
    summary,
    handle: async ({ value: { pid, version, ...rates }, fid, user, back }) => {
      const policy = await postedPolicy(fid, pid)
      await saveCommissionRates(getDb(), policy.pid, version, rates, user.id)
      return redirectWithFlash(withParams(back, { [CALC_PARAMS.step]: '4', choice: null }), {
        message: POLICY_TAB_MESSAGES.commissionsSaved,
        kind: 'success',
      })
    },
  }),
}

/** The firm viewer's Policies tab. */
export const policiesTab: FirmTab<PoliciesTabData> = {
  name: 'Policies',
  load: ({ user, fid, url }) => loadPoliciesTab(user, fid, url),
  intents: policyIntents,
}
