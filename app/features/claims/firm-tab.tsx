import { Anchor, Button, Group, Stack, Text } from '@mantine/core'
import { Form } from '@remix-run/react'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { CLAIM_POPUP, openPopup } from '#app/ui/popup'
import { formatDisplayDate } from '#app/domain/dates'
import { FIRM_CLAIMS_PAGE_SIZES, formatMoney } from '#app/domain/claims'
import type { FirmClaimRow } from '#app/models/claim.server'
import type { FirmClaimsTabData } from './firm-tab.server'

type Row = Omit<FirmClaimRow, never>

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
    { key: 'monitor', label: 'Monitor', nowrap: true, render: (row) => formatMoney(row.monitor) },
    { key: 'defense', label: 'Defense', nowrap: true, render: (row) => formatMoney(row.defense) },
    { key: 'damages', label: 'Damages', nowrap: true, render: (row) => formatMoney(row.damages) },
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
      <table className="data-table data-table-dense" aria-label="Claim totals" style={{ width: 'auto' }}>
        <thead>
          <tr>
            <th scope="col">Claim Year</th>
            <th scope="col">Claims</th>
            <th scope="col">Monitor</th>
            <th scope="col">Defense</th>
            <th scope="col">Damages</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {totals.years.map((year) => (
            <tr key={year.year}>
              <td>{year.year}</td>
              <td>{year.claims}</td>
              <td className="nowrap">{formatMoney(year.monitor)}</td>
              <td className="nowrap">{formatMoney(year.defense)}</td>
              <td className="nowrap">{formatMoney(year.damages)}</td>
              <td className="nowrap">{formatMoney(year.total)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">
              Total {totals.total.first ? `(${formatDisplayDate(totals.total.first)} – ${formatDisplayDate(totals.total.last)})` : ''}
            </th>
            <td>{totals.total.claims}</td>
            <td className="nowrap">{formatMoney(totals.total.monitor)}</td>
            <td className="nowrap">{formatMoney(totals.total.defense)}</td>
            <td className="nowrap">{formatMoney(totals.total.damages)}</td>
            <td className="nowrap">{formatMoney(totals.total.total)}</td>
          </tr>
        </tbody>
      </table>
    </Stack>
  )
}
