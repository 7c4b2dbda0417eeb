import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { MfaPage, mfaMeta } from '#app/features/mfa/mfa-page'
import { loadMfa, mfaAction } from '#app/features/mfa/mfa.server'

const ROUTE = '/mfa'

export const meta = mfaMeta

export async function loader({ request }: LoaderFunctionArgs) {
  return loadMfa(await requireUser(request, ROUTE))
}

export async function action({ request }: ActionFunctionArgs) {
  return mfaAction(request, await requireUser(request, ROUTE))
}

export default MfaPage
