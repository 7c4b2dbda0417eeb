import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import {
  BORDEREAU_FILE,
  bordereauColumns,
  downloadCell,
  lloydsColumns,
  lloydsRow,
  moneyNumber,
  neutraliseCell,
  type BordereauHeading,
  type BordereauType,
  type ColumnKind,
  type DownloadFormat,
  type DownloadLayout,
} from '#app/domain/bordereau'
import { csvRecords } from '#app/domain/csv'
import { streamedAttachment } from '#app/http/download.server'

/**
 * The bordereau downloads (spec 3 §2.8 and decision 0034): bordereaux.csv (RFC 4180, `csvRecords`)
 * or bordereaux.xlsx (exceljs' streaming WorkbookWriter: typed money and date cells, the policies'
 * totals row), in the office's columns or the Lloyd's Coverholder Reporting Standards layout. Rows
 * come from an async iterator of keyset batches and are pulled only as fast as the response is sent.
 */

export interface DownloadSource {
  type: BordereauType
  large: boolean
  format: DownloadFormat
  layout: DownloadLayout
  heading: BordereauHeading
  rows: AsyncIterable<Readonly<Record<string, string | null>>>
  /** The policies' totals row (gross, retained, remitted), written after the rows of an .xlsx. */
  totals: { label: string; cells: Record<string, string> } | null
}

interface Sheet {
  header: string[]
  kinds: ColumnKind[]
  keys: (string | null)[]
  cells: (row: Readonly<Record<string, string | null>>) => (string | null)[]
}

function sheetOf(source: DownloadSource): Sheet {
  if (source.layout === 'lloyds') {
    const columns = lloydsColumns(source.type)
    return {
      header: columns.map((column) => column.name),
      kinds: columns.map((column) => column.kind),
      keys: columns.map((column) => (column.source && 'row' in column.source ? column.source.row : null)),
      cells: (row) => lloydsRow(source.type, row, source.heading),
    }
  }
  const columns = bordereauColumns(source.type, source.large)
  return {
    header: columns.map((column) => column.key),
    kinds: columns.map((column) => column.kind),
    keys: columns.map((column) => column.key),
    cells: (row) => columns.map((column) => row[column.key] ?? null),
  }
}

export function bordereauDownload(source: DownloadSource): Response {
  const sheet = sheetOf(source)
  const suffix = source.layout === 'lloyds' ? '-lloyds' : ''
  if (source.format === 'csv') {
    return streamedAttachment(`${BORDEREAU_FILE}${suffix}.csv`, 'text/csv; charset=utf-8', csvStream(source, sheet))
  }
  return streamedAttachment(
    `${BORDEREAU_FILE}${suffix}.xlsx`,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    xlsxStream(source, sheet),
  )
}

const CSV_CHUNK_ROWS = 500

/**
 * RFC 4180: CRLF line ends, fields quoted when needed; every text cell neutralised. csvRecords
 * writes each 500 rows as one chunk, made only when the response asks for the next one.
 */
function csvStream(source: DownloadSource, sheet: Sheet): ReadableStream<Uint8Array> {
  async function* chunks() {
    yield csvRecords([sheet.header])
    let records: string[][] = []
    for await (const row of source.rows) {
      records.push(sheet.cells(row).map((value, index) => downloadCell(sheet.kinds[index]!, value)))
      if (records.length === CSV_CHUNK_ROWS) {
        yield csvRecords(records)
        records = []
      }
    }
    if (records.length) yield csvRecords(records)
  }
  return pulled(chunks())
}

const encoder = new TextEncoder()

/**
 * A web stream that asks its source for the next chunk only when the response reads it (pull), so
 * nothing is produced ahead of what is sent (Node's Readable.toWeb reads ahead without bound).
 */
function pulled(source: AsyncIterable<string | Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await iterator.next()
        if (next.done) controller.close()
        else controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : next.value)
      },
      async cancel() {
        await iterator.return?.()
      },
    },
    { highWaterMark: 0 },
  )
}

const MONEY_FORMAT = '#,##0.00;-#,##0.00'
const DATE_FORMAT = 'yyyy-mm-dd'

/** A typed spreadsheet cell: money and percent as numbers, dates as dates (UTC midnight), text neutralised. */
function xlsxCell(kind: ColumnKind, value: string | null): ExcelJS.CellValue {
  if (value === null || value === '') return null
  if (kind === 'money' || kind === 'percent') return moneyNumber(value) ?? neutraliseCell(value)
  if (kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`)
  return neutraliseCell(value)
}

function xlsxStream(source: DownloadSource, sheet: Sheet): ReadableStream<Uint8Array> {
  const out = new PassThrough({ highWaterMark: 256 * 1024 })
  void (async () => {
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
      const worksheet = workbook.addWorksheet(source.type === 'policies' ? 'Policies' : 'Claims')
      worksheet.columns = sheet.header.map((header, index) => ({
        header,
        key: `c${index}`,
        width: Math.min(Math.max(header.length + 2, 12), 40),
        style:
          sheet.kinds[index] === 'money'
            ? { numFmt: MONEY_FORMAT }
            : sheet.kinds[index] === 'date'
              ? { numFmt: DATE_FORMAT }
              : {},
      }))
      worksheet.getRow(1).font = { bold: true }
      for await (const row of source.rows) {
        const cells = sheet.cells(row)
        worksheet.addRow(cells.map((value, index) => xlsxCell(sheet.kinds[index]!, value))).commit()
        // Honour the response's pace: wait while the zip output is ahead of what has been sent.
        if (out.writableNeedDrain) await once(out, 'drain')
      }
      if (source.totals) {
        const values = sheet.keys.map((key, index) =>
          index === 0
            ? source.totals!.label
            : key && key in source.totals!.cells
              ? Number(source.totals!.cells[key])
              : null,
        )
        const totalsRow = worksheet.addRow(values)
        totalsRow.font = { bold: true }
        totalsRow.commit()
      }
      worksheet.commit()
      await workbook.commit()
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)))
    }
  })()
  return pulled(out as AsyncIterable<Uint8Array>)
}
