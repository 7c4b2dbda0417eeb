import { useMemo } from 'react'

/**
 * A list's rows sent to the browser as one JSON text (decision 0021). Remix encodes loader data with
 * turbo-stream, which walks every row and field to keep references and types: 0.6 ms for the jobs
 * list's 100 rows against 0.08 ms for JSON.stringify, on every page that shows them. Rows are plain
 * data read from the database (strings, numbers, booleans, null), so JSON keeps them as they are.
 *
 * A loader returns `packRows(rows)`; the component reads them with `usePackedRows(packed)`. The server
 * render gets the loader's own array back (no parse); the browser parses the text once per load.
 */
export interface PackedRows<Row> {
  readonly json: string
  /** The rows' type, for the reader; never set. */
  readonly __row?: Row
}

const originals = new WeakMap<object, readonly unknown[]>()

export function packRows<Row>(rows: readonly Row[]): PackedRows<Row> {
  const packed = { json: JSON.stringify(rows) }
  originals.set(packed, rows)
  return packed
}

export function unpackRows<Row>(packed: PackedRows<Row>): readonly Row[] {
  return (originals.get(packed) as readonly Row[] | undefined) ?? (JSON.parse(packed.json) as Row[])
}

/** The rows of a packed list, parsed once per loader answer. */
export function usePackedRows<Row>(packed: PackedRows<Row>): readonly Row[] {
  return useMemo(() => unpackRows(packed), [packed])
}
