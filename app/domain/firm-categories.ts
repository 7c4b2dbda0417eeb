/**
 * The firm categories of GET /api/firms?category= (spec 2 §7 names the call, not what the categories
 * mean; docs/decisions/0025-firm-categories.md). Both are read from a firm's Active notes: notes that
 * are neither done nor cancelled (the spec's working value Active), admin-type notes aside.
 * - active: at least one Active note changed within the last FIRM_CATEGORY_DAYS days (work in hand
 *   that someone is working on), most recently changed first;
 * - neglected: Active notes, none changed for FIRM_CATEGORY_DAYS days or more (work in hand that
 *   nobody has touched), longest untouched first.
 * A firm without Active notes is in neither.
 */
export const FIRM_CATEGORIES = ['active', 'neglected'] as const
export type FirmCategory = (typeof FIRM_CATEGORIES)[number]

export const FIRM_CATEGORY_DAYS = 30

export const FIRM_CATEGORY_MESSAGES = {
  category: 'category must be active or neglected',
} as const
