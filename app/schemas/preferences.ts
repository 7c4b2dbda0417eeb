import { z } from 'zod'
import { HEX_COLOR } from '#app/domain/colors'

// An unticked box sends nothing: false, and the browser must not demand a tick (required: false).
const checkbox = z.boolean().default(false)
const color = z.string().trim().regex(HEX_COLOR, 'Must be a colour like #1b2a4a.')

/** Spec 1 §2.12 and §3: the saved preferences and the theme colours. */
export const preferencesSchema = z.object({
  noTooltips: checkbox,
  dense: checkbox,
  home: z.enum(['firms', 'claims'], { error: 'Choose firms or claims.' }),
  searchAutoSetting: z.enum(['clear', 'save'], { error: 'Choose clear or save.' }),
  primary: color,
  secondary: color,
  accent: color,
  background: color,
})
export type PreferencesInput = z.infer<typeof preferencesSchema>
export type PreferencesFormValues = z.input<typeof preferencesSchema>

/** The preferences as stored in users.preferences (with jobHeaders kept by the jobs table). */
export const storedPreferencesSchema = z
  .object({
    noTooltips: z.boolean().catch(false),
    dense: z.boolean().catch(false),
    home: z.enum(['firms', 'claims']).catch('firms'),
    searchAutoSetting: z.enum(['clear', 'save']).catch('save'),
    jobHeaders: z.array(z.string().max(40)).max(30).optional().catch(undefined),
  })
  .catch({ noTooltips: false, dense: false, home: 'firms', searchAutoSetting: 'save' })
export type StoredPreferences = z.infer<typeof storedPreferencesSchema>

export function readPreferences(raw: unknown): StoredPreferences {
  return storedPreferencesSchema.parse(raw ?? {})
}

/** PUT /api/v1/users/{id}: the theme reset sends custom_theme null; preferences may come along. */
export const userSettingsBodySchema = z
  .object({
    custom_theme: z
      .object({ primary: color, secondary: color, accent: color, background: color })
      .partial()
      .nullable()
      .optional(),
    preferences: preferencesSchema
      .pick({ noTooltips: true, dense: true, home: true, searchAutoSetting: true })
      .partial()
      .optional(),
  })
  .strict()
