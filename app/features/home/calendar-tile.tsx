import { openPopup } from '#app/ui/popup'
import { useHrefWith } from '#app/ui/use-href-with'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { Tile, toneStyle, ViewTabs, type Tone } from './tile'

/** The firm popup of spec 2 §2 (about 1140x730). */
const FIRM_POPUP = { width: 1140, height: 730 }

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
const re: DataColumn<CalendarRow> = { key: 're', label: 'Re', render: (row) => <span style={toneStyle(row.tone)}>{row.re}</span> }
const staff: DataColumn<CalendarRow> = { key: 'staff', label: 'For', nowrap: true }
const firm: DataColumn<CalendarRow> = {
  key: 'firm',
  label: 'Firm',
  render: (row) =>
    row.fid ? (
      <a href={`/viewFirmNoNote/${row.fid}`} target="_blank" rel="noreferrer" onClick={(event) => openPopup(event, FIRM_POPUP)}>
        {row.firmSort ?? row.fid}
      </a>
    ) : null,
}

export function EventsTile({ rows, days }: { rows: CalendarRow[]; days: number }) {
  return (
    <Tile id="events-tile" title="Events">
      <DataTable label="Events" columns={[when, re, staff]} rows={rows} rowKey={(row) => row.nid} maxHeight={360} empty={`No events in the next ${days} days.`} />
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
        empty={scope === 'all' ? `No appointments in the next ${days} days.` : `You have no appointments in the next ${days} days.`}
      />
    </Tile>
  )
}
