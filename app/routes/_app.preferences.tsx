import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { PreferencesPage, preferencesMeta } from '#app/features/preferences/preferences-page'
import { loadPreferences, preferencesAction } from '#app/features/preferences/preferences.server'

const ROUTE = '/preferences'

export const meta = preferencesMeta

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPreferences(await requireUser(request, ROUTE))
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return preferencesAction(request, user)
}

export default PreferencesPage
