import { Group, NativeSelect, Pagination, Text } from '#app/ui/core'
import { Form, Link, useNavigate, useSearchParams, type NavigateFunction } from '@remix-run/react'
import {
  Fragment,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from 'react'
import { pageCount, pageSpan } from '#app/domain/paging'
import { attrs, escapeHtml, html, Html, part, type HtmlValue } from './html'
import { useKeptMarkup } from './kept-markup'
import { openPopupLink, POPUPS, type PopupName } from './popup'
import { useHrefWith } from './use-href-with'
import { useHydrated } from './use-hydrated'

/**
 * The one table of the app: a server-paged, server-sorted list whose state lives in the URL. Sorting and
 * paging are links that change the URL's search parameters (so they work without JavaScript and a page
 * is bookmarkable); the loader reads the same parameters. Rows are plain table elements (a page of
 * 100-500 rows renders several times faster on the server than through Mantine's Table components).
 *
 * Modes:
 * - paged: pass `paging` (the pager and, with `pageSizes`, a rows-per-page picker);
 * - no paging: omit `paging` (lists with a fixed bound: home tiles, editor tables, totals);
 * - several tables on one URL: `params` renames the page, size, sort and desc parameters;
 * - expandable rows: `expanded(row)` returns what shows in a full-width row under it (or null);
 * - grids (totals, amounts, a printed record's figures): no paging, `fit` to its content, a `rowHeader`
 *   column naming each row, `money` columns, and `rowProps` marking a total row (`data-table-total`).
 * - large lists (a page of 100–500 rows): columns give `html` instead of `render` (a column with
 *   neither shows its value as text), and the body is written as escaped markup (app/ui/html.ts) rather
 *   than rendered element by element, which is most of such a page's server time. Rows then take
 *   `rowAttrs`, and row clicks and any handler in `bodyProps` are delegated from the body (a row
 *   carries its key in `data-key`; a click on a link, button or field inside a row is not a row click).
 *   Links in the markup are plain `<a>`, so they work without JavaScript; with it the body's one
 *   handler opens `data-popup="<name>"` links (`popupLink`) in a popup of that registered size and
 *   follows `data-nav` links in the app without a reload. Expandable rows stay markup: each expansion
 *   is a `<tbody>` of its own, rendered by React between the bodies of markup rows.
 */
export interface DataColumn<Row> {
  key: string
  label: string
  sortable?: boolean
  render?: (row: Row) => ReactNode
  width?: number | string
  /** Keep the cell and its header on one line (phones, dates). */
  nowrap?: boolean
  /** A class for the column's cells (its header's too). */
  className?: string
  /** The column names its row (`<th scope="row">`): the label column of a totals or amounts grid. */
  rowHeader?: boolean
  /** Money: right-aligned, on one line. */
  money?: boolean
  /** Attributes of one cell (an accessible name for a computed value). */
  cellProps?: (row: Row) => TdHTMLAttributes<HTMLTableCellElement>
  /** The cell's content as markup (large lists; see the modes above). */
  html?: (row: Row) => HtmlValue
}

export interface DataTableParams {
  page?: string
  size?: string
  sort?: string
  desc?: string
}

export interface DataTableProps<Row> {
  label: string
  columns: readonly DataColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  /** Server paging: omit for a table without paging. */
  paging?: {
    page: number
    perPage: number
    count: number
    pageSizes?: readonly number[]
    /** The size that is "All" in the rows-per-page picker (its URL value `all`): a bounded page of every row. */
    allSize?: number
    /** The live text beside the pager (default "1–100 of 250"). */
    summary?: ReactNode
    /** More rows than `count` (a count that stopped early): shown as "N+". */
    more?: boolean
  }
  sort?: { by: string; desc: boolean }
  /** Search parameter names (several tables may share one URL). */
  params?: DataTableParams
  /** Builds the sort and page links (default: the current URL with the parameters changed). */
  hrefWith?: (changes: Record<string, string | null>) => string
  /** The pager's accessible name (default "Pages"; give each pager on a page its own). */
  pagerLabel?: string
  selectedKey?: string | number
  onRowClick?: (row: Row, event: MouseEvent) => void
  onRowDoubleClick?: (row: Row, event: MouseEvent) => void
  /** Attributes of a row's `<tr>` (a class, a status colour, data attributes for a delegated handler). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>
  /**
   * Markup rows: what the columns' `html` and `rowAttrs` read besides the row (as a `useMemo`'s
   * deps). Given, a body re-rendered with the same rows, columns and these builds nothing; without
   * it, a re-rendered body builds its markup to compare it (see useKeptMarkup).
   */
  markupDeps?: readonly unknown[]
  /** A row's attributes when the body is markup (`class`, `data-…`, `title`). */
  rowAttrs?: (row: Row) => Record<string, string | number | boolean | null | undefined>
  /** The expandable-row slot: content of a full-width row shown under the row, or null. */
  expanded?: (row: Row) => ReactNode
  /**
   * Attributes of a header cell (drag and drop of columns), given whether the page has hydrated: only
   * the header row draws again then, not the table's owner (decision 0039).
   */
  headerProps?: HeaderProps<Row>
  /** Handlers of the `<tbody>` (of each, when expansions split it): one delegated handler for every row. */
  bodyProps?: HTMLAttributes<HTMLTableSectionElement>
  /** Rows under the body (totals). */
  footer?: ReactNode
  empty?: ReactNode
  dense?: boolean
  maxHeight?: number
  /** A new list is on its way: the rows dim and say they are busy. */
  busy?: boolean
  /** As wide as its content (a grid of figures), not the page. */
  fit?: boolean
  className?: string
}

function cellClass(column: DataColumn<never>): string | undefined {
  return [column.money ? 'data-table-money' : null, column.className].filter(Boolean).join(' ') || undefined
}

/** The parameter names of a table: the defaults, or those given (several tables on one URL). */
export function tableParamNames(params: DataTableParams = {}): Required<DataTableParams> {
  return {
    page: params.page ?? 'page',
    size: params.size ?? 'size',
    sort: params.sort ?? 'sort',
    desc: params.desc ?? 'desc',
  }
}

/** The URL changes of a click on a sortable header: ascending first, then descending; back to page 1. */
export function sortChanges(
  names: Required<DataTableParams>,
  column: string,
  sort: { by: string; desc: boolean } | undefined,
): Record<string, string | null> {
  const nextDesc = sort?.by === column && !sort.desc
  return { [names.sort]: column, [names.desc]: nextDesc ? '1' : null, [names.page]: null }
}

/** The page a pager control leads to. */
export function pagerTarget(control: 'first' | 'previous' | 'next' | 'last', page: number, pages: number): number {
  if (control === 'first') return 1
  if (control === 'last') return pages
  if (control === 'next') return Math.min(pages, page + 1)
  return Math.max(1, page - 1)
}

export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  paging,
  sort,
  params,
  hrefWith: hrefWithProp,
  pagerLabel = 'Pages',
  selectedKey,
  onRowClick,
  onRowDoubleClick,
  rowProps,
  rowAttrs,
  markupDeps,
  expanded,
  headerProps,
  bodyProps,
  footer,
  empty,
  dense = true,
  maxHeight,
  busy,
  fit,
  className,
}: DataTableProps<Row>) {
  const names = tableParamNames(params)
  const currentHrefWith = useHrefWith()
  const hrefWith = hrefWithProp ?? currentHrefWith

  const headerCells = { columns, sort, sortHref: (key: string) => sort && hrefWith(sortChanges(names, key, sort)) }
  const header = headerProps ? (
    <HydratedHeaderCells {...headerCells} headerProps={headerProps} />
  ) : (
    <HeaderCells {...headerCells} hydrated={false} />
  )

  // Large lists: the body as markup (no column renders React), rows found again by their key.
  const markup = rows.length > 0 && isMarkup(columns, rowProps)
  const navigate = useNavigate()
  // A click on a row's link or button is theirs; a double click anywhere in a row is the row's, as it
  // was on rows rendered element by element (a link has no double click of its own).
  const delegated = (
    onRow: ((row: Row, event: MouseEvent) => void) | undefined,
    own: ((event: MouseEvent<HTMLTableSectionElement>) => void) | undefined,
    single: boolean,
  ) => {
    return (event: MouseEvent<HTMLTableSectionElement>) => {
      own?.(event)
      if (single) followLink(event, navigate)
      if (!onRow || (single && event.defaultPrevented)) return
      const row = clickedRow(event.target as Element, event.currentTarget, rows, rowKey, single)
      if (row !== undefined) onRow(row, event)
    }
  }
  const markupProps = (): HTMLAttributes<HTMLTableSectionElement> => ({
    ...bodyProps,
    onClick: delegated(onRowClick, bodyProps?.onClick, true),
    onDoubleClick: delegated(onRowDoubleClick, bodyProps?.onDoubleClick, false),
  })

  // The body rendered element by element (cells that render React, an empty list).
  const elementRows = () =>
    rows.length === 0 ? (
      <tr>
        <td colSpan={columns.length} className="data-table-empty">
          {empty ?? 'No rows.'}
        </td>
      </tr>
    ) : (
      rows.map((row) => {
        const key = rowKey(row)
        const extra = rowProps?.(row)
        const more = expanded?.(row)
        const clickable = onRowClick ? 'data-table-clickable' : undefined
        return (
          <Fragment key={key}>
            <tr
              aria-selected={selectedKey === key ? true : undefined}
              onClick={onRowClick ? (event) => onRowClick(row, event) : undefined}
              onDoubleClick={onRowDoubleClick ? (event) => onRowDoubleClick(row, event) : undefined}
              {...extra}
              className={[clickable, extra?.className].filter(Boolean).join(' ') || undefined}
            >
              {columns.map((column) => {
                const content = column.render
                  ? column.render(row)
                  : String((row as Record<string, unknown>)[column.key] ?? '')
                const props = {
                  ...column.cellProps?.(row),
                  className:
                    [column.nowrap ? 'nowrap' : null, cellClass(column)].filter(Boolean).join(' ') || undefined,
                }
                return column.rowHeader ? (
                  <th key={column.key} scope="row" {...props}>
                    {content}
                  </th>
                ) : (
                  <td key={column.key} {...props}>
                    {content}
                  </td>
                )
              })}
            </tr>
            {more ? (
              <tr className="data-table-expansion">
                <td colSpan={columns.length}>{more}</td>
              </tr>
            ) : null}
          </Fragment>
        )
      })
    )

  const tableClass = ['data-table', dense ? 'data-table-dense' : null, fit ? 'data-table-fit' : null, className]
    .filter(Boolean)
    .join(' ')
  // A scrolling box must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable).
  const scroller = maxHeight ? { tabIndex: 0, role: 'group', 'aria-label': `${label} (scrollable)` } : {}

  return (
    <div>
      <div
        className={fit ? 'data-table-scroll data-table-scroll-fit' : 'data-table-scroll'}
        style={{ ...(maxHeight ? { maxHeight, overflow: 'auto' } : {}), ...(busy ? { opacity: 0.6 } : {}) }}
        aria-busy={busy || undefined}
        {...scroller}
      >
        <table className={tableClass} aria-label={label}>
          <thead>
            <tr>{header}</tr>
          </thead>
          {markup ? (
            markupBodies({
              rows,
              columns,
              rowKey,
              rowAttrs,
              selectedKey,
              clickable: Boolean(onRowClick),
              expanded,
              bodyProps: markupProps(),
              expansionProps: bodyProps,
              markupDeps,
            })
          ) : (
            <tbody {...bodyProps}>{elementRows()}</tbody>
          )}
          {footer ? <tfoot>{footer}</tfoot> : null}
        </table>
      </div>
      {paging ? <Pager paging={paging} names={names} hrefWith={hrefWith} label={pagerLabel} /> : null}
    </div>
  )
}

/**
 * Markup rows: no column renders React or sets element props (columns give `html`, or show their
 * value as text), and rows take `rowAttrs`, not `rowProps`.
 */
export function isMarkup<Row>(columns: readonly DataColumn<Row>[], rowProps: DataTableProps<Row>['rowProps']): boolean {
  return !rowProps && columns.every((column) => !column.render && !column.cellProps)
}

/** What a click inside a row does itself rather than click the row. */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary'

/**
 * The row of a click in a markup body (`body`): none when the click was on a row of a table inside an
 * expansion, or (`controls`) on a link, button or field of the row (they do their own thing).
 */
export function clickedRow<Row>(
  target: Element,
  body: Element,
  rows: readonly Row[],
  rowKey: (row: Row) => string | number,
  controls = true,
): Row | undefined {
  const control = controls ? target.closest(INTERACTIVE) : null
  if (control && body.contains(control)) return undefined
  const tr = target.closest('tr[data-key]')
  if (!tr || tr.parentElement !== body) return undefined
  const key = tr.getAttribute('data-key')
  return rows.find((row) => String(rowKey(row)) === key)
}

/**
 * A markup body: the rows in runs, each run a `<tbody>` of markup; a row's expansion (React) in a
 * `<tbody>` of its own right after it. A run after an odd number of rows says so (`data-stripe`), so
 * the stripes go on across an expansion.
 */
export function markupBodies<Row>({
  rows,
  columns,
  rowKey,
  rowAttrs,
  selectedKey,
  clickable,
  expanded,
  bodyProps,
  expansionProps,
  markupDeps,
}: {
  rows: readonly Row[]
  columns: readonly DataColumn<Row>[]
  rowKey: (row: Row) => string | number
  rowAttrs?: DataTableProps<Row>['rowAttrs']
  selectedKey?: string | number
  clickable: boolean
  expanded?: (row: Row) => ReactNode
  /** The markup bodies' attributes and delegated handlers. */
  bodyProps?: HTMLAttributes<HTMLTableSectionElement>
  /** The expansions' (the table's own body handlers). */
  expansionProps?: HTMLAttributes<HTMLTableSectionElement>
  /** See DataTableProps.markupDeps. */
  markupDeps?: readonly unknown[]
}): ReactNode[] {
  const bodies: ReactNode[] = []
  let start = 0
  const flush = (end: number) => {
    if (end === start) return
    const run = rows.slice(start, end)
    bodies.push(
      // Delegated (in bodyProps): the events come from the links and buttons inside (keyboard
      // included); a row click is a mouse shortcut for the row's own link.
      <MarkupBody
        key={`rows-${rowKey(run[0]!)}`}
        {...bodyProps}
        data-stripe={start % 2 === 1 ? 'even' : undefined}
        markup={() => bodyMarkup(run, columns, rowKey, rowAttrs, selectedKey, clickable).value}
        deps={markupDeps && [...markupDeps, columns.map((column) => column.key).join(), selectedKey, clickable, ...run]}
      />,
    )
    start = end
  }
  rows.forEach((row, index) => {
    const more = expanded?.(row)
    if (!more) return
    flush(index + 1)
    bodies.push(
      <tbody key={`more-${rowKey(row)}`} {...expansionProps}>
        <tr className="data-table-expansion">
          <td colSpan={columns.length}>{more}</td>
        </tr>
      </tbody>,
    )
  })
  flush(rows.length)
  return bodies
}

/** A body of markup rows: the server's rows are kept while hydrating (see useKeptMarkup). */
function MarkupBody({
  markup,
  deps,
  ...props
}: HTMLAttributes<HTMLTableSectionElement> & {
  markup: () => string
  deps?: readonly unknown[]
  'data-stripe'?: string
}) {
  return <tbody {...props} {...useKeptMarkup('tbody', markup, deps)} />
}

/**
 * The one enhancement of links written as markup: `data-popup="<name>"` opens in a popup of that
 * registered size (a new tab when popups are blocked), `data-nav` navigates in the app keeping the
 * scroll. Modified clicks (new tab, new window) keep the browser's meaning. A list of plain links
 * outside a table (the Roles page's cards) gives it to its container's click.
 */
export function followLink(event: MouseEvent<HTMLElement>, navigate: NavigateFunction) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return
  const link = (event.target as Element).closest('a')
  if (!link || !event.currentTarget.contains(link)) return
  const popup = link.getAttribute('data-popup')
  if (popup && Object.hasOwn(POPUPS, popup)) {
    event.preventDefault()
    openPopupLink(link.href, POPUPS[popup as PopupName])
  } else if (link.hasAttribute('data-nav')) {
    event.preventDefault()
    navigate(link.getAttribute('href')!, { preventScrollReset: true })
  }
}

/** A markup link's attributes for a popup of a registered size (opened by the table's one handler). */
export function popupLink(href: string, popup: PopupName) {
  return { href, target: '_blank', 'data-popup': popup }
}

/** The Actions column of a list: a row's links and buttons (markup) side by side on one line. */
export function actionsColumn<Row>(actions: (row: Row) => HtmlValue): DataColumn<Row> {
  return {
    key: 'actions',
    label: 'Actions',
    nowrap: true,
    html: (row) => html`<span class="row-actions">${actions(row)}</span>`,
  }
}

export function bodyMarkup<Row>(
  rows: readonly Row[],
  columns: readonly DataColumn<Row>[],
  rowKey: (row: Row) => string | number,
  rowAttrs: DataTableProps<Row>['rowAttrs'],
  selectedKey: string | number | undefined,
  clickable: boolean,
): Html {
  // A cell's opening and closing tags are the same on every row: worked out once per column. The rows
  // are one string built in place (a page of 100-500 rows; decision 0021).
  const cells = columns.map((column) => {
    const cellAttrs = attrs({
      class: [column.nowrap ? 'nowrap' : null, cellClass(column)].filter(Boolean).join(' ') || undefined,
    }).value
    return column.rowHeader
      ? { column, open: `<th scope="row"${cellAttrs}>`, close: '</th>' }
      : { column, open: `<td${cellAttrs}>`, close: '</td>' }
  })
  const clickableClass = clickable ? ' class="data-table-clickable"' : ''
  let out = ''
  for (const row of rows) {
    const key = rowKey(row)
    const extra = rowAttrs?.(row)
    if (extra) {
      const rowClass = [clickable ? 'data-table-clickable' : null, extra.class].filter(Boolean).join(' ') || undefined
      out += `<tr${attrs({ ...extra, class: rowClass, 'data-key': key, 'aria-selected': selectedKey === key ? 'true' : undefined }).value}>`
    } else {
      out += `<tr${clickableClass} data-key="${escapeHtml(String(key))}"${selectedKey === key ? ' aria-selected="true"' : ''}>`
    }
    for (const { column, open, close } of cells) {
      out += open
      out += column.html ? part(column.html(row)) : escapeHtml(plainValue(row, column.key))
      out += close
    }
    out += '</tr>'
  }
  return new Html(out)
}

/** A column without `render` or `html`: its value as text, as the element path shows it. */
function plainValue<Row>(row: Row, key: string): string {
  return String((row as Record<string, unknown>)[key] ?? '')
}

function Pager({
  paging,
  names,
  hrefWith,
  label,
}: {
  paging: NonNullable<DataTableProps<unknown>['paging']>
  names: Required<DataTableParams>
  hrefWith: (changes: Record<string, string | null>) => string
  label: string
}) {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const totalPages = pageCount(paging.count, paging.perPage)
  return (
    <Group justify="space-between" mt="xs" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {paging.summary ??
          `${pageSpan(paging.page, paging.perPage, paging.count)}${paging.more && paging.count > 0 ? '+' : ''}`}
      </Text>
      <Group gap="sm">
        {totalPages > 1 ? (
          <Pagination
            size="sm"
            total={totalPages}
            value={paging.page}
            getItemProps={(page) => ({
              component: Link,
              to: hrefWith({ [names.page]: String(page) }),
              preventScrollReset: true,
            })}
            getControlProps={(control) => ({
              component: Link,
              to: hrefWith({ [names.page]: String(pagerTarget(control, paging.page, totalPages)) }),
              preventScrollReset: true,
              'aria-label': PAGE_CONTROL_LABELS[control as keyof typeof PAGE_CONTROL_LABELS],
            })}
            aria-label={label}
          />
        ) : null}
        {paging.pageSizes ? (
          <Form method="get" preventScrollReset aria-label={`${label}: rows per page`}>
            {[...searchParams.entries()]
              .filter(([key]) => key !== names.size && key !== names.page)
              .map(([key, value], index) => (
                <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
              ))}
            <Group gap={4}>
              <NativeSelect
                size="xs"
                name={names.size}
                aria-label="Rows per page"
                defaultValue={paging.perPage === paging.allSize ? 'all' : String(paging.perPage)}
                key={paging.perPage}
                data={sizeOptions(paging.pageSizes, paging.perPage, paging.allSize)}
                onChange={(event) =>
                  navigate(hrefWith({ [names.size]: event.currentTarget.value, [names.page]: null }), {
                    preventScrollReset: true,
                  })
                }
              />
              <noscript>
                <button type="submit">Apply</button>
              </noscript>
            </Group>
          </Form>
        ) : null}
      </Group>
    </Group>
  )
}

/** The rows-per-page choices: the sizes (and the current one), then All when the table has it. */
export function sizeOptions(
  sizes: readonly number[],
  perPage: number,
  allSize?: number,
): { value: string; label: string }[] {
  const numbers = [...new Set([...sizes, perPage])].filter((size) => size !== allSize).sort((a, b) => a - b)
  const options = numbers.map((size) => ({ value: String(size), label: String(size) }))
  return allSize === undefined ? options : [...options, { value: 'all', label: 'All' }]
}

/** Enter or Space on a focused row acts like a click (for rows that select on click). */
export function rowKeyHandler(action: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      action()
    }
  }
}

/** Names for Mantine Pagination's arrow controls, which show only an icon (WCAG 4.1.2: links need a name). */
export const PAGE_CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const

type HeaderProps<Row> = (
  column: DataColumn<Row>,
  hydrated: boolean,
) => ThHTMLAttributes<HTMLTableCellElement> & Record<`data-${string}`, string | undefined>

type HeaderCellsProps<Row> = {
  columns: readonly DataColumn<Row>[]
  sort?: { by: string; desc: boolean }
  sortHref: (key: string) => string | undefined
  headerProps?: HeaderProps<Row>
}

/** The header row's cells: a sortable column's label links to its order. */
function HeaderCells<Row>({
  columns,
  sort,
  sortHref,
  headerProps,
  hydrated,
}: HeaderCellsProps<Row> & { hydrated: boolean }) {
  return columns.map((column) => {
    const extra = headerProps?.(column, hydrated)
    const style = { width: column.width, whiteSpace: column.nowrap ? ('nowrap' as const) : undefined, ...extra?.style }
    const href = column.sortable ? sortHref(column.key) : undefined
    if (!sort || href === undefined) {
      return (
        <th key={column.key} scope="col" className={cellClass(column)} {...extra} style={style}>
          {column.label}
        </th>
      )
    }
    const active = sort.by === column.key
    return (
      <th
        key={column.key}
        scope="col"
        className={cellClass(column)}
        aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}
        {...extra}
        style={style}
      >
        <Link to={href} className="data-table-sort" draggable={false} preventScrollReset>
          {column.label}
          {active ? (sort.desc ? ' ▼' : ' ▲') : ''}
        </Link>
      </th>
    )
  })
}

/** Header cells whose attributes change once the page has hydrated (draggable columns). */
function HydratedHeaderCells<Row>(props: HeaderCellsProps<Row>) {
  return <HeaderCells {...props} hydrated={useHydrated()} />
}
