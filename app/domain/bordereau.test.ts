import { describe, expect, it } from 'vitest'
import * as bordereau from './bordereau'

describe('neutraliseCell', () => {
  it('prefixes a cell a spreadsheet would read as a formula', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(bordereau.neutraliseCell(text)).toBe(`'${text}`)
    for (const text of ['plain', '', ' =x', "'quoted", 'a=b']) expect(bordereau.neutraliseCell(text)).toBe(text)
  })

  it('leaves numbers the bordereau writes as numbers, neutralises text anywhere', () => {
    expect(bordereau.downloadCell('money', '-12.50')).toBe('-12.50')
    expect(bordereau.downloadCell('percent', '25.0000')).toBe('25.0000')
    expect(bordereau.downloadCell('money', '=1+2')).toBe("'=1+2")
    expect(bordereau.downloadCell('date', '2026-01-05')).toBe('2026-01-05')
    expect(bordereau.downloadCell('date', '-2026')).toBe("'-2026")
    expect(bordereau.downloadCell('text', '-LL26-1')).toBe("'-LL26-1")
    expect(bordereau.downloadCell('text', null)).toBe('')
  })
})

describe('the columns', () => {
  it('are the spec rows, in order, the larger text ones only when asked for', () => {
    expect(bordereau.POLICY_COLUMNS[0]!.key).toBe('uniquemarketnum')
    expect(bordereau.POLICY_COLUMNS.map((c) => c.key)).toHaveLength(37)
    expect(bordereau.CLAIM_COLUMNS.map((c) => c.key)).toContain('total_incurred')
    expect(bordereau.bordereauColumns('policies', false).map((c) => c.key)).not.toContain('forms')
    expect(bordereau.bordereauColumns('claims', false).map((c) => c.key)).not.toContain('summary_of_claim')
    expect(bordereau.bordereauColumns('claims', true).map((c) => c.key)).toContain('summary_of_claim')
  })

  it('limits and deductibles read as amounts', () => {
    expect(bordereau.splitLimits('1,000,000/2,000,000')).toEqual({ claim: '1000000', aggregate: '2000000' })
    expect(bordereau.splitLimits('500,000')).toEqual({ claim: '500000', aggregate: '500000' })
    expect(bordereau.splitLimits(null)).toEqual({ claim: null, aggregate: null })
    expect(bordereau.deductibleAmount('5,000')).toBe('5000')
    expect(bordereau.deductibleAmount('')).toBeNull()
  })
})

describe("the Lloyd's layout", () => {
  it('maps only columns the rows hold, and leaves the unheld ones empty', () => {
    const policyKeys = new Set<string>(bordereau.POLICY_COLUMNS.map((c) => c.key))
    const claimKeys = new Set<string>(bordereau.CLAIM_COLUMNS.map((c) => c.key))
    for (const column of bordereau.LLOYDS_PREMIUM_COLUMNS)
      if (column.source && 'row' in column.source) expect(policyKeys).toContain(column.source.row)
    for (const column of bordereau.LLOYDS_CLAIM_COLUMNS)
      if (column.source && 'row' in column.source) expect(claimKeys).toContain(column.source.row)
    expect(new Set(bordereau.LLOYDS_PREMIUM_COLUMNS.map((c) => c.name)).size).toBe(
      bordereau.LLOYDS_PREMIUM_COLUMNS.length,
    )
  })

  it('fills a row from the bordereau row and the heading', () => {
    const cells = bordereau.lloydsRow(
      'policies',
      { uniquemarketnum: 'B0123XY2026', polnum: 'P-1', gross: '100.00' },
      { coverholder: 'Summit', periodStart: '2026-03-01', periodEnd: '2026-03-31' },
    )
    const at = (name: string) => cells[bordereau.LLOYDS_PREMIUM_COLUMNS.findIndex((c) => c.name === name)]
    expect(at('Coverholder Name')).toBe('Summit')
    expect(at('Unique Market Reference (UMR)')).toBe('B0123XY2026')
    expect(at('Certificate Ref')).toBe('P-1')
    expect(at('Reporting Period Start Date')).toBe('2026-03-01')
    expect(at('Insured Country')).toBeNull()
  })
})
