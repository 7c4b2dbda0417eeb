import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { HoursPage, hoursMeta } from '#app/features/hours/hours-page'
import { hoursAction, loadHours } from '#app/features/hours/hours.server'

const ROUTE = '/hours'

export const meta = hoursMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return loadHours(request, user)
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return hoursAction(request, user)
}

export default HoursPage
