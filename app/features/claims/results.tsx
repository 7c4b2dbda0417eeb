import { Alert, Text } from '#app/ui/core'
import { actionsColumn, DataTable, type DataColumn } from '#app/ui/data-table'
import { attrs, html, type HtmlValue } from '#app/ui/html'
import { InfoDialog, useDialogParam } from '#app/ui/info-dialog'
import { useTip } from '#app/ui/tips'
import { withParam } from '#app/ui/use-href-with'
import { formatDisplayDate } from '#app/domain/dates'
import { MONEY_FIELDS, PAGE_SIZES, fieldOf, formatMoney, insuitLabel } from '#app/domain/claims'
import { htmlAsLine } from '#app/domain/html-line'
import type { ClaimRow } from '#app/models/claim.server'
import type { ClaimsSearchData } from './search.server'
import { claimActions } from './claim-cells'

const LONG_TEXT = new Set(['facts', 'note'])
const EXCERPT = 60
const MONEY = new Set<string>([...MONEY_FIELDS, 'est_size'])

interface AggregateRow {
  kind: 'sum' | 'max' | 'min'
  label: string
}
const AGGREGATE_ROWS: readonly AggregateRow[] = [
  { kind: 'sum', label: 'Total' },
  { kind: 'max', label: 'Largest' },
  { kind: 'min', label: 'Smallest' },
]

/** The results (spec 3 §2.1): Total Records, the table with its row actions, totals, and the full-text dialog. */
export function ClaimResults({ data }: { data: ClaimsSearchData }) {
  const tip = useTip()
  const fullDialog = useDialogParam('full')
  const { state } = data
  if (state.kind === 'invalid') {
    return (
      <Alert color="red" role="alert">
        {state.message}
      </Alert>
    )
  }
  if (state.kind === 'empty') {
    return state.message ? (
      <Alert color="yellow" role="alert">
        {state.message}
      </Alert>
    ) : (
      <Text size="sm" c="dimmed">
        Fill in a search field or choose columns, then Search.
      </Text>
    )
  }
  const { page } = state
  // Rows as markup (pages of up to 500 claims); the excerpt links open the full-text dialog in place.
  const fullBase = fullDialog.closeHref
  const fullTip = tip('Show the full text')
  const cell = (row: ClaimRow, key: string): HtmlValue => {
    const value = row[key]
    if (value === null || value === undefined) return ''
    if (MONEY.has(key)) return formatMoney(value)
    if (fieldOf(key)?.kind === 'date') return formatDisplayDate(String(value))
    if (key === 'insuit') return insuitLabel(String(value))
    if (LONG_TEXT.has(key)) {
      const text = htmlAsLine(String(value))
      if (text.length <= EXCERPT) return text
      return html`<a${attrs({ href: withParam(fullBase, 'full', `${row.clid}:${key}`), 'data-nav': true, title: fullTip })}>${text.slice(0, EXCERPT)}…</a>`
    }
    return String(value)
  }
  const columns: DataColumn<ClaimRow>[] = [
    actionsColumn((row) => claimActions(row.clid, data.can.edit, tip)),
    ...data.columns.map(({ key, label }) => ({
      key,
      label,
      sortable: true,
      nowrap: key === 'clid' || fieldOf(key)?.kind === 'date',
      money: MONEY.has(key),
      html: (row: ClaimRow) => cell(row, key),
    })),
  ]
  const moneyShown = data.columns.filter((column) => (MONEY_FIELDS as readonly string[]).includes(column.key))
  return (
    <div>
      <Text fw={600} size="sm" mb={4} role="status">
        Total Records: {page.count}
        {page.more ? '+' : ''}
      </Text>
      {state.message ? (
        <Alert color="yellow" role="alert" mb="xs">
          {state.message}
        </Alert>
      ) : null}
      {page.count > 0 ? (
        <DataTable
          label="Claims"
          columns={columns}
          rows={page.result}
          rowKey={(row) => row.clid}
          // What the cells read besides the row: the edit right, the full-text dialog's address, tooltips.
          markupDeps={[data.can.edit, fullBase, tip]}
          paging={{ page: data.paging.page, perPage: data.paging.perPage, count: page.count, pageSizes: PAGE_SIZES }}
          sort={{ by: data.paging.sortBy, desc: data.paging.sortDesc }}
        />
      ) : null}
      {page.aggregates && moneyShown.length && page.count > 0 ? (
        <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
          <DataTable
            label="Totals of all matching claims"
            fit
            columns={[
              { key: 'label', label: `All ${page.count} matches`, rowHeader: true },
              ...moneyShown.map(({ key, label }) => ({
                key,
                label,
                money: true,
                html: (row: AggregateRow) => formatMoney(page.aggregates![`${row.kind}${key}`]),
              })),
            ]}
            rows={AGGREGATE_ROWS}
            rowKey={(row) => row.kind}
          />
        </div>
      ) : null}
      {data.full ? (
        <InfoDialog
          title={`Claim ${data.full.clid}: ${data.full.label}`}
          closeHref={fullDialog.closeHref}
          onClose={fullDialog.close}
        >
          <div className="rendered-html" dangerouslySetInnerHTML={{ __html: data.full.html }} />
        </InfoDialog>
      ) : null}
    </div>
  )
}
