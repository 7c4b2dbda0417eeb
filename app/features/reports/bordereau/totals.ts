import type { PolicyTotals } from '#app/models/bordereau.server'

/** The policies' totals as the cells of a totals row: gross under gross, retained under the commission, remitted under the net. */
export function policyTotalsCells(totals: PolicyTotals): { label: string; cells: Record<string, string> } {
  return {
    label: 'Totals',
    cells: { gross: totals.totalgross, totalcommission: totals.totaldominion, miller: totals.totalmiller },
  }
}
