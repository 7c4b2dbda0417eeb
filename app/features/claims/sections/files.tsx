import type { DataColumn } from '#app/ui/data-table'
import { FileTable, fileNameColumn } from '#app/ui/file-table'
import { Section } from './section'

type ClaimFile = { loidfid: number; filename: string; file_description: string }

const COLUMNS: DataColumn<ClaimFile>[] = [
  { key: 'loidfid', label: 'loidfid' },
  fileNameColumn({ download: true }),
  { key: 'file_description', label: 'Description' },
]

/** Claim files (loidfid, filename), downloaded from /download/{loidfid}. */
export function FilesSection({ files }: { files: ClaimFile[] }) {
  return (
    <Section title="Claim Files">
      <FileTable label="Claim files" columns={COLUMNS} files={files} />
    </Section>
  )
}
