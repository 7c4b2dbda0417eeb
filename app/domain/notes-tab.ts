/**
 * The firm viewer's Notes tab (spec 2 §2.4, §9): its columns, sort keys, modes and the batch and page
 * arithmetic. Pure: the tab's component, its loader and the notes API read it.
 */
import { NOTE_BATCH_SIZE, NOTE_MODES, NOTE_SUB_BATCH, type NoteMode } from './notes'

/** Sortable columns (the model's whitelist NOTE_SORT_COLUMNS has the same keys). */
export const NOTE_SORT_KEYS = ['dated', 'type', 'status', 're', 'staff', 'cstamp', 'opener', 'nid'] as const
export type NoteSortKey = (typeof NOTE_SORT_KEYS)[number]

/** Columns of the tab in the spec's order: actions, date, type, status, re, for, last, by, note id. */
export const NOTE_TAB_COLUMNS: readonly { key: 'actions' | NoteSortKey; label: string }[] = [
  { key: 'actions', label: 'Actions' },
  { key: 'dated', label: 'Date' },
  { key: 'type', label: 'Type' },
  { key: 'status', label: 'Status' },
  { key: 're', label: 'Re' },
  { key: 'staff', label: 'For' },
  { key: 'cstamp', label: 'Last' },
  { key: 'opener', label: 'By' },
  { key: 'nid', label: 'Note ID' },
]

/** A firm opened from search shows every note; one opened from a note (or a job) shows the active ones (§2.2). */
export const DEFAULT_MODE_FROM_SEARCH: NoteMode = 'All'
export const DEFAULT_MODE_FROM_NOTE: NoteMode = 'Active'

export function isNoteMode(value: string | null | undefined): value is NoteMode {
  return (NOTE_MODES as readonly string[]).includes(value ?? '')
}

/** How many batches of 1000 notes (newest change first) a count makes; at least one. */
export function batchCount(count: number): number {
  return Math.max(1, Math.ceil(Math.max(0, count) / NOTE_BATCH_SIZE))
}

/** The label of a batch in the selector: "1–1000", "1001–2000", … the last one ends at the count. */
export function batchLabel(batch: number, count: number): string {
  const first = (batch - 1) * NOTE_BATCH_SIZE + 1
  const last = Math.min(batch * NOTE_BATCH_SIZE, Math.max(count, first))
  return `${first}–${last}`
}

/** How many notes a batch holds. */
export function batchSize(batch: number, count: number): number {
  return Math.max(0, Math.min(NOTE_BATCH_SIZE, count - (batch - 1) * NOTE_BATCH_SIZE))
}

/** Pages of 100 within a batch; at least one. */
export function pagesInBatch(batch: number, count: number): number {
  return Math.max(1, Math.ceil(batchSize(batch, count) / NOTE_SUB_BATCH))
}

/** A requested batch and page clamped to what exists (a stale bookmark lands on the last one). */
export function clampBatchPage(batch: number, page: number, count: number): { batch: number; page: number } {
  const safeBatch = Math.min(Math.max(1, Math.trunc(batch) || 1), batchCount(count))
  const safePage = Math.min(Math.max(1, Math.trunc(page) || 1), pagesInBatch(safeBatch, count))
  return { batch: safeBatch, page: safePage }
}

/** The rows a page of a batch shows, as "101–200 of 1000 in batch 1001–2000" pieces. */
export function pageRange(
  batch: number,
  page: number,
  count: number,
): { first: number; last: number; inBatch: number } {
  const inBatch = batchSize(batch, count)
  const first = Math.min(inBatch, (page - 1) * NOTE_SUB_BATCH + 1)
  const last = Math.min(inBatch, page * NOTE_SUB_BATCH)
  return { first, last, inBatch }
}

/**
 * The URL parameters of the Notes tab. Panels (inline edit, take, delete, tran log) are addressable so the
 * server renders them and they work without JavaScript.
 */
export const NOTE_PARAMS = {
  mode: 'nmode',
  status: 'nstatus',
  search: 'nq',
  batch: 'nbatch',
  page: 'npage',
  sort: 'nsort',
  desc: 'ndesc',
  selected: 'nid',
  edit: 'nedit',
  take: 'ntake',
  remove: 'ndelete',
  tranlog: 'ntranlog',
} as const

/** Parameters that only open a panel: dropped after an action and when another sub-tab opens. */
export const NOTE_PANEL_PARAMS: readonly string[] = [
  NOTE_PARAMS.edit,
  NOTE_PARAMS.take,
  NOTE_PARAMS.remove,
  NOTE_PARAMS.tranlog,
]
/** Every parameter of the tab except the mode (which says where the firm was opened from). */
export const NOTE_TRANSIENT_PARAMS: readonly string[] = [
  NOTE_PARAMS.status,
  NOTE_PARAMS.search,
  NOTE_PARAMS.batch,
  NOTE_PARAMS.page,
  NOTE_PARAMS.sort,
  NOTE_PARAMS.desc,
  NOTE_PARAMS.selected,
  ...NOTE_PANEL_PARAMS,
]
