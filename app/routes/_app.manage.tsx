import { loadManage } from '#app/features/manage/manage.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/manage', { load: loadManage })

export const loader = route.loader
export { ManageLayout as default } from '#app/features/manage/manage-layout'
