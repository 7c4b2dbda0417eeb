import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { ManageLayout } from '#app/features/manage/manage-layout'
import { loadManage } from '#app/features/manage/manage.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadManage(await requireUser(request, '/manage'))
}

export default ManageLayout
