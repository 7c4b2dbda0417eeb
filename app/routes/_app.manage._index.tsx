import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { ManageIndex, manageMeta } from '#app/features/manage/manage-index'
import { loadManage } from '#app/features/manage/manage.server'

export const meta = manageMeta

export async function loader({ request }: LoaderFunctionArgs) {
  return loadManage(await requireUser(request, '/manage'))
}

export default ManageIndex
