import { lazy } from 'react'
import { firmTabView } from '#app/ui/firm-tab'

/** The firm viewer's Members tab (its code loads only on its pages; the server renders it in place). */
export const membersTabView = firmTabView(
  'Members',
  lazy(() => import('./members-tab')),
)
