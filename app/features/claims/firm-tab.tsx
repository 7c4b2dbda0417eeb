import { Anchor, Button, Group, Stack, Text } from '#app/ui/core'
import { Form } from '@remix-run/react'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { CLAIM_POPUP, openPopup } from '#app/ui/popup'
import { formatDisplayDate } from '#app/domain/dates'
import { FIRM_CLAIMS_PAGE_SIZES, formatMoney } from '#app/domain/claims'
import type { FirmClaimRow, FirmClaimTotals } from '#app/models/claim.server'
import type { FirmClaimsTabData } from './firm-tab.server'

type Row = Omit<FirmClaimRow, never>

type TotalRow = Omit<FirmClaimTotals['years'][number], 'year'> & { key: string; label: string }

/** One row per claim year, then the firm's total with the span of its claim dates. */
function totalRows(totals: FirmClaimTotals): TotalRow[] {
  const { first, last, ...total } = totals.total
  return [
    ...totals.years.map(({ year, ...sums }) => ({ ...sums, key: String(year), label: String(year) })),
    { ...total, key: 'total', label: `Total ${first ? `(${formatDisplayDate(first)} – ${formatDisplayDate(last)})` : ''}`.trim() },
  ]
}

const TOTAL_COLUMNS: readonly DataColumn<TotalRow>[] = [
  { key: 'label', label: 'Claim Year', rowHeader: true, nowrap: true },
  { key: 'claims', label: 'Claims' },
  { key: 'monitor', label: 'Monitor', money: true, render: (row) => formatMoney(row.monitor) },
  { key: 'defense', label: 'Defense', money: true, render: (row) => formatMoney(row.defense) },
  { key: 'damages', label: 'Damages', money: true, render: (row) => formatMoney(row.damages) },
  { key: 'total', label: 'Total', money: true, render: (row) => formatMoney(row.total) },
]

/**
 * The firm's Claims tab (spec 2 §2.2): actions, claim id, claimant, claim date, type, status,
 * monitor, defense and damages, read-only totals (GET /api/firms/totals/{id}: a claim with no claim
 * date counts as today), and Create for claim-edit, which opens the new claim.
 */
export default function FirmClaimsTab({ fid, claims }: { fid: number; claims: FirmClaimsTabData }) {
  const columns: DataColumn<Row>[] = [
    {
      key: 'actions',
      label: 'Actions',
      nowrap: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          {claims.can.create ? (
            <Anchor href={`/editClaim/${row.clid}`} target="_blank" aria-label={`Edit claim ${row.clid}`} title="Edit" onClick={(event) => openPopup(event, CLAIM_POPUP)}>
              ✎
            </Anchor>
          ) : null}
          <Anchor href={`/viewClaim/${row.clid}`} target="_blank" size="sm" aria-label={`Print or view claim ${row.clid}`} title="Print/View" onClick={(event) => openPopup(event, CLAIM_POPUP)}>
            View
          </Anchor>
        </Group>
      ),
    },
    { key: 'clid', label: 'Claim ID', nowrap: true },
    { key: 'claimant', label: 'Claimant' },
    { key: 'claim', label: 'Claim Date', nowrap: true, render: (row) => formatDisplayDate(row.claim) },
    { key: 'type', label: 'Type' },
    { key: 'status', label: 'Status' },
    { key: 'monitor', label: 'Monitor', money: true, render: (row) => formatMoney(row.monitor) },
    { key: 'defense', label: 'Defense', money: true, render: (row) => formatMoney(row.defense) },
    { key: 'damages', label: 'Damages', money: true, render: (row) => formatMoney(row.damages) },
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
        paging={{ page: claims.page, perPage: claims.perPage, count: claims.count, pageSizes: FIRM_CLAIMS_PAGE_SIZES }}
        params={{ page: 'cpage', size: 'csize' }}
        empty="This firm has no claims."
      />
      <DataTable label="Claim totals" columns={TOTAL_COLUMNS} rows={totalRows(totals)} rowKey={(row) => row.key} rowProps={(row) => (row.key === 'total' ? { className: 'data-table-total' } : {})} fit />
    </Stack>
  )
}
