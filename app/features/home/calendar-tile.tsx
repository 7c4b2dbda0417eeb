import { useHrefWith } from '#app/ui/use-href-with'
import { DataTable, popupLink, type DataColumn } from '#app/ui/data-table'
import { attrs, html } from '#app/ui/html'
import { Tile, toneText, ViewTabs, type Tone } from './tile'

export interface CalendarRow {
  nid: number
  when: string
  re: string | null
  status: string
  staff: string | null
  fid: number | null
  firmSort: string | null
  tone: Tone
}

const when: DataColumn<CalendarRow> = { key: 'when', label: 'When', nowrap: true }
const re: DataColumn<CalendarRow> = { key: 're', label: 'Re', html: (row) => toneText(row.re, row.tone) }
const staff: DataColumn<CalendarRow> = { key: 'staff', label: 'For', nowrap: true }
// The firm in its popup (spec 2 §2), opened by the table's one handler.
const firm: DataColumn<CalendarRow> = {
  key: 'firm',
  label: 'Firm',
  html: (row) =>
    row.fid
      ? html`<a${attrs({ ...popupLink(`/viewFirmNoNote/${row.fid}`, 'firm'), rel: 'noreferrer' })}>${row.firmSort ?? row.fid}</a>`
      : null,
}

export function EventsTile({ rows, days }: { rows: CalendarRow[]; days: number }) {
  return (
    <Tile id="events-tile" title="Events">
      <DataTable
        label="Events"
        columns={[when, re, staff]}
        rows={rows}
        rowKey={(row) => row.nid}
        maxHeight={360}
        empty={`No events in the next ${days} days.`}
      />
    </Tile>
  )
}

export function AppointmentsTile({ rows, days, scope }: { rows: CalendarRow[]; days: number; scope: 'mine' | 'all' }) {
  const hrefWith = useHrefWith()
  return (
    <Tile
      id="appts-tile"
      title="Appointments"
      actions={
        <ViewTabs
          label="Whose appointments"
          options={[
            { label: 'Mine', to: hrefWith({ appts: null }), selected: scope === 'mine' },
            { label: 'Everyone', to: hrefWith({ appts: 'all' }), selected: scope === 'all' },
          ]}
        />
      }
    >
      <DataTable
        label="Appointments"
        columns={scope === 'all' ? [when, re, firm, staff] : [when, re, firm]}
        rows={rows}
        rowKey={(row) => row.nid}
        maxHeight={360}
        empty={
          scope === 'all'
            ? `No appointments in the next ${days} days.`
            : `You have no appointments in the next ${days} days.`
        }
      />
    </Tile>
  )
}
