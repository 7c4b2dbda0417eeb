import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { bodyMarkup, pagerTarget, sortChanges, tableParamNames } from './data-table'
import { attrs, html } from './html'

describe('DataTable URL parameters', () => {
  it('uses page, size, sort and desc unless a table names its own', () => {
    expect(tableParamNames()).toEqual({ page: 'page', size: 'size', sort: 'sort', desc: 'desc' })
    expect(tableParamNames({ page: 'jpage', sort: 'jsort' })).toEqual({ page: 'jpage', size: 'size', sort: 'jsort', desc: 'desc' })
  })

  it('sorts a new column ascending, the sorted one descending, and goes back to the first page', () => {
    const names = tableParamNames({ page: 'jpage', size: 'jsize', sort: 'jsort', desc: 'jdesc' })
    expect(sortChanges(names, 're', undefined)).toEqual({ jsort: 're', jdesc: null, jpage: null })
    expect(sortChanges(names, 're', { by: 'status', desc: true })).toEqual({ jsort: 're', jdesc: null, jpage: null })
    expect(sortChanges(names, 're', { by: 're', desc: false })).toEqual({ jsort: 're', jdesc: '1', jpage: null })
    expect(sortChanges(names, 're', { by: 're', desc: true })).toEqual({ jsort: 're', jdesc: null, jpage: null })
  })

  it('leads the pager controls to pages within the list', () => {
    expect(pagerTarget('first', 3, 5)).toBe(1)
    expect(pagerTarget('last', 3, 5)).toBe(5)
    expect(pagerTarget('next', 5, 5)).toBe(5)
    expect(pagerTarget('previous', 1, 5)).toBe(1)
    expect(pagerTarget('next', 2, 5)).toBe(3)
  })
})

describe('DataTable body as markup (large lists)', () => {
  it('writes the rows React would render for the same cells, escaped, with each row keyed', () => {
    type Row = { id: number; name: string; money: string }
    const rows: Row[] = [
      { id: 1, name: 'Smith & <Sons>', money: '1,000.00' },
      { id: 2, name: '"Quoted" \'name\'', money: '-5.00' },
    ]
    const columns = [
      { key: 'name', label: 'Name', rowHeader: true, html: (row: Row) => html`<a${attrs({ href: `/x/${row.id}`, title: row.name })}>${row.name}</a>` },
      { key: 'money', label: 'Money', money: true, nowrap: true, html: (row: Row) => row.money },
      { key: 'id', label: 'Id', className: 'id-cell', html: (row: Row) => row.id },
    ]
    const markup = bodyMarkup(rows, columns, (row) => row.id, (row) => ({ 'data-status': row.id === 2 ? 'xtreme' : undefined }), 2, true).value
    const react = renderToStaticMarkup(
      <>
        {rows.map((row) => (
          <tr key={row.id} data-status={row.id === 2 ? 'xtreme' : undefined} className="data-table-clickable" data-key={row.id} aria-selected={row.id === 2 ? 'true' : undefined}>
            <th scope="row">
              <a href={`/x/${row.id}`} title={row.name}>
                {row.name}
              </a>
            </th>
            <td className="nowrap data-table-money">{row.money}</td>
            <td className="id-cell">{row.id}</td>
          </tr>
        ))}
      </>,
    )
    expect(markup).toBe(react)
  })
})
