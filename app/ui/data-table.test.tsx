import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import * as table from './data-table'
import { attrs, html } from './html'

describe('DataTable URL parameters', () => {
  it('uses page, size, sort and desc unless a table names its own', () => {
    expect(table.tableParamNames()).toEqual({ page: 'page', size: 'size', sort: 'sort', desc: 'desc' })
    expect(table.tableParamNames({ page: 'jpage', sort: 'jsort' })).toEqual({
      page: 'jpage',
      size: 'size',
      sort: 'jsort',
      desc: 'desc',
    })
  })

  it('sorts a new column ascending, the sorted one descending, and goes back to the first page', () => {
    const names = table.tableParamNames({ page: 'jpage', size: 'jsize', sort: 'jsort', desc: 'jdesc' })
    expect(table.sortChanges(names, 're', undefined)).toEqual({ jsort: 're', jdesc: null, jpage: null })
    expect(table.sortChanges(names, 're', { by: 'status', desc: true })).toEqual({
      jsort: 're',
      jdesc: null,
      jpage: null,
    })
    expect(table.sortChanges(names, 're', { by: 're', desc: false })).toEqual({ jsort: 're', jdesc: '1', jpage: null })
    expect(table.sortChanges(names, 're', { by: 're', desc: true })).toEqual({ jsort: 're', jdesc: null, jpage: null })
  })

  it('leads the pager controls to pages within the list', () => {
    expect(table.pagerTarget('first', 3, 5)).toBe(1)
    expect(table.pagerTarget('last', 3, 5)).toBe(5)
    expect(table.pagerTarget('next', 5, 5)).toBe(5)
    expect(table.pagerTarget('previous', 1, 5)).toBe(1)
    expect(table.pagerTarget('next', 2, 5)).toBe(3)
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
      {
        key: 'name',
        label: 'Name',
        rowHeader: true,
        html: (row: Row) => html`<a${attrs({ href: `/x/${row.id}`, title: row.name })}>${row.name}</a>`,
      },
      { key: 'money', label: 'Money', money: true, nowrap: true, html: (row: Row) => row.money },
      { key: 'id', label: 'Id', className: 'id-cell', html: (row: Row) => row.id },
    ]
    const markup = table.bodyMarkup(
      rows,
      columns,
      (row) => row.id,
      (row) => ({ 'data-status': row.id === 2 ? 'xtreme' : undefined }),
      2,
      true,
    ).value
    const react = renderToStaticMarkup(
      <>
        {rows.map((row) => (
          <tr
            key={row.id}
            data-status={row.id === 2 ? 'xtreme' : undefined}
            className="data-table-clickable"
            data-key={row.id}
            aria-selected={row.id === 2 ? 'true' : undefined}
          >
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

describe('DataTable markup rows with expansions', () => {
  type Row = { id: number; name: string }
  const rows: Row[] = [1, 2, 3, 4, 5].map((id) => ({ id, name: `<n${id}>` }))
  const columns = [
    { key: 'id', label: 'Id' },
    { key: 'name', label: 'Name', html: (row: Row) => html`<b>${row.name}</b>` },
  ]
  // Each markup body carries its React id (data-markup), by which a hydrating body finds the rows
  // the server wrote and keeps them; the markup compared here leaves the ids out.
  const bodies = (open: readonly number[]) => withoutIds(markup(open))
  const withoutIds = (text: string) => text.replace(/ data-markup=":R\w+:"/g, '')
  const markup = (open: readonly number[]) =>
    renderToStaticMarkup(
      <table>
        {table.markupBodies({
          rows,
          columns,
          rowKey: (row) => row.id,
          selectedKey: open[0],
          clickable: true,
          expanded: (row) => (open.includes(row.id) ? <form aria-label={`Edit ${row.id}`}>{row.name}</form> : null),
        })}
      </table>,
    )
  const markupRow = (row: Row, selected = false) =>
    `<tr class="data-table-clickable" data-key="${row.id}"${selected ? ' aria-selected="true"' : ''}><td>${row.id}</td><td><b>&lt;n${row.id}&gt;</b></td></tr>`
  const expansion = (row: Row) =>
    `<tbody><tr class="data-table-expansion"><td colSpan="2"><form aria-label="Edit ${row.id}">&lt;n${row.id}&gt;</form></td></tr></tbody>`

  it('writes every row as markup in one body when none is expanded (a plain column as escaped text)', () => {
    expect(bodies([])).toBe(`<table><tbody>${rows.map((row) => markupRow(row)).join('')}</tbody></table>`)
  })

  it('gives each markup body its own id, the expansions none', () => {
    const ids = [...markup([1, 3]).matchAll(/<tbody[^>]*?(?: data-markup="(:R\w+:)")?>/g)].map((match) => match[1])
    expect(ids).toHaveLength(5)
    expect(ids.filter(Boolean)).toHaveLength(3)
    expect(new Set(ids.filter(Boolean)).size).toBe(3)
    expect([ids[1], ids[3]]).toEqual([undefined, undefined])
  })

  it('puts an expansion (React) in a body of its own after its row, the rows around it still markup', () => {
    const [r1, r2, r3, r4, r5] = rows as [Row, Row, Row, Row, Row]
    // After one row the next run starts on an even row: it says so, so the stripes go on.
    expect(bodies([1])).toBe(
      `<table><tbody>${markupRow(r1, true)}</tbody>${expansion(r1)}<tbody data-stripe="even">${[r2, r3, r4, r5].map((row) => markupRow(row)).join('')}</tbody></table>`,
    )
    expect(bodies([2, 5])).toBe(
      `<table><tbody>${markupRow(r1)}${markupRow(r2, true)}</tbody>${expansion(r2)}<tbody>${[r3, r4, r5].map((row) => markupRow(row)).join('')}</tbody>${expansion(r5)}</table>`,
    )
  })

  it('is the mode of tables whose columns render no React and whose rows take no element props', () => {
    expect(table.isMarkup(columns, undefined)).toBe(true)
    expect(table.isMarkup([...columns, { key: 'x', label: 'X', render: () => 'x' }], undefined)).toBe(false)
    expect(
      table.isMarkup([...columns, { key: 'x', label: 'X', cellProps: () => ({ 'aria-label': 'x' }) }], undefined),
    ).toBe(false)
    expect(table.isMarkup(columns, () => ({ className: 'total' }))).toBe(false)
  })

  it('writes an Actions column on one line', () => {
    const actions = table.actionsColumn<Row>(
      (row) => html`<a${attrs({ href: `/r/${row.id}`, 'data-nav': true })}>Open</a>`,
    )
    expect(table.bodyMarkup([rows[0]!], [actions], (row) => row.id, undefined, undefined, false).value).toBe(
      '<tr data-key="1"><td class="nowrap"><span class="row-actions"><a href="/r/1" data-nav="">Open</a></span></td></tr>',
    )
  })
})

describe('DataTable row clicks in a markup body', () => {
  type Row = { id: number }
  const rows: Row[] = [{ id: 1 }, { id: 2 }]
  // Just enough of the DOM: what closest, contains, parentElement and getAttribute answer.
  const body = { contains: (node: unknown) => node === link || node === tr } as unknown as Element
  const tr = { parentElement: body, getAttribute: () => '2' } as unknown as Element
  const nestedTr = { parentElement: {}, getAttribute: () => '2' } as unknown as Element
  const link = {} as Element
  const target = (control: Element | null, row: Element | null) =>
    ({ closest: (selector: string) => (selector === 'tr[data-key]' ? row : control) }) as unknown as Element

  it('finds the row of a click on its empty space', () => {
    expect(table.clickedRow(target(null, tr), body, rows, (row) => row.id)).toEqual({ id: 2 })
  })

  it("leaves a click on a row's link to the link, and a row of a table inside an expansion to that table", () => {
    expect(table.clickedRow(target(link, tr), body, rows, (row) => row.id)).toBeUndefined()
    // A double click is the row's wherever it lands.
    expect(table.clickedRow(target(link, tr), body, rows, (row) => row.id, false)).toEqual({ id: 2 })
    expect(table.clickedRow(target(null, nestedTr), body, rows, (row) => row.id)).toBeUndefined()
    expect(table.clickedRow(target(null, null), body, rows, (row) => row.id)).toBeUndefined()
  })
})
