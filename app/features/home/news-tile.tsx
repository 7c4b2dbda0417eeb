import { Anchor, Button, Text } from '#app/ui/core'
import { Link } from '@remix-run/react'
import type { MouseEvent } from 'react'
import { NOTE_POPUP, openPopup } from '#app/ui/popup'
import { useHrefWith } from '#app/ui/use-href-with'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { Tile, toneStyle, type Tone } from './tile'


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

const columns: DataColumn<NewsRow>[] = [
  { key: 'date', label: 'Date', nowrap: true },
  { key: 're', label: 'Re', render: (row) => <span style={toneStyle(row.tone)}>{row.re}</span> },
  { key: 'status', label: 'Status', nowrap: true, render: (row) => <span style={toneStyle(row.tone)}>{row.status}</span> },
  { key: 'staff', label: 'For', nowrap: true },
  { key: 'opener', label: 'By', nowrap: true },
  {
    key: 'edit',
    label: 'Edit',
    // The rule is decided on the server (mayEditFromNews); the editor checks it again.
    render: (row) =>
      row.mayEdit ? (
        <Button
          component="a"
          href={`/editNoteEmail/${row.nid}`}
          target="_blank"
          onClick={(event: MouseEvent<HTMLAnchorElement>) => openPopup(event, NOTE_POPUP)}
          size="compact-xs"
          variant="light"
          aria-label={`Edit note ${row.nid}: ${row.re ?? ''}`}
        >
          Edit
        </Button>
      ) : null,
  },
]

export function NewsTile({ items, count, all, page, perPage }: { items: NewsRow[]; count: number; all: boolean; page: number; perPage: number }) {
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
