import { DataTable, type DataTableProps } from './data-table'

/** A ledger's entries (a claim's, a policy's): the one Ledger table, dense, with its empty line. */
export function LedgerTable<Row>(props: Omit<DataTableProps<Row>, 'label' | 'dense' | 'empty'>) {
  return <DataTable label="Ledger" dense empty="No ledger entries." {...props} />
}
