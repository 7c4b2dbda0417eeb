import { lazy } from 'react'
import { firmTabView } from '#app/ui/firm-tab'

/** The Files tab as the firm viewer shows it (its code loads only on its pages; the server renders it in place). */
export const filesTabView = firmTabView(
  'Files',
  lazy(() => import('./files-tab')),
)
