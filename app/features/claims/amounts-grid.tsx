import type { ReactNode } from 'react'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { BUCKETS, type MoneyField } from '#app/domain/claims'

type Bucket = (typeof BUCKETS)[number]
const PARTS = [
  { part: 'reserve', label: 'Reserve' },
  { part: 'incurred', label: 'Incurred' },
  { part: 'current', label: 'Current' },
] as const
const DEDUCTIBLE = [
  { field: 'deductible', label: 'Deductible' },
  { field: 'paid_ded', label: 'Paid Deductible' },
] as const

/**
 * A claim's amounts (spec 3 §2.2–2.3) as two grids on the shared table: reserve, incurred, current and
 * remaining for monitor, defense and damages, then deductible and paid deductible. The editor fills
 * the cells with inputs, the printed view with figures; `label` names each amount ("Defense Reserve").
 */
export function AmountsGrid({
  cell,
  remaining,
}: {
  cell: (field: MoneyField, label: string) => ReactNode
  remaining: (bucket: Bucket) => string
}) {
  const columns: DataColumn<Bucket>[] = [
    { key: 'label', label: 'Bucket', rowHeader: true },
    ...PARTS.map(({ part, label }) => ({
      key: part,
      label,
      money: true,
      render: (bucket: Bucket) => cell(bucket[part], `${bucket.label} ${label}`),
    })),
    {
      key: 'remaining',
      label: 'Remaining',
      money: true,
      render: remaining,
      cellProps: (bucket) => ({ 'aria-label': `${bucket.label} Remaining` }),
    },
  ]
  const deductibleColumns: DataColumn<'deductible'>[] = DEDUCTIBLE.map(({ field, label }) => ({
    key: field,
    label,
    money: true,
    render: () => cell(field, label),
  }))
  return (
    <>
      <DataTable label="Amounts" columns={columns} rows={BUCKETS} rowKey={(bucket) => bucket.key} fit />
      <div className="claim-amounts-deductible">
        <DataTable label="Deductible" columns={deductibleColumns} rows={['deductible']} rowKey={(row) => row} fit />
      </div>
    </>
  )
}
