import { Button, Group, Stack } from '#app/ui/core'
import { LinkButton } from '#app/ui/link-button'
import { useNavigate } from '@remix-run/react'
import { DataTable, type DataColumn, actionsColumn, popupLink } from '#app/ui/data-table'
import { type MouseEvent } from 'react'
import { attrs, html, type Html } from '#app/ui/html'
import { formatDecimalMoney } from '#app/domain/money'
import { POLICY_PAGE_SIZES, POLICY_STATUS_LIST, POLICY_VIEWS } from '#app/domain/policies'
import type { ViewerLinks } from '#app/ui/firm-tab'
import {
  CALC_PARAMS,
  type PoliciesTabData,
  type PolicyActionResult,
  type PolicyListRowData,
} from './policies-tab-types'
import { LazyPart, lazyWithPreload } from '#app/ui/lazy-part'
import { SearchForm, ViewLinks } from '#app/ui/search'
import { MultiSelectField, TextField } from '#app/ui/fields'
import { formIdFor, useServerForm } from '#app/ui/use-server-form'
import { constraints as policyFiltersConstraints } from '#app/domain/form-constraints/policy-filters'

// The dialogs (create, taxes, commissions) load only when one is open; the server renders them in place either way.
const TaxDialog = lazyWithPreload(() => import('./tax-dialog').then((module) => ({ default: module.TaxDialog })))
// The commission dialog's first step (its bench page) loads only its own code; steps 2 to 4 theirs.
const CommissionDialog = lazyWithPreload(() =>
  import('./commission-dialog').then((module) => ({ default: module.CommissionDialog })),
)
const CommissionStepsDialog = lazyWithPreload(() =>
  import('./commission-steps').then((module) => ({ default: module.CommissionStepsDialog })),
)
const CreatePolicyDialog = lazyWithPreload(() =>
  import('./create-dialog').then((module) => ({ default: module.CreatePolicyDialog })),
)

/** List dates read YYYY-MM-DD (spec 3 §5). */
const day = (iso: string | null) => iso ?? ''

const LIST_PARAMS = ['pmore', 'pstatus', 'pcarrier', 'ptype', 'pq', 'ppage'] as const

/**
 * The firm Policies tab (spec 2 §2.2, spec 3 §2.4–2.6): the policies table with the View, All,
 * Policies and Quotes toggle, the More mode's filters, Create Policy and the calculator menu. Every
 * control is a link or a form, so the tab works without JavaScript.
 */
export default function PoliciesTab({
  data,
  links,
  actionResult,
}: {
  data: PoliciesTabData
  links: ViewerLinks
  actionResult?: PolicyActionResult | null
}) {
  const navigate = useNavigate()
  const { query } = data
  // An open dialog's code is asked for now, not once React has hydrated the table above it.
  if (data.create) void CreatePolicyDialog.preload()
  if (data.taxes) void TaxDialog.preload()
  if (data.commissions) void (data.commissions.step === 1 ? CommissionDialog : CommissionStepsDialog).preload()
  const closeCalc = links.withParams({
    [CALC_PARAMS.calc]: null,
    [CALC_PARAMS.pid]: null,
    [CALC_PARAMS.step]: null,
    state: null,
    admitted: null,
    choice: null,
  })

  // Rows as markup (pages of up to 100 policies): Edit and View open their popups through the table's
  // one handler; Calc is a details menu of links, so it opens with or without JavaScript.
  const calcHref = (calc: string, pid: number) =>
    links.withParams({
      [CALC_PARAMS.calc]: calc,
      [CALC_PARAMS.pid]: String(pid),
      [CALC_PARAMS.step]: '1',
      state: null,
      admitted: null,
      choice: null,
    })
  const columns: DataColumn<PolicyListRowData>[] = [
    actionsColumn(
      (row) =>
        html`${data.can.edit ? html`<a${attrs({ ...popupLink(`/editPolicy/${row.pid}`, 'policyEdit'), 'aria-label': `Edit policy ${row.pid}` })}>✎</a>` : null}<a${attrs({ ...popupLink(`/ViewPolicy/${row.pid}`, 'policyView'), 'aria-label': `View policy ${row.pid}` })}>View</a>${calculatorMenu(row.pid, calcHref, data.can.commissions)}`,
    ),
    { key: 'carrier', label: 'Carrier', sortable: true },
    { key: 'type', label: 'Type', sortable: true },
    { key: 'status', label: 'Status', sortable: true },
    { key: 'incept', label: 'Incept', sortable: true, nowrap: true, html: (row) => day(row.incept) },
    { key: 'expiry', label: 'Expiry', sortable: true, nowrap: true, html: (row) => day(row.expiry) },
    { key: 'retro', label: 'Retro', sortable: true, nowrap: true, html: (row) => day(row.retro) },
    { key: 'limits', label: 'Limits' },
    { key: 'deduc', label: 'Deduc' },
    { key: 'premium', label: 'Premium', sortable: true, nowrap: true, html: (row) => formatDecimalMoney(row.premium) },
    { key: 'taxes', label: 'Tax', sortable: true, nowrap: true, html: (row) => formatDecimalMoney(row.taxes) },
    { key: 'fees', label: 'Fees', sortable: true, nowrap: true, html: (row) => formatDecimalMoney(row.fees) },
    { key: 'total', label: 'Total', sortable: true, nowrap: true, html: (row) => formatDecimalMoney(row.total) },
    { key: 'down', label: 'Down', sortable: true, nowrap: true, html: (row) => formatDecimalMoney(row.down) },
  ]

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <nav aria-label="Policy view">
          <Group gap={4}>
            <ViewLinks
              views={POLICY_VIEWS}
              current={query.view}
              href={(view) => links.withParams({ pview: view, ppage: null })}
            />
          </Group>
        </nav>
        <LinkButton
          to={links.withParams(data.more ? Object.fromEntries(LIST_PARAMS.map((key) => [key, null])) : { pmore: '1' })}
          variant="default"
        >
          {data.more ? 'Less' : 'More'}
        </LinkButton>
        {data.can.edit ? <LinkButton to={links.withParams({ pcreate: '1' })}>Create Policy</LinkButton> : null}
      </Group>

      {data.more && data.facets ? <MoreFilters data={data} links={links} /> : null}

      <DataTable
        label="Policies"
        columns={columns}
        rows={data.list.rows}
        rowKey={(row) => row.pid}
        // What the cells read besides the row: the rights, and the address the calculator links keep.
        markupDeps={[data.can.edit, data.can.commissions, calcHref('', 0)]}
        sort={{ by: query.sort, desc: query.desc }}
        params={{ page: 'ppage', size: 'psize', sort: 'psort', desc: 'pdesc' }}
        paging={{ page: query.page, perPage: query.perPage, count: data.list.count, pageSizes: POLICY_PAGE_SIZES }}
        empty="No policies."
        bodyProps={{ onClick: closeMenu }}
      />

      {data.create ? (
        <LazyPart>
          <CreatePolicyDialog
            fid={data.fid}
            programs={data.create.programs}
            closeHref={links.withParams({ pcreate: null })}
            onClose={() => navigate(links.withParams({ pcreate: null }), { preventScrollReset: true })}
            actionResult={actionResult}
          />
        </LazyPart>
      ) : null}

      {data.taxes ? (
        <LazyPart>
          <TaxDialog
            dialog={data.taxes}
            fid={data.fid}
            links={links}
            closeHref={closeCalc}
            canApply={data.can.edit}
            actionResult={actionResult}
          />
        </LazyPart>
      ) : null}
      {data.commissions ? (
        <LazyPart>
          {data.commissions.step === 1 ? (
            <CommissionDialog
              dialog={data.commissions}
              fid={data.fid}
              closeHref={closeCalc}
              actionResult={actionResult}
            />
          ) : (
            <CommissionStepsDialog
              dialog={data.commissions}
              fid={data.fid}
              links={links}
              closeHref={closeCalc}
              actionResult={actionResult}
            />
          )}
        </LazyPart>
      ) : null}
    </Stack>
  )
}

/**
 * The calculator menu of a row: Taxes, and Commissions with calculate-commissions. A details element
 * whose links show beside Calc when open: it needs no JavaScript and is not clipped by the table's scroll box.
 */
function calculatorMenu(pid: number, calcHref: (calc: string, pid: number) => string, commissions: boolean): Html {
  const item = (calc: string, label: string) =>
    html`<a${attrs({ href: calcHref(calc, pid), 'data-nav': true })}>${label}</a>`
  return html`<details class="row-menu"><summary${attrs({ 'aria-label': `Calc (calculators) for policy ${pid}` })}>Calc</summary>${item('taxes', 'Taxes')}${commissions ? item('commissions', 'Commissions') : null}</details>`
}

/** A chosen calculator closes its menu (the rows' markup stays as it is, so the menu would stay open). */
function closeMenu(event: MouseEvent<HTMLTableSectionElement>) {
  const menu = (event.target as Element).closest('a')?.closest('details.row-menu')
  menu?.removeAttribute('open')
}

/** The More mode's filters: a GET form bound by Conform (the URL is the search; the loader reads it leniently). */
function MoreFilters({ data, links }: { data: PoliciesTabData; links: ViewerLinks }) {
  const facets = data.facets!
  const values = {
    pstatus: [...data.query.statuses],
    pcarrier: [...data.query.carriers],
    ptype: [...data.query.types],
    pq: data.query.search,
  }
  const [form, fields] = useServerForm<typeof values>(
    formIdFor(`policy-filters-${data.fid}`, {
      pstatus: values.pstatus.join(','),
      pcarrier: values.pcarrier.join(','),
      ptype: values.ptype.join(','),
      pq: values.pq,
    }),
    policyFiltersConstraints,
    { defaultValue: values },
  )
  return (
    <SearchForm form={form} label="Policy filters" keep={[...links.keep([...LIST_PARAMS, 'pmore']), ['pmore', '1']]}>
      <Group gap="xs" align="end" wrap="wrap">
        <MultiSelectField
          field={fields.pstatus}
          label="Status"
          options={POLICY_STATUS_LIST}
          className="policy-multi-filter"
        />
        <MultiSelectField
          field={fields.pcarrier}
          label="Carrier"
          options={facets.carriers}
          className="policy-multi-filter"
        />
        <MultiSelectField field={fields.ptype} label="Type" options={facets.types} className="policy-multi-filter" />
        <TextField field={fields.pq} label="Search" size="xs" w={180} />
        <Button type="submit" size="xs">
          Search
        </Button>
      </Group>
    </SearchForm>
  )
}
