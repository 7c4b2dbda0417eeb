import { parseForm } from '#app/http/conform.server'
import { data } from '@remix-run/node'
import type { CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { readFormData } from '#app/http/form.server'
import { saveUserSettings } from '#app/models/user.server'
import { preferencesSchema, readPreferences } from '#app/schemas/preferences'
import { themeColors } from '#app/ui/theme'

/** /preferences (spec 1 §2.12): the user's preferences and theme colours. */
export function loadPreferences(user: CurrentUser) {
  return { preferences: readPreferences(user.preferences), colors: themeColors(user.customTheme) }
}

/** Two intents: save (preferences and colours), reset-theme (the default colours). */
export async function preferencesAction(request: Request, user: CurrentUser) {
  const form = await readFormData(request)
  if (form.get('intent') === 'reset-theme') {
    await saveUserSettings(getDb(), user.id, { customTheme: null })
    return redirectWithFlash('/preferences', {
      message: 'The theme was reset to the default colours.',
      kind: 'success',
    })
  }
  const submission = parseForm(form, { schema: preferencesSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { primary, secondary, accent, background, ...preferences } = submission.value
  await saveUserSettings(getDb(), user.id, { preferences, customTheme: { primary, secondary, accent, background } })
  return redirectWithFlash('/preferences', { message: 'Preferences saved.', kind: 'success' })
}
