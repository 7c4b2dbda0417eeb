import { Anchor, Button } from '#app/ui/core'
import { Form } from '@remix-run/react'
import { formatDecimalMoney } from '#app/domain/money'
import { FileTable, fileNameColumn } from '#app/ui/file-table'
import { DataTable, type DataColumn } from '#app/ui/data-table'
import { LedgerTable } from '#app/ui/ledger-table'
import type { PolicyEditorData, RelatedPolicyData } from './editor-types'

/** The policy editor's three lists (Options, Ledger, Files), each a bounded DataTable without paging. */

type LedgerRow = PolicyEditorData['ledger'][number]
type FileRow = PolicyEditorData['files'][number]

/** The group's other options; group admin may delete one (with the version read). Scrolls past `maxHeight`. */
export function GroupOptionsTable({
  options,
  canDelete,
  maxHeight,
}: {
  options: RelatedPolicyData[]
  canDelete: boolean
  maxHeight?: number
}) {
  const columns: DataColumn<RelatedPolicyData>[] = [
    {
      key: 'pid',
      label: 'PID',
      render: (option) => (
        <Anchor href={`/editPolicy/${option.pid}`} size="sm">
          {option.pid}
        </Anchor>
      ),
    },
    { key: 'status', label: 'Status' },
    { key: 'incept', label: 'Incept', nowrap: true },
    { key: 'limits', label: 'Limits' },
    { key: 'deduc', label: 'Deduc' },
    { key: 'premium', label: 'Premium', nowrap: true, render: (option) => formatDecimalMoney(option.premium) },
    { key: 'total', label: 'Total', nowrap: true, render: (option) => formatDecimalMoney(option.total) },
  ]
  if (canDelete) {
    columns.push({
      key: 'actions',
      label: 'Actions',
      render: (option) => (
        <Form method="post">
          <input type="hidden" name="option" value={option.pid} />
          <input type="hidden" name="version" value={option.version} />
          <Button
            type="submit"
            name="intent"
            value="policy-delete-option"
            size="compact-xs"
            color="red"
            variant="light"
            aria-label={`Delete option ${option.pid}`}
          >
            Delete
          </Button>
        </Form>
      ),
    })
  }
  return (
    <DataTable
      label="Group options"
      dense
      maxHeight={maxHeight}
      columns={columns}
      rows={options}
      rowKey={(option) => option.pid}
      empty="No other options in this group."
    />
  )
}

const LEDGER_COLUMNS: DataColumn<LedgerRow>[] = [
  { key: 'type', label: 'Type' },
  { key: 'acct', label: 'Account' },
  { key: 'contact', label: 'Party', render: (entry) => entry.contact ?? '' },
  { key: 'num', label: 'Number', render: (entry) => entry.num ?? '' },
  { key: 'amt', label: 'Amount', nowrap: true, render: (entry) => formatDecimalMoney(entry.amt) },
  { key: 'due', label: 'Due', nowrap: true, render: (entry) => entry.due ?? '' },
  { key: 'paid', label: 'Paid', nowrap: true, render: (entry) => entry.paid ?? '' },
  { key: 'dep', label: 'Deposit', nowrap: true, render: (entry) => entry.dep ?? '' },
  { key: 'note', label: 'Note', render: (entry) => entry.note ?? '' },
]

/** The policy's ledger, view only (the /api/ledgers calls write it). */
export function PolicyLedgerTable({ entries }: { entries: LedgerRow[] }) {
  return <LedgerTable columns={LEDGER_COLUMNS} rows={entries} rowKey={(entry) => entry.lid} />
}

const FILE_COLUMNS: DataColumn<FileRow>[] = [
  fileNameColumn(),
  { key: 'file_description', label: 'Description' },
  { key: 'file_type_description', label: 'Type' },
  { key: 'size', label: 'Size', nowrap: true, render: (file) => `${file.size.toLocaleString('en-US')} bytes` },
]

/** The policy's files, downloaded from /download/{loidfid}. */
export function PolicyFilesTable({ files }: { files: FileRow[] }) {
  return <FileTable label="Policy files" columns={FILE_COLUMNS} files={files} />
}
