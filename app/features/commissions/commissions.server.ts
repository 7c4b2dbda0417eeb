import dayjs from 'dayjs'
import { getDb } from '#app/db/client.server'
import {
  COMMISSION_RULE_MESSAGES as M,
  commissionSuccess,
  earliestEffectiveDate,
  inForceDuring,
  inForceOn,
  isMostRecent,
} from '#app/domain/commission-dating'
import { NotFoundError } from '#app/domain/errors'
import { parseForm } from '#app/http/conform.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import * as rules from '#app/models/commission-rule.server'
import { loadPicklists } from '#app/models/list.server'
import {
  commissionChangeFormSchema,
  commissionCreateFormSchema,
  commissionEndFormSchema,
  commissionRowFormSchema,
  commissionViewSchema,
  editAllDateSchema,
  editAllFormSchema,
} from '#app/schemas/commission-rules'
import { parseParams } from '#app/schemas/query'
import { hrefWithParams } from '#app/ui/use-href-with'
import {
  COMMISSIONS_PATH,
  DIALOGS,
  type CommissionDialog,
  type CommissionRuleView,
  type CommissionsData,
} from './commissions-types'

/**
 * MGA Rates (spec 1 §2.9): the rules in force in a year (default, the current year) or on a date,
 * grouped by MGA; the dialogs the URL names (`dialog=new|change|end|unend|delete|history|editAll`),
 * rendered by the server so each works without JavaScript; the forms are the intents below.
 */
export async function loadCommissions({ url }: PageContext): Promise<CommissionsData> {
  const db = getDb()
  const params = url.searchParams
  const view = parseParams(commissionViewSchema, params)
  const today = dayjs().format('YYYY-MM-DD')
  const year = view.year ?? dayjs().year()
  const date = view.date ?? today
  let all: rules.CommissionRuleRow[] = []
  let failed: string | null = null
  try {
    // Every rule (a few hundred at most): a row's actions depend on its whole rule set, not only what shows.
    all = await rules.listCommissionRules(db, {})
  } catch (error) {
    console.error('[commissions] load failed', error)
    failed = M.loadFailed
  }
  const shown = all.filter((rule) =>
    view.view === 'date' ? inForceOn(rule, date) : inForceDuring(rule, `${year}-01-01`, `${year}-12-31`),
  )
  const groups: CommissionsData['groups'] = []
  for (const rule of shown) {
    const row: CommissionRuleView = { ...rule, mostRecent: isMostRecent(rule, all) }
    const group = groups.at(-1)
    if (group && group.mga_id === rule.mga_id) group.rules.push(row)
    else groups.push({ mga_id: rule.mga_id, mga_name: rule.mga_name ?? String(rule.mga_id), rules: [row] })
  }
  const [lists, mgas] = await Promise.all([loadPicklists(db, ['carrier', 'ptype'] as const), rules.mgaChoices(db)])
  return {
    view: view.view,
    year,
    date,
    today,
    groups,
    failed,
    choices: {
      mgas: mgas.map((mga) => ({ value: String(mga.cid), label: mga.sort })),
      carriers: lists.carrier.map((item) => ({ value: item.value, label: item.value })),
      types: lists.ptype.map((item) => item.value),
    },
    dialog: await loadDialog(url, all, today),
  }
}

async function loadDialog(url: URL, all: rules.CommissionRuleRow[], today: string): Promise<CommissionDialog | null> {
  const params = url.searchParams
  const name = params.get('dialog')
  if (!name || !(DIALOGS as readonly string[]).includes(name)) return null
  if (name === 'new') return { name: 'new' }
  if (name === 'editAll') return loadEditAll(params, today)
  const id = Number(params.get('id'))
  const rule = Number.isSafeInteger(id) ? all.find((candidate) => candidate.id === id) : undefined
  if (!rule) return { name: 'missing' }
  const row = { ...rule, mostRecent: isMostRecent(rule, all) }
  if (name === 'history') return { name, rule: row, history: await rules.commissionRuleHistory(getDb(), rule.id) }
  return { name: name as 'change' | 'end' | 'unend' | 'delete', rule: row }
}

/** Edit All: step 1 the date, step 2 the rules kept, step 3 their rates and the new ones (then a POST). */
async function loadEditAll(params: URLSearchParams, today: string): Promise<CommissionDialog> {
  const mgaId = Number(params.get('mga'))
  if (!Number.isSafeInteger(mgaId) || mgaId < 1) return { name: 'missing' }
  const open = await rules.openRulesOf(getDb(), mgaId)
  const mgaName = open[0]?.mga_name ?? String(mgaId)
  const earliest = earliestEffectiveDate(open)
  const requested = Number(params.get('step')) || 1
  const typed = { effective: params.get('effective') ?? '', effective_type: params.get('effective_type') ?? 'incept' }
  const base = {
    name: 'editAll' as const,
    mga_id: mgaId,
    mga_name: mgaName,
    open: open.map((rule) => ({ ...rule, mostRecent: true })),
    earliest,
    values: typed.effective ? typed : { ...typed, effective: earliest && earliest > today ? earliest : today },
  }
  if (requested <= 1) return { ...base, step: 1, result: null }
  const dated = parseForm(new URLSearchParams(typed), { schema: editAllDateSchema })
  const early = dated.status === 'success' && earliest !== null && dated.value.effective < earliest
  if (dated.status !== 'success' || early)
    return {
      ...base,
      step: 1,
      result: early ? dated.reply({ fieldErrors: { effective: [M.date] } }) : dated.reply(),
    }
  const keep = params.getAll('keep').map(Number)
  if (requested === 2) return { ...base, step: 2, keep: params.has('kept') ? keep : open.map((rule) => rule.id) }
  const added = Math.min(20, Math.max(0, Number(params.get('added')) || 0))
  return { ...base, step: 3, keep: open.filter((rule) => keep.includes(rule.id)).map((rule) => rule.id), added }
}

// ── Intents ───────────────────────────────────────────────────────────────────────────────────────────

/** Where a form goes back to: the page's view (from the posted `back`, same path only), without the dialog. */
function backTo(form: FormData): string {
  const back = String(form.get('back') ?? '')
  const url = new URL(back.startsWith(COMMISSIONS_PATH) ? back : COMMISSIONS_PATH, 'http://x')
  if (url.pathname !== COMMISSIONS_PATH) return COMMISSIONS_PATH
  const keep = new URLSearchParams()
  for (const name of ['view', 'year', 'date']) {
    const value = url.searchParams.get(name)
    if (value) keep.set(name, value)
  }
  return hrefWithParams(COMMISSIONS_PATH, keep, {})
}

const done = (form: FormData, action: string) =>
  redirectWithFlash(backTo(form), { message: commissionSuccess(action), kind: 'success' })

/** A rule named by a form that is gone: the dialog's failure (the page shows it above the list). */
async function requireRule(id: number) {
  const rule = await rules.getCommissionRule(getDb(), id)
  if (!rule) throw new NotFoundError(M.failure)
  return rule
}

export const commissionIntents = {
  'commission-create': intent({
    schema: commissionCreateFormSchema,
    handle: async ({ value, user, form }) => {
      await rules.createCommissionRule(getDb(), { ...value, types: value.types }, user.id)
      return done(form, 'created')
    },
  }),
  'commission-change': intent({
    schema: commissionChangeFormSchema,
    handle: async ({ value, user, form }) => {
      await requireRule(value.id)
      await rules.changeCommissionRule(getDb(), value.id, value.version, value, user.id)
      return done(form, 'updated')
    },
  }),
  'commission-end': intent({
    schema: commissionEndFormSchema,
    handle: async ({ value, user, form }) => {
      await rules.setCommissionEnd(getDb(), value.id, value.version, value, user.id)
      return done(form, 'updated')
    },
  }),
  'commission-unend': intent({
    schema: commissionRowFormSchema,
    handle: async ({ value, user, form }) => {
      await rules.setCommissionEnd(getDb(), value.id, value.version, { end_date: null, end_date_type: null }, user.id)
      return done(form, 'updated')
    },
  }),
  'commission-delete': intent({
    schema: commissionRowFormSchema,
    handle: async ({ value, user, form }) => {
      await rules.deleteCommissionRule(getDb(), value.id, value.version, user.id)
      return done(form, 'deleted')
    },
  }),
  'commission-edit-all': intent({
    schema: editAllFormSchema,
    handle: async ({ value, user, form }) => {
      const seen = form
        .getAll('seen')
        .map(Number)
        .filter((id) => Number.isSafeInteger(id) && id > 0)
      await rules.editAllCommissionRules(
        getDb(),
        {
          mgaId: value.mga_id,
          effective: value.effective,
          effectiveType: value.effective_type,
          seen,
          kept: value.kept,
          added: value.added,
        },
        user.id,
      )
      return done(form, 'updated')
    },
  }),
}
