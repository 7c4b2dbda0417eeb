import { Group, NativeSelect, Pagination, Text } from '@mantine/core'
import { Form, Link, useNavigate, useSearchParams } from '@remix-run/react'
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react'
import { useHrefWith } from './use-href-with'

/**
 * A server-paged table. Sorting and paging are links that change the URL's search parameters (so
 * they work without JavaScript and a page is bookmarkable); the loader reads the same parameters.
 */
export interface DataColumn<Row> {
  key: string
  label: string
  sortable?: boolean
  render?: (row: Row) => ReactNode
  width?: number | string
  /** Keep the cell and its header on one line (phones, dates). */
  nowrap?: boolean
}

export interface DataTableProps<Row> {
  label: string
  columns: readonly DataColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  /** Server paging: omit for a table without paging. */
  paging?: { page: number; perPage: number; count: number; pageSizes?: readonly number[]; /** More rows than `count` (a count that stopped early): shown as "N+". */ more?: boolean }
  sort?: { by: string; desc: boolean }
  /** Search parameter names (several tables may share one URL). */
  params?: { page?: string; size?: string; sort?: string; desc?: string }
  selectedKey?: string | number
  onRowClick?: (row: Row, event: MouseEvent) => void
  onRowDoubleClick?: (row: Row, event: MouseEvent) => void
  empty?: ReactNode
  dense?: boolean
  maxHeight?: number
}

export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  paging,
  sort,
  params = {},
  selectedKey,
  onRowClick,
  onRowDoubleClick,
  empty,
  dense = true,
  maxHeight,
}: DataTableProps<Row>) {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const names = { page: params.page ?? 'page', size: params.size ?? 'size', sort: params.sort ?? 'sort', desc: params.desc ?? 'desc' }
  const hrefWith = useHrefWith()
  const totalPages = paging ? Math.max(1, Math.ceil(paging.count / paging.perPage)) : 1

  const header = columns.map((column) => {
    const style = { width: column.width, whiteSpace: column.nowrap ? ('nowrap' as const) : undefined }
    if (!column.sortable || !sort) return <th key={column.key} style={style}>{column.label}</th>
    const active = sort.by === column.key
    const nextDesc = active && !sort.desc
    return (
      <th key={column.key} style={style} aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
        <Link to={hrefWith({ [names.sort]: column.key, [names.desc]: nextDesc ? '1' : null, [names.page]: null })} className="data-table-sort" preventScrollReset>
          {column.label}
          {active ? (sort.desc ? ' ▼' : ' ▲') : ''}
        </Link>
      </th>
    )
  })

  return (
    <div>
      {/* Plain table elements styled in app.css: a page of 100-500 rows renders several times faster
          on the server than through Mantine's Table components, and thin clients feel it. */}
      <div className="data-table-scroll" style={maxHeight ? { maxHeight, overflow: 'auto' } : undefined}>
        <table className={dense ? 'data-table data-table-dense' : 'data-table'} aria-label={label}>
          <thead>
            <tr>{header}</tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="data-table-empty">
                  {empty ?? 'No rows.'}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const key = rowKey(row)
                return (
                  <tr
                    key={key}
                    aria-selected={selectedKey === key ? true : undefined}
                    className={onRowClick ? 'data-table-clickable' : undefined}
                    onClick={onRowClick ? (event) => onRowClick(row, event) : undefined}
                    onDoubleClick={onRowDoubleClick ? (event) => onRowDoubleClick(row, event) : undefined}
                  >
                    {columns.map((column) => (
                      <td key={column.key} className={column.nowrap ? 'nowrap' : undefined}>
                        {column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '')}
                      </td>
                    ))}
                  </tr>
                )
              })
            )}
          </tbody>
        </table>
      </div>
      {paging ? (
        <Group justify="space-between" mt="xs" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {paging.count === 0
              ? '0 rows'
              : `${(paging.page - 1) * paging.perPage + 1}–${Math.min(paging.count, paging.page * paging.perPage)} of ${paging.count}${paging.more ? '+' : ''}`}
          </Text>
          <Group gap="sm">
            {totalPages > 1 ? (
              <Pagination
                size="sm"
                total={totalPages}
                value={paging.page}
                getItemProps={(page) => ({ component: Link, to: hrefWith({ [names.page]: String(page) }), preventScrollReset: true })}
                getControlProps={(control) => {
                  const target = control === 'first' ? 1 : control === 'last' ? totalPages : control === 'next' ? Math.min(totalPages, paging.page + 1) : Math.max(1, paging.page - 1)
                  return { component: Link, to: hrefWith({ [names.page]: String(target) }), preventScrollReset: true }
                }}
                aria-label="Pages"
              />
            ) : null}
            {paging.pageSizes ? (
              <Form method="get" preventScrollReset>
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
                    defaultValue={String(paging.perPage)}
                    data={paging.pageSizes.map((size) => String(size))}
                    onChange={(event) => navigate(hrefWith({ [names.size]: event.currentTarget.value, [names.page]: null }), { preventScrollReset: true })}
                  />
                  <noscript>
                    <button type="submit">Apply</button>
                  </noscript>
                </Group>
              </Form>
            ) : null}
          </Group>
        </Group>
      ) : null}
    </div>
  )
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
