/** Display truncation rules of spec 2 §9. */

const ELLIPSIS = '…'

/** Text longer than `over` characters is cut to `keep` characters plus an ellipsis. */
export function truncate(text: string | null | undefined, over: number, keep = over): string {
  const value = text ?? ''
  return value.length > over ? `${value.slice(0, keep)}${ELLIPSIS}` : value
}

export const TRUNCATION = {
  /** Member names over 41 characters (the full name shows in a tooltip). */
  memberName: { over: 41, keep: 41 },
  /** Member emails over 41 characters are cut to 36. */
  memberEmail: { over: 41, keep: 36 },
  /** Contact types over 30 characters are cut to 25. */
  contactType: { over: 30, keep: 25 },
  /** Filenames over 30 characters (15 in a popup). */
  filename: { over: 30, keep: 30 },
  filenamePopup: { over: 15, keep: 15 },
  /** People search: names, firm and contact sorts over 40 characters. */
  peopleName: { over: 40, keep: 40 },
  /** People search: emails over 34 characters. */
  peopleEmail: { over: 34, keep: 34 },
} as const

export function truncateBy(text: string | null | undefined, rule: { over: number; keep: number }): string {
  return truncate(text, rule.over, rule.keep)
}

/** Firm tab titles get shorter as more firms are open. */
export function tabTitleLength(openTabs: number): number {
  if (openTabs <= 2) return 30
  if (openTabs <= 4) return 20
  if (openTabs <= 6) return 14
  return 10
}
