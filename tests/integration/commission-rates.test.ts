import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { changeLog, commissionRules, contacts, policies } from '#app/db/schema'
import { COMMISSION_RULE_MESSAGES as M } from '#app/domain/commission-dating'
import { DomainError } from '#app/domain/errors'
import {
  changeCommissionRule,
  commissionRuleHistory,
  createCommissionRule,
  deleteCommissionRule,
  editAllCommissionRules,
  getCommissionRule,
  openRulesOf,
  setCommissionEnd,
  type NewRule,
} from '#app/models/commission-rule.server'
import { commissionStep } from '#app/features/policies/commission-steps.server'
import { getPolicy, type PolicyRow } from '#app/models/policy.server'
import * as commissionsRoute from '#app/routes/_app.manage.commissions'
import { seededPolicy, testDb } from './db'
import { cookieFor, get, post } from './route-calls'

const TODAY = '2025-06-15'

async function cidOf(sort: string) {
  const [row] = await testDb().select({ cid: contacts.cid }).from(contacts).where(eq(contacts.sort, sort))
  return row.cid
}

/** A new MGA contact of its own, so each test's rules are its own. */
async function newMga(sort: string) {
  const [row] = await testDb()
    .insert(contacts)
    .values({ name1: `${sort} Underwriters`, sort, type: '~MGA' })
    .returning({ cid: contacts.cid })
  return row.cid
}

const rule = (mga_id: number, overrides: Partial<NewRule> = {}): NewRule => ({
  mga_id,
  carrier: 'Lloyds',
  types: ['FPL'],
  renewal: null,
  condition: null,
  commission: '0.250000',
  start_date: '2022-01-01',
  start_date_type: 'incept',
  end_date: null,
  end_date_type: null,
  ...overrides,
})
/** A rule of the MGA's own, made in the model (as the page's Create does). */
const addRule = (mga_id: number, overrides: Partial<NewRule> = {}) =>
  createCommissionRule(testDb(), rule(mga_id, overrides), null)
/** Edit All of an MGA's rules, effective at inception on 1 January 2025: the rules seen, kept and added. */
const editAllOn2025 = (
  mgaId: number,
  rows: Omit<Parameters<typeof editAllCommissionRules>[1], 'mgaId' | 'effective' | 'effectiveType'>,
) => editAllCommissionRules(testDb(), { mgaId, effective: '2025-01-01', effectiveType: 'incept', ...rows }, null)
/** A change of a rule on the version read: the current one ends on the new start, a new one begins. */
const changeRule = (current: { id: number; version: number }, changes: Parameters<typeof changeCommissionRule>[3]) =>
  changeCommissionRule(testDb(), current.id, current.version, changes, null)

async function rulesOfMga(mgaId: number) {
  return testDb().select().from(commissionRules).where(eq(commissionRules.mga_id, mgaId)).orderBy(commissionRules.id)
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof DomainError) return error
    throw error
  }
  throw new Error('not refused')
}

describe('MGA commission rules: effective dating in the model', () => {
  it('a change ends the current rule on the new start and adds a new one; delete restores the previous one', async () => {
    const mga = await newMga('DATING')
    const first = await addRule(mga)
    const { ended, created } = await changeRule(first, {
      commission: '0.271250',
      start_date: '2024-01-01',
      start_date_type: 'incept',
    })
    expect([ended.end_date, ended.end_date_type]).toEqual(['2024-01-01', 'incept'])
    expect([created.commission, created.start_date, created.end_date]).toEqual(['0.271250', '2024-01-01', null])
    // Remove end date on the older rule: not the most recent of its set (spec 1 §8, INVALID_PARAMS).
    const older = await refusal(
      setCommissionEnd(testDb(), first.id, undefined, { end_date: null, end_date_type: null }, null),
    )
    expect([older.status, older.message]).toEqual([400, M.notMostRecent])
    const { restored } = await deleteCommissionRule(testDb(), created.id, created.version, null)
    expect(restored?.id).toBe(first.id)
    expect((await getCommissionRule(testDb(), first.id))?.end_date).toBeNull()
    // Every write is in the change log: create, end, create, delete, restore.
    const history = await commissionRuleHistory(testDb(), first.id)
    expect(history.map((entry) => entry.action)).toEqual(['update', 'update', 'create'])
  })

  it('a second current rule of one set is refused: a new rate of a set is a change', async () => {
    const mga = await newMga('TWICE')
    await addRule(mga)
    const twice = await refusal(addRule(mga, { types: ['FPL'] }))
    expect([twice.status, twice.message]).toEqual([409, M.failure])
  })

  it('a rate change never rewrites the commissions a policy already holds', async () => {
    const policy = await seededPolicy(sql`${policies.mgacom} IS NOT NULL`)
    const mga = policy.mgaid!
    const open = await openRulesOf(testDb(), mga)
    const target = open[0]
    await changeRule(target, { commission: '0.990000', start_date: '2030-01-01', start_date_type: 'incept' })
    const after = await getPolicy(testDb(), policy.pid)
    expect([after?.mgacom, after?.version]).toEqual([policy.mgacom, policy.version])
  })
})

describe('Edit All: one transaction', () => {
  it('ends the rules not kept, changes the kept ones and adds the new ones, all at once', async () => {
    const mga = await newMga('EDITALL')
    const a = await addRule(mga)
    const b = await addRule(mga, { carrier: 'Markel' })
    const c = await addRule(mga, { carrier: 'Evanston', commission: '0.150000' })
    const result = await editAllOn2025(mga, {
      seen: [a.id, b.id, c.id],
      kept: [
        { id: a.id, commission: '0.300000' },
        { id: c.id, commission: '0.150000' },
      ],
      added: [{ carrier: 'Scottsdale', types: ['APL'], renewal: false, condition: null, commission: '0.125000' }],
    })
    expect(result).toEqual({ ended: 1, changed: 1, added: 1 })
    const rows = await rulesOfMga(mga)
    const open = rows.filter((row) => row.end_date === null)
    expect(open.map((row) => [row.carrier, row.commission, row.start_date]).sort()).toEqual(
      [
        ['Evanston', '0.150000', '2022-01-01'],
        ['Lloyds', '0.300000', '2025-01-01'],
        ['Scottsdale', '0.125000', '2025-01-01'],
      ].sort(),
    )
    expect(rows.find((row) => row.id === b.id)?.end_date).toBe('2025-01-01')
    expect(rows.find((row) => row.id === a.id)?.end_date).toBe('2025-01-01')
  })

  it('a failure midway (the second new rate refused by the database) leaves nothing changed', async () => {
    const mga = await newMga('MIDWAY')
    const a = await addRule(mga)
    const b = await addRule(mga, { carrier: 'Markel' })
    const before = await rulesOfMga(mga)
    const [logBefore] = await testDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(changeLog)
    await expect(
      editAllOn2025(mga, {
        seen: [a.id, b.id],
        kept: [{ id: a.id, commission: '0.300000' }],
        added: [
          { carrier: 'Scottsdale', types: ['APL'], renewal: null, condition: null, commission: '0.100000' },
          // Over 100 %: the CHECK constraint refuses it after the other rows were written.
          { carrier: 'Evanston', types: ['APL'], renewal: null, condition: null, commission: '2.000000' },
        ],
      }),
    ).rejects.toThrow()
    expect(await rulesOfMga(mga)).toEqual(before)
    const [logAfter] = await testDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(changeLog)
    expect(logAfter.n).toBe(logBefore.n)
  })

  it('two administrators saving at once: one wins, the other gets the spec message and changes nothing', async () => {
    const mga = await newMga('RACE')
    const a = await addRule(mga)
    const b = await addRule(mga, { carrier: 'Markel' })
    const edit = (commission: string) =>
      editAllOn2025(mga, { seen: [a.id, b.id], kept: [{ id: a.id, commission }], added: [] })
    const outcomes = await Promise.allSettled([edit('0.310000'), edit('0.320000')])
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled')
    const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
    expect([won.length, lost.length]).toEqual([1, 1])
    expect(lost[0].reason).toBeInstanceOf(DomainError)
    expect([(lost[0].reason as DomainError).status, (lost[0].reason as DomainError).message]).toEqual([409, M.failure])
    const open = (await rulesOfMga(mga)).filter((row) => row.end_date === null)
    expect(open).toHaveLength(1)
  })

  it('two changes of one rule at once: one wins, the other the spec message', async () => {
    const mga = await newMga('RACE2')
    const a = await addRule(mga)
    const change = (commission: string) =>
      changeRule(a, { commission, start_date: '2025-01-01', start_date_type: 'incept' })
    const outcomes = await Promise.allSettled([change('0.310000'), change('0.320000')])
    const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
    expect(lost).toHaveLength(1)
    expect((lost[0].reason as DomainError).message).toBe(M.failure)
    expect((await rulesOfMga(mga)).filter((row) => row.end_date === null)).toHaveLength(1)
  })
})

describe('the MGA Rates page and its forms', () => {
  it('lists a year grouped by MGA; Edit All steps by URL; a change posted as a form (no JavaScript)', async () => {
    const cookie = await cookieFor('admin')
    const page = await get(commissionsRoute, cookie, '/manage/commissions?year=2024')
    expect(page.status).toBe(200)
    const groups = page.body.groups as { mga_name: string; rules: { id: number; commission: string }[] }[]
    expect(groups.map((group) => group.mga_name)).toContain('SUMMIT')
    const mga = await newMga('PAGE')
    const created = await addRule(mga)
    const step3 = await get(
      commissionsRoute,
      cookie,
      `/manage/commissions?dialog=editAll&mga=${mga}&step=3&effective=2025-01-01&effective_type=incept&kept=1&keep=${created.id}`,
    )
    expect((step3.body.dialog as { step: number }).step).toBe(3)
    const early = await get(
      commissionsRoute,
      cookie,
      `/manage/commissions?dialog=editAll&mga=${mga}&step=2&effective=2021-01-01`,
    )
    expect((early.body.dialog as { step: number }).step).toBe(1)
    const posted = await post(
      commissionsRoute,
      cookie,
      '/manage/commissions',
      {},
      {
        intent: 'commission-change',
        id: String(created.id),
        version: String(created.version),
        commission: '27.125',
        start_date: '2025-02-01',
        start_date_type: 'incept',
        back: '/manage/commissions?view=date&date=2025-03-01&dialog=change',
      },
    )
    expect([posted.status, posted.body]).toEqual([302, {}])
    expect(posted.location).toBe('/manage/commissions?view=date&date=2025-03-01')
    expect(posted.flash?.message).toBe('Commission successfully updated.')
    const open = (await rulesOfMga(mga)).filter((row) => row.end_date === null)
    expect(open.map((row) => row.commission)).toEqual(['0.271250'])
    const stale = await post(
      commissionsRoute,
      cookie,
      '/manage/commissions',
      {},
      {
        intent: 'commission-delete',
        id: String(created.id),
        version: String(created.version),
      },
    )
    expect([stale.status, stale.body.error]).toEqual([409, M.failure])
    const badPercent = await post(
      commissionsRoute,
      cookie,
      '/manage/commissions',
      {},
      {
        intent: 'commission-create',
        mga_id: String(mga),
        carrier: 'Markel',
        types: 'FPL',
        commission: '101',
        start_date: '2025-13-01',
      },
    )
    expect(badPercent.status).toBe(400)
    const errors = (badPercent.body.result as { error: Record<string, string[]> }).error
    expect([errors.commission, errors.start_date]).toEqual([[M.percent], [M.date]])
  })

  it('refuses the page and its forms without mgacommission-manage', async () => {
    const cookie = await cookieFor('mkent')
    const page = await get(commissionsRoute, cookie, '/manage/commissions')
    expect([302, 403]).toContain(page.status)
  })
})

describe('the commission dialog with real rates (issue 24 item 7)', () => {
  /** The commission dialog's step for a policy with these changes, on TODAY. */
  const stepFor = async (changes: Partial<PolicyRow>) =>
    commissionStep(testDb(), await policyWith(changes), TODAY, null)

  async function policyWith(changes: Partial<PolicyRow>): Promise<PolicyRow> {
    const [row] = await testDb().select().from(policies).limit(1)
    return {
      ...row,
      incept: '2025-03-01',
      expiry: '2026-03-01',
      quoted: '2025-02-01',
      booked: '2025-02-20',
      bound: '2025-02-18',
      prodname: 'mkent',
      spnid: null,
      ...changes,
    }
  }

  it('step 3 proposes a 3-decimal percent from MGA Rates as Save will store it', async () => {
    const mga = await newMga('SAVEDAS')
    await addRule(mga, { types: ['CYB'], commission: '0.271250' })
    const step = await stepFor({ mgaid: mga, carrier: 'Lloyds', type: 'CYB', is_new: 'New' })
    expect(step.step).toBe(3)
    if (step.step !== 3) return
    expect([step.rule?.commission, step.rates.mgacom, step.sources.mgacom]).toEqual(['0.271250', '27.13', 'rule'])
  })

  it('a policy with no placement matches only the all-placement rules', async () => {
    const mga = await newMga('NOPLACE')
    await addRule(mga, { types: ['IAEO'], renewal: false, commission: '0.225000' })
    await addRule(mga, { types: ['IAEO'], renewal: true, commission: '0.200000' })
    const base = { mgaid: mga, carrier: 'Lloyds', type: 'IAEO', mgacom: null }
    const none = await stepFor({ ...base, is_new: null })
    expect(none.step === 3 && [none.rule, none.message]).toEqual([
      null,
      'No matching commissions were found. Please contact accounting or provide commissions by hand.',
    ])
    await addRule(mga, { types: ['IAEO'], renewal: null, commission: '0.210000' })
    const all = await stepFor({ ...base, is_new: '' })
    expect(all.step === 3 && all.rates.mgacom).toBe('21')
  })

  it('no rule for the carrier: the rate the policy holds is shown as its own, never as a found rule', async () => {
    const mga = await newMga('NORULE')
    await addRule(mga, { commission: '0.250000' })
    const step = await stepFor({ mgaid: mga, carrier: 'Markel', type: 'FPL', is_new: 'New', mgacom: '0.250000' })
    expect(step.step).toBe(3)
    if (step.step !== 3) return
    expect([step.rule, step.sources.mgacom, step.rates.mgacom]).toEqual([null, 'policy', '25'])
    expect(step.message).toBe(
      'No matching commissions were found. Please contact accounting or provide commissions by hand.',
    )
  })

  it('step 3 names whom each rate pays: the MGA and the billing MGA of MGA Billing', async () => {
    const keystone = await cidOf('KEYSTONE')
    const step = await stepFor({ mgaid: keystone, carrier: 'Lloyds', type: 'LPL', is_new: 'New' })
    expect(step.step).toBe(3)
    if (step.step !== 3) return
    expect([step.payees.mgacom.mga?.sort, step.payees.mgacom.billing?.sort]).toEqual(['KEYSTONE', 'SUMMIT'])
    expect(step.payees.procom.producer).toBe('mkent')
  })
})

// The change log holds who changed each rule (the History dialog reads it).
describe('history', () => {
  it('each write of a rule is one line with its values before and after', async () => {
    const mga = await newMga('HIST')
    const created = await addRule(mga)
    await setCommissionEnd(
      testDb(),
      created.id,
      created.version,
      { end_date: '2026-01-01', end_date_type: 'expiry' },
      null,
    )
    const lines = await testDb()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'commission_rule'), eq(changeLog.entityId, String(created.id))))
    expect(lines).toHaveLength(2)
    const history = await commissionRuleHistory(testDb(), created.id)
    expect(history[0].changes.map((change) => change.field).sort()).toEqual(['end_date', 'end_date_type'])
  })
})
