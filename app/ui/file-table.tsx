import { Anchor } from './core'
import { DataTable, type DataColumn } from './data-table'

interface StoredFile {
  loidfid: number
  filename: string
}

/** A stored file's name as a link to /download/{loidfid} (`download`: the browser saves it rather than opens it). */
export function fileNameColumn<Row extends StoredFile>(options: { download?: boolean } = {}): DataColumn<Row> {
  return {
    key: 'filename',
    label: 'Filename',
    render: (file) => (
      <Anchor href={`/download/${file.loidfid}`} size="sm" download={options.download}>
        {file.filename}
      </Anchor>
    ),
  }
}

/** A record's files: a dense table, a row per file, 'No files.' when it has none. */
export function FileTable<Row extends StoredFile>({
  label,
  columns,
  files,
}: {
  label: string
  columns: DataColumn<Row>[]
  files: Row[]
}) {
  return (
    <DataTable label={label} dense columns={columns} rows={files} rowKey={(file) => file.loidfid} empty="No files." />
  )
}
