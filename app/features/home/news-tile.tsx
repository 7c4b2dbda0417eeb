import { Anchor, Text } from '#app/ui/core'
import { Link } from '@remix-run/react'
import { useHrefWith } from '#app/ui/use-href-with'
import { DataTable, popupLink, type DataColumn } from '#app/ui/data-table'
import { attrs, html } from '#app/ui/html'
import { Tile, toneText, type Tone } from './tile'

export interface NewsRow {
  nid: number
  date: string
  re: string | null
  status: string
  staff: string | null
  opener: string | null
  mayEdit: boolean
  tone: Tone
}

// Rows as markup (100 a page with news=all); Edit opens the note editor's popup through the table's handler.
const columns: DataColumn<NewsRow>[] = [
  { key: 'date', label: 'Date', nowrap: true },
  { key: 're', label: 'Re', html: (row) => toneText(row.re, row.tone) },
  { key: 'status', label: 'Status', nowrap: true, html: (row) => toneText(row.status, row.tone) },
  { key: 'staff', label: 'For', nowrap: true },
  { key: 'opener', label: 'By', nowrap: true },
  {
    key: 'edit',
    label: 'Edit',
    // The rule is decided on the server (mayEditFromNews); the editor checks it again.
    html: (row) =>
      row.mayEdit
        ? html`<a${attrs({ ...popupLink(`/editNoteEmail/${row.nid}`, 'note'), class: 'row-button', 'aria-label': `Edit note ${row.nid}: ${row.re ?? ''}` })}>Edit</a>`
        : null,
  },
]

export function NewsTile({
  items,
  count,
  all,
  page,
  perPage,
}: {
  items: NewsRow[]
  count: number
  all: boolean
  page: number
  perPage: number
}) {
  const hrefWith = useHrefWith()
  const more = all ? (
    <Anchor component={Link} to={hrefWith({ news: null })} preventScrollReset size="sm">
      Show recent news
    </Anchor>
  ) : count > items.length ? (
    <Anchor component={Link} to={hrefWith({ news: 'all' })} preventScrollReset size="sm">
      Show all {count} news
    </Anchor>
  ) : null
  return (
    <Tile id="news-tile" title="News" actions={more}>
      <DataTable
        label="News"
        columns={columns}
        rows={items}
        rowKey={(row) => row.nid}
        maxHeight={all ? 640 : 420}
        empty="No news."
        paging={all ? { page, perPage, count } : undefined}
        params={{ page: 'npage' }}
        pagerLabel="News pages"
      />
      {!all && count > items.length ? (
        <Text size="xs" c="dimmed" mt={4}>
          The {items.length} latest of {count}.
        </Text>
      ) : null}
    </Tile>
  )
}
