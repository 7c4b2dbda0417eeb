import { describe, expect, it } from 'vitest'
import { COMMISSION_RULE_MESSAGES as M } from '#app/domain/commission-dating'
import { commissionCreateFormSchema, commissionPostSchema, editAllFormSchema } from './commission-rules'

describe('MGA Rates percents (spec 1 §3, §5, §9)', () => {
  it("the form's messages are the spec's, word for word", () => {
    const refused = commissionCreateFormSchema.safeParse({ commission: '101', start_date: '2025-02-30' })
    expect(refused.success).toBe(false)
    const messages = Object.fromEntries(
      (refused.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    )
    expect(messages).toMatchObject({
      commission: M.percent,
      start_date: M.date,
      mga_id: M.required,
      carrier: M.required,
      types: M.required,
    })
    expect([M.percent, M.date, M.required]).toEqual([
      'Must be a valid percentage.',
      'Must be a valid date.',
      'This field is required.',
    ])
  })

  it('the API body carries the fraction; Edit All reads its rows', () => {
    const body = commissionPostSchema.parse({
      mga_id: 3,
      carrier: 'Lloyds',
      types: ['FPL'],
      renewal: true,
      commission: 0.27125,
      start_date: '2025-01-01',
    })
    expect([body.commission, body.renewal, body.start_date_type, body.end_date]).toEqual([
      '0.271250',
      true,
      'incept',
      null,
    ])
    expect(commissionPostSchema.safeParse({ ...body, commission: 1.5 }).success).toBe(false)
    const edit = editAllFormSchema.parse({
      mga_id: '3',
      effective: '2025-01-01',
      kept: [{ id: '5', commission: '30' }],
      added: [{ carrier: 'Markel', types: 'APL', renewal: 'new', commission: '12.5' }],
    })
    expect(edit.kept).toEqual([{ id: 5, commission: '0.300000' }])
    expect(edit.added[0]).toMatchObject({ types: ['APL'], renewal: false, commission: '0.125000' })
  })
})
