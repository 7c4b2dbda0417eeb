import { getDb } from '#app/db/client.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import { saveUserSettings } from '#app/models/user.server'
import { preferencesSchema, readPreferences } from '#app/schemas/preferences'
import { themeColors } from '#app/ui/theme'

/** /preferences (spec 1 §2.12): the user's preferences and theme colours. */
export function loadPreferences({ user }: PageContext) {
  return { preferences: readPreferences(user.preferences), colors: themeColors(user.customTheme) }
}

/** The page's two buttons: save (preferences and colours; the default) and reset-theme (the default colours). */
export const preferencesIntents = {
  save: intent({
    schema: preferencesSchema,
    handle: async ({ value, user }) => {
      const { primary, secondary, accent, background, ...preferences } = value
      await saveUserSettings(getDb(), user.id, { preferences, customTheme: { primary, secondary, accent, background } })
      return redirectWithFlash('/preferences', { message: 'Preferences saved.', kind: 'success' })
    },
  }),
  'reset-theme': intent({
    handle: async ({ user }) => {
      await saveUserSettings(getDb(), user.id, { customTheme: null })
      return redirectWithFlash('/preferences', {
        message: 'The theme was reset to the default colours.',
        kind: 'success',
      })
    },
  }),
}
