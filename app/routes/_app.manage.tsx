import { ManageLayout } from '#app/features/manage/manage-layout'
import { loadManage, manageLayoutPattern } from '#app/features/manage/manage.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute(manageLayoutPattern, { load: loadManage })

export const loader = route.loader
export default ManageLayout
