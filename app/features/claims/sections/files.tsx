import { Anchor } from '#app/ui/core'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { Section } from './section'

type ClaimFile = { loidfid: number; filename: string; file_description: string }

const COLUMNS: DataColumn<ClaimFile>[] = [
  { key: 'loidfid', label: 'loidfid' },
  {
    key: 'filename',
    label: 'Filename',
    render: (file) => (
      <Anchor href={`/download/${file.loidfid}`} size="sm" download>
        {file.filename}
      </Anchor>
    ),
  },
  { key: 'file_description', label: 'Description' },
]

/** Claim files (loidfid, filename), downloaded from /download/{loidfid}. */
export function FilesSection({ files }: { files: ClaimFile[] }) {
  return (
    <Section title="Claim Files">
      <DataTable
        label="Claim files"
        dense
        columns={COLUMNS}
        rows={files}
        rowKey={(file) => file.loidfid}
        empty="No files."
      />
    </Section>
  )
}
