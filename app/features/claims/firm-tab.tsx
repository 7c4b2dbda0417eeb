import { Button, Group, Stack, Text } from '#app/ui/core'
import { Form } from '@remix-run/react'
import { actionsColumn, DataTable, type DataColumn } from '#app/ui/data-table'
import { useTip } from '#app/ui/tips'
import { formatDisplayDate } from '#app/domain/dates'
import { FIRM_CLAIMS_PAGE_SIZES, formatMoney } from '#app/domain/claims'
import type { FirmClaimRow, FirmClaimTotals } from '#app/models/claim.server'
import type { FirmClaimsTabData } from './firm-tab.server'
import { claimActions } from './claim-cells'

type Row = Omit<FirmClaimRow, never>

type TotalRow = Omit<FirmClaimTotals['years'][number], 'year'> & { key: string; label: string }

/** One row per claim year, then the firm's total with the span of its claim dates. */
function totalRows(totals: FirmClaimTotals): TotalRow[] {
  const { first, last, ...total } = totals.total
  return [
    ...totals.years.map(({ year, ...sums }) => ({ ...sums, key: String(year), label: String(year) })),
    {
      ...total,
      key: 'total',
      label: `Total ${first ? `(${formatDisplayDate(first)} – ${formatDisplayDate(last)})` : ''}`.trim(),
    },
  ]
}

type Amount = 'monitor' | 'defense' | 'damages' | 'total'
const AMOUNT_LABELS: Record<Amount, string> = {
  monitor: 'Monitor',
  defense: 'Defense',
  damages: 'Damages',
  total: 'Total',
}

/** Money columns of the claims list and of its totals. */
function amountColumns<R extends { [K in A]: string | number | null }, A extends Amount>(
  keys: readonly A[],
): DataColumn<R>[] {
  return keys.map((key) => ({ key, label: AMOUNT_LABELS[key], money: true, html: (row: R) => formatMoney(row[key]) }))
}

const TOTAL_COLUMNS: readonly DataColumn<TotalRow>[] = [
  { key: 'label', label: 'Claim Year', rowHeader: true, nowrap: true },
  { key: 'claims', label: 'Claims' },
  ...amountColumns<TotalRow, Amount>(['monitor', 'defense', 'damages', 'total']),
]

/**
 * The firm's Claims tab (spec 2 §2.2): actions, claim id, claimant, claim date, type, status,
 * monitor, defense and damages, read-only totals (GET /api/firms/totals/{id}: a claim with no claim
 * date counts as today), and Create for claim-edit, which opens the new claim.
 */
export default function FirmClaimsTab({ fid, claims }: { fid: number; claims: FirmClaimsTabData }) {
  const tip = useTip()
  const columns: DataColumn<Row>[] = [
    actionsColumn((row) => claimActions(row.clid, claims.can.create, tip)),
    { key: 'clid', label: 'Claim ID', nowrap: true },
    { key: 'claimant', label: 'Claimant' },
    { key: 'claim', label: 'Claim Date', nowrap: true, html: (row) => formatDisplayDate(row.claim) },
    { key: 'type', label: 'Type' },
    { key: 'status', label: 'Status' },
    ...amountColumns<Row, 'monitor' | 'defense' | 'damages'>(['monitor', 'defense', 'damages']),
  ]
  const { totals } = claims
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Claims
        </Text>
        {claims.can.create ? (
          <Form method="post" action="/search/claims/editClaim" target="_blank" reloadDocument>
            <input type="hidden" name="fid" value={fid} />
            <Button type="submit" size="xs">
              Create
            </Button>
          </Form>
        ) : null}
      </Group>
      <DataTable
        label="Firm claims"
        columns={columns}
        rows={claims.result}
        rowKey={(row) => row.clid}
        // What the cells read besides the row: the create right (the actions), tooltips.
        markupDeps={[claims.can.create, tip]}
        paging={{ page: claims.page, perPage: claims.perPage, count: claims.count, pageSizes: FIRM_CLAIMS_PAGE_SIZES }}
        params={{ page: 'cpage', size: 'csize' }}
        empty="This firm has no claims."
      />
      <DataTable
        label="Claim totals"
        columns={TOTAL_COLUMNS}
        rows={totalRows(totals)}
        rowKey={(row) => row.key}
        rowAttrs={(row) => ({ class: row.key === 'total' ? 'data-table-total' : undefined })}
        fit
      />
    </Stack>
  )
}
