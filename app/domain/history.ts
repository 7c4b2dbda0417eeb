/**
 * One logged change as a screen shows it: who, when, what, and each field before and after (the change
 * log's reader, app/models/change-log.server.ts, answers it; RecordHistory in app/ui shows it).
 */
export interface HistoryEntry {
  id: number
  at: string
  username: string | null
  entity: string
  action: string
  /** The fields that changed, with their values before and after. */
  changes: { field: string; before: unknown; after: unknown }[]
}
