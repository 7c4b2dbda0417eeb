import { loadManage, manageLayoutPattern } from '#app/features/manage/manage.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute(manageLayoutPattern, { load: loadManage })

export const loader = route.loader
export { ManageLayout as default } from '#app/features/manage/manage-layout'
