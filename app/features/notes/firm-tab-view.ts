import { lazy } from 'react'
import { firmTabView } from '#app/ui/firm-tab'

/** The Notes tab as the firm viewer shows it (its code loads only on its pages; the server renders it in place). */
export const notesTabView = firmTabView(
  'Notes',
  lazy(() => import('./notes-tab')),
)
